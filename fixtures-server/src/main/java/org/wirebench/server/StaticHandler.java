package org.wirebench.server;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * {@code /static/{bytes}}: that many bytes, 0..{@value #MAX_BYTES}, from a shared buffer, to
 * calibrate the load path without any encoding cost.
 */
public final class StaticHandler extends Handler.Abstract.NonBlocking {
  static final int MAX_BYTES = 16 * 1024 * 1024;

  /**
   * Direct, as the WFS answers' pieces are (AnswerStream): the JDK writes a heap buffer to a socket
   * by copying it into a temporary direct one first, which was 9.7% of a loaded server's samples
   * serving /static/223317 — a cost the WFS path it calibrates does not have.
   */
  private static final ByteBuffer PAYLOAD = payload();

  private static ByteBuffer payload() {
    ByteBuffer b = ByteBuffer.allocateDirect(MAX_BYTES);
    byte[] row = new byte[64 * 1024];
    Arrays.fill(row, (byte) 'x');
    while (b.hasRemaining()) {
      b.put(row, 0, Math.min(row.length, b.remaining()));
    }
    return b.flip().asReadOnlyBuffer();
  }

  /** The first {@code n} bytes of the payload, 0..{@value #MAX_BYTES}: read-only, direct. */
  static ByteBuffer body(int n) {
    return PAYLOAD.slice(0, n);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    // POST too: its body is read and dropped, which calibrates the body path (SlowBodyTest)
    if (refused(request, response, callback, "GET, HEAD, POST")) {
      return true;
    }
    int n = bytes(request.getHttpURI().getPath());
    if (n < 0) {
      Response.writeError(
          request,
          response,
          callback,
          HttpStatus.BAD_REQUEST_400,
          "the path must be /static/{bytes}, bytes in decimal digits 0.."
              + MAX_BYTES
              + " without leading zeros");
      return true;
    }
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/octet-stream");
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, n);
    response.write(true, body(n), callback);
    return true;
  }

  /**
   * The byte count a path asks for, or -1 unless it is {@code /static/} and decimal digits alone,
   * without leading zeros: the last segment was read as an int, so {@code /static/a/1}, {@code
   * /static/+1} and {@code /static/-0} were answered as {@code /static/1} and {@code /static/0}.
   * Each count has one path, as every path here has one spelling ({@link UriGate}).
   */
  static int bytes(String path) {
    String prefix = "/static/";
    if (path == null
        || !path.startsWith(prefix)
        || path.length() == prefix.length()
        || path.length() > prefix.length() + 8
        || path.charAt(prefix.length()) == '0' && path.length() > prefix.length() + 1) {
      return -1;
    }
    for (int i = prefix.length(); i < path.length(); i++) {
      char c = path.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
    }
    int n = Integer.parseInt(path.substring(prefix.length()));
    return n > MAX_BYTES ? -1 : n;
  }

  /**
   * Answers 405 with {@code Allow: allowed}, in one line of text, to a method not in {@code
   * allowed}: these paths once answered DELETE, PUT or any token with 200.
   *
   * @return whether the request was refused (and answered)
   */
  static boolean refused(Request request, Response response, Callback callback, String allowed) {
    String method = request.getMethod();
    // a method is a token, which holds no comma or space (RFC 9110 5.6.2): no regex per request
    if ((", " + allowed + ", ").contains(", " + method + ", ")) {
      return false;
    }
    response.getHeaders().put(HttpHeader.ALLOW, allowed);
    ServiceErrors.TEXT.write(
        response,
        callback,
        HttpStatus.METHOD_NOT_ALLOWED_405,
        null,
        org.wirebench.formats.finding.Quote.of(method, 40) + " is not served here: " + allowed);
    return true;
  }
}
