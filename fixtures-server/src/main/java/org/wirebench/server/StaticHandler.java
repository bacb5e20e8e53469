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
  private static final byte[] PAYLOAD = payload();

  private static byte[] payload() {
    byte[] b = new byte[MAX_BYTES];
    Arrays.fill(b, (byte) 'x');
    return b;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    // POST too: its body is read and dropped, which calibrates the body path (SlowBodyTest)
    if (refused(request, response, callback, "GET, HEAD, POST")) {
      return true;
    }
    String path = request.getHttpURI().getPath();
    String tail = path.substring(path.lastIndexOf('/') + 1);
    int n;
    try {
      n = Integer.parseInt(tail);
    } catch (NumberFormatException e) {
      n = -1;
    }
    if (n < 0 || n > MAX_BYTES) {
      Response.writeError(
          request, response, callback, HttpStatus.BAD_REQUEST_400, "bytes must be 0.." + MAX_BYTES);
      return true;
    }
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/octet-stream");
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, n);
    response.write(true, ByteBuffer.wrap(PAYLOAD, 0, n).asReadOnlyBuffer(), callback);
    return true;
  }

  /**
   * Answers 405 with {@code Allow: allowed}, in one line of text, to a method not in {@code
   * allowed}: these paths once answered DELETE, PUT or any token with 200.
   *
   * @return whether the request was refused (and answered)
   */
  static boolean refused(Request request, Response response, Callback callback, String allowed) {
    String method = request.getMethod();
    if (java.util.Arrays.asList(allowed.split(", ")).contains(method)) {
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
