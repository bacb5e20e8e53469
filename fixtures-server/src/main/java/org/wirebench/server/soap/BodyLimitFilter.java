package org.wirebench.server.soap;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ReadListener;
import javax.servlet.ServletException;
import javax.servlet.ServletInputStream;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;
import javax.servlet.http.HttpServletResponse;

/**
 * Refuses request bodies above {@code maxBodyBytes} with HTTP 413 and a SOAP 1.1 Client fault,
 * before any stack parses them. A declared Content-Length is checked up front; a chunked body is
 * read up to the limit first (so the stack never sees a truncated message). Bodies far above the
 * limit are not read: the connection is closed after the fault.
 */
final class BodyLimitFilter implements Filter {

  /** Oversized bodies up to this many times the limit are read and dropped, not cut off. */
  private static final int DISCARD_FACTOR = 8;

  private final long maxBodyBytes;

  /**
   * @param maxBodyBytes 1..2^31-1
   */
  BodyLimitFilter(long maxBodyBytes) {
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) resp;
    long declared = request.getContentLengthLong();
    if (declared > maxBodyBytes) {
      tooLarge(request, response, "of " + declared + " bytes");
      return;
    }
    if (declared >= 0 || !"POST".equals(request.getMethod())) {
      chain.doFilter(request, response);
      return;
    }
    byte[] body = readAtMost(request.getInputStream(), maxBodyBytes + 1);
    if (body.length > maxBodyBytes) {
      tooLarge(request, response, "(chunked)");
      return;
    }
    chain.doFilter(new BufferedBodyRequest(request, body, null), response);
  }

  private void tooLarge(HttpServletRequest request, HttpServletResponse response, String what)
      throws IOException {
    // a client still sending would see a broken pipe instead of the fault: read a bounded
    // amount more, and close the connection only when the body is larger still
    if (!discard(request.getInputStream(), DISCARD_FACTOR * maxBodyBytes)) {
      response.setHeader("Connection", "close");
    }
    SoapFaults.write(
        response,
        HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
        "Client",
        aboveLimit(what, maxBodyBytes));
  }

  /** The 413 fault's message for a body {@code what} ("of 123 bytes", …) above {@code limit}. */
  static String aboveLimit(String what, long limit) {
    return "request body " + what + " is above this server's limit of " + limit + " bytes";
  }

  /** Reads and drops up to {@code limit} bytes; true when the body ended within them. */
  private static boolean discard(InputStream in, long limit) throws IOException {
    byte[] buffer = new byte[8192];
    long total = 0;
    int n;
    while (total <= limit && (n = in.read(buffer)) >= 0) {
      total += n;
    }
    return total <= limit;
  }

  static byte[] readAtMost(InputStream in, long limit) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
    byte[] buffer = new byte[8192];
    int n;
    while (out.size() < limit && (n = in.read(buffer)) >= 0) {
      out.write(buffer, 0, n);
    }
    return out.toByteArray();
  }

  /**
   * The request with its (already read) body served from memory, each read stopped once its client
   * is known gone ({@link SoapClientLeft}): a stack binding a large request stops with it.
   */
  static final class BufferedBodyRequest extends HttpServletRequestWrapper {
    private final byte[] body;
    private final org.wirebench.server.http.ClientWatch watch;

    /**
     * @param watch the request's client, or null when it is not watched
     */
    BufferedBodyRequest(
        HttpServletRequest request, byte[] body, org.wirebench.server.http.ClientWatch watch) {
      super(request);
      this.body = body;
      this.watch = watch;
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public int read() throws java.io.IOException {
          SoapClientLeft.stopIfGone(watch);
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws java.io.IOException {
          SoapClientLeft.stopIfGone(watch);
          return in.read(b, off, len);
        }

        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new IllegalStateException("blocking reads only");
        }
      };
    }

    @Override
    public java.io.BufferedReader getReader() {
      return new java.io.BufferedReader(
          new java.io.InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
    }
  }
}
