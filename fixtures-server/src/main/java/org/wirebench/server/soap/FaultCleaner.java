package org.wirebench.server.soap;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import javax.servlet.ServletOutputStream;
import javax.servlet.WriteListener;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpServletResponseWrapper;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.xml.XmlFactories;

/**
 * Lets successful answers through untouched (nothing is buffered on the timed path) and holds back
 * an error answer (status 400 and up at its first byte) until the stack is done, then rewrites it
 * as a clean fault: the stack's code, or Client when it left it empty (Axis2 does, for a DOCTYPE);
 * the stack's message without the Java class names it chains in; and an error page that is not a
 * fault at all (HTML from a container) becomes one.
 */
final class FaultCleaner extends HttpServletResponseWrapper {
  private final HttpServletResponse response;

  /**
   * The start of every answer is held back, because a stack may write its envelope before it sets
   * the error status; faults are far smaller than this, results pass on once they exceed it.
   */
  private static final int HOLD_BYTES = 8192;

  private ByteArrayOutputStream held;
  private ServletOutputStream stream;
  private PrintWriter writer;

  /** The request's client, or null; an answer is not written on once it is known gone. */
  private final org.wirebench.server.http.ClientWatch watch;

  FaultCleaner(HttpServletResponse response, org.wirebench.server.http.ClientWatch watch) {
    super(response);
    this.response = response;
    this.watch = watch;
  }

  @Override
  public ServletOutputStream getOutputStream() throws IOException {
    if (stream == null) {
      ServletOutputStream real = response.getOutputStream();
      held = new ByteArrayOutputStream(HOLD_BYTES);
      stream =
          new ServletOutputStream() {
            @Override
            public void write(int b) throws IOException {
              write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
              // a stack writing a large echo for a client that left stops at its next write; a
              // fault (one about that very stop, say) is held here, never sent, and let be
              // written: Axis2 logged a failed fault write with its stack trace, 350 lines
              if (response.getStatus() < 400) {
                SoapClientLeft.stopIfGone(watch);
              }
              if (held != null && held.size() + len > HOLD_BYTES && response.getStatus() < 400) {
                held.writeTo(real); // a result, not a fault: pass it and the rest straight on
                held = null;
              }
              if (held != null) {
                held.write(b, off, len);
              } else {
                real.write(b, off, len);
              }
            }

            @Override
            public void flush() throws IOException {
              if (held == null) {
                real.flush();
              }
            }

            @Override
            public void close() throws IOException {
              if (held == null) {
                real.close();
              }
            }

            @Override
            public boolean isReady() {
              return real.isReady();
            }

            @Override
            public void setWriteListener(WriteListener listener) {
              real.setWriteListener(listener);
            }
          };
    }
    return stream;
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    if (writer == null) {
      writer =
          new PrintWriter(
              new java.io.OutputStreamWriter(getOutputStream(), StandardCharsets.UTF_8));
    }
    return writer;
  }

  /** Held content length is the rewritten fault's, not the stack's. */
  @Override
  public void setContentLength(int len) {
    if (response.getStatus() < 400) {
      super.setContentLength(len);
    }
  }

  @Override
  public void setContentLengthLong(long len) {
    if (response.getStatus() < 400) {
      super.setContentLengthLong(len);
    }
  }

  /** After the stack: writes the cleaned fault in place of a held error answer. */
  void finish() throws IOException {
    if (writer != null) {
      writer.flush();
    }
    if (held == null || response.isCommitted()) {
      return;
    }
    int status = response.getStatus();
    if (status < 400) {
      ServletOutputStream real = response.getOutputStream();
      held.writeTo(real);
      held = null;
      real.close();
      return;
    }
    String[] fault = readFault(held.toByteArray());
    // a container's error page is no fault: Client below 500; a fault whose code the stack left
    // empty has only been seen for bad input (Axis2 refusing a DOCTYPE): Client
    String code =
        fault == null
            ? (status < 500 ? "Client" : "Server")
            : fault[0].isBlank() ? "Client" : fault[0];
    String message =
        SoapFaults.withoutClassNames(
            fault == null ? null : fault[1], "the request could not be processed (" + status + ")");
    response.resetBuffer();
    SoapFaults.write(response, status, code, message);
  }

  private static String unescape(String xml) {
    return xml.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&");
  }

  /** {faultcode local part, faultstring} of a SOAP 1.1 fault, or null if it is none. */
  private static String[] readFault(byte[] body) {
    String code = "";
    String message = null;
    try {
      XMLStreamReader r = XmlFactories.reader(new ByteArrayInputStream(body));
      boolean fault = false;
      while (r.hasNext()) {
        if (r.next() != XMLStreamConstants.START_ELEMENT) {
          continue;
        }
        String name = r.getLocalName();
        if (name.equals("Fault")) {
          fault = true;
        } else if (fault && name.equals("faultcode")) {
          String text = r.getElementText().trim();
          code = text.substring(text.indexOf(':') + 1);
        } else if (name.equals("faultstring")) {
          // inside a Fault, or bare: Axis2 answers a request it cannot parse with only this
          message = r.getElementText();
        }
      }
      return fault || message != null ? new String[] {code, message} : null;
    } catch (Exception e) {
      // Axis2 answers a request it cannot parse with a bare <faultstring> and no envelope
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile(
                  "<faultstring>(.*?)</faultstring>", java.util.regex.Pattern.DOTALL)
              .matcher(new String(body, StandardCharsets.UTF_8));
      return m.find() ? new String[] {"", unescape(m.group(1))} : null;
    }
  }
}
