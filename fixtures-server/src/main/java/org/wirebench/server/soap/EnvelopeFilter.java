package org.wirebench.server.soap;

import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;
import javax.servlet.http.HttpServletResponse;
import org.wirebench.formats.soap.SoapEnvelopes;

/**
 * Reads a POST's whole body (already held within the body limit by {@link BodyLimitFilter}) and
 * lets it on to the stacks (within the limit once transcoded too: a UTF-16 body that grows above it
 * in UTF-8 gets the same 413, whatever its SOAPAction or envelope) only when {@link EnvelopeCheck}
 * finds it a whole SOAP 1.1 request for one of the operations and the gate found the SOAPAction
 * header good; anything else gets a fault before any stack has answered 200. A SOAPAction header
 * the gate found refused (none, two, or one naming no operation) gets a Client fault with 400
 * naming it, whatever the body, except a body whose root element is an Envelope in another
 * namespace than SOAP 1.1's (no DOCTYPE before it), which gets the VersionMismatch fault with 500
 * (SOAP 1.1 §4.1.2) whatever the SOAPAction; a body {@link BodyEncoding} refuses is never read that
 * far, so a SOAP 1.2 envelope in UTF-16 under charset=UTF-8 gets the 400 (in UTF-16 under
 * charset=UTF-16 or none it is read, and gets the VersionMismatch). With a good SOAPAction: a
 * Client fault with 415 for a body whose charset, byte order mark or XML declaration name an
 * encoding other than UTF-8 or UTF-16, or contradict each other, and with 400 for malformed UTF-16
 * ({@link BodyEncoding}), the VersionMismatch fault with 500 for another namespace's Envelope, a
 * Client fault with 400 for a body that is no SOAP message (empty, not well-formed XML, a root
 * element other than an Envelope) or whose Body holds one operation's request element while the
 * SOAPAction names another operation, and with 500 for an envelope the operations cannot take (a
 * Body element no operation takes, whatever the SOAPAction), as the SOAP 1.1 HTTP binding answers a
 * fault (WS-I Basic Profile R1126).
 */
final class EnvelopeFilter implements Filter {
  private final long maxBodyBytes;

  EnvelopeFilter(long maxBodyBytes) {
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    if (!"POST".equals(request.getMethod())) {
      chain.doFilter(req, resp);
      return;
    }
    // the limit filter has refused longer bodies
    byte[] body = BodyLimitFilter.readAtMost(request.getInputStream(), maxBodyBytes + 1);
    // the whole body is off the socket: from here on a close is the client leaving
    org.wirebench.server.http.ClientWatch watch = SoapClientLeft.watching(request);
    HttpServletResponse response = (HttpServletResponse) resp;
    String actionRefused = (String) request.getAttribute(SoapGate.ACTION_REFUSED);
    Fault fault = null;
    BodyEncoding.Read read =
        BodyEncoding.read(body, (String) request.getAttribute(SoapGate.CHARSET));
    if (read.refusal() != null) {
      // as the gate's 415 for a charset other than UTF-8 or UTF-16: the same refusal, found in the
      // body, whose envelope is then not read
      fault = new Fault(read.status(), "Client", read.refusal());
    } else if (read.utf8().length > maxBodyBytes) {
      // a UTF-16 body within the limit as sent grows in UTF-8 (CJK text by half): the limit holds
      // for what the stacks read too, with the 413 a body above it as sent gets, whatever else
      SoapFaults.write(
          response,
          HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
          "Client",
          BodyLimitFilter.aboveLimit(
              "of " + read.utf8().length + " bytes once transcoded from UTF-16 to UTF-8",
              maxBodyBytes));
      return;
    } else {
      // from here on the body is UTF-8 (a UTF-16 one transcoded), within the limit as sent and as
      // read
      body = read.utf8();
      try {
        String routed =
            request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        EnvelopeCheck.check(
            body,
            SoapGate.namedOperation(request.getHeader("SOAPAction")),
            !routed.equals(SoapServices.path(Axis2Hosting.ADB)),
            routed.equals(SoapServices.path(Axis2Hosting.ADB))
                || routed.equals(SoapServices.path(Axis2Hosting.JAXB)));
      } catch (EnvelopeCheck.Refused refused) {
        fault = new Fault(refused.status, refused.code, refused.getMessage());
      }
    }
    // SOAP 1.1 §4.1.2: another version's envelope is answered VersionMismatch first (a SOAP 1.2
    // client sends no SOAPAction); then a refused SOAPAction; then what the body was refused for
    if (actionRefused != null
        && (fault == null || !fault.code().equals(SoapFaults.VERSION_MISMATCH))) {
      fault = new Fault(400, "Client", actionRefused);
    }
    if (fault != null) {
      SoapFaults.write(response, fault.status(), fault.code(), fault.message());
      return;
    }
    // the look that decides whether a stack works on it at all asks the socket itself
    SoapClientLeft.stopIfGoneNow(watch);
    chain.doFilter(
        new Utf8Request(new BodyLimitFilter.BufferedBodyRequest(request, body, watch)), resp);
  }

  /** The fault a request is answered with instead of reaching a stack. */
  private record Fault(int status, String code, String message) {}

  /**
   * The request as the stacks must read it: UTF-8, which the gate and {@link BodyEncoding} have
   * made it (a UTF-16 body transcoded, so its Content-Length is the UTF-8 body's too). Without a
   * charset CXF read ISO-8859-1 (HTTP/1.1's old default for text/*), so a UTF-8 é was echoed as two
   * characters, while Axis2 read UTF-8; RFC 7303 makes a text/xml body without a charset what its
   * byte order mark or declaration says, here UTF-8.
   */
  private static final class Utf8Request extends HttpServletRequestWrapper {
    private static final String TYPE = SoapEnvelopes.CONTENT_TYPE;

    private final String length;

    Utf8Request(HttpServletRequest request) {
      super(request);
      this.length = String.valueOf(request.getContentLengthLong());
    }

    /** The header as this request has it, or null to ask the one wrapped. */
    private String own(String name) {
      if (name.equalsIgnoreCase("Content-Type")) {
        return TYPE;
      }
      if (name.equalsIgnoreCase("Content-Length") && super.getHeader(name) != null) {
        return length;
      }
      return null;
    }

    @Override
    public String getContentType() {
      return TYPE;
    }

    @Override
    public String getCharacterEncoding() {
      return "UTF-8";
    }

    @Override
    public String getHeader(String name) {
      String own = own(name);
      return own != null ? own : super.getHeader(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
      String own = own(name);
      return own != null ? Collections.enumeration(List.of(own)) : super.getHeaders(name);
    }

    @Override
    public int getIntHeader(String name) {
      String own = own(name);
      return own != null && !own.equals(TYPE) ? Integer.parseInt(own) : super.getIntHeader(name);
    }
  }
}
