package org.wirebench.server;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The request target {@code *}: {@code OPTIONS *} asks about the server in general, not a resource
 * (RFC 9110 §9.3.7), so it is answered 200 with no content and {@code Allow} naming the methods the
 * server serves somewhere; it was routed as a path and got 404, a claim that the server has no such
 * thing. Any other method with {@code *} goes on to be refused with 400 by the request-target
 * checks (Jetty's parser): the asterisk form is OPTIONS's alone (RFC 9112 §3.2.4).
 */
final class ServerOptions extends Handler.Wrapper {
  /** The methods some path of this server serves; each path answers others with 405. */
  static final String ALLOW = "GET, HEAD, POST";

  ServerOptions(Handler next) {
    super(next);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (!"*".equals(request.getHttpURI().getPath())) {
      return super.handle(request, response, callback);
    }
    if (!HttpMethod.OPTIONS.is(request.getMethod())) {
      return super.handle(request, response, callback);
    }
    response.setStatus(HttpStatus.OK_200);
    response.getHeaders().put(HttpHeader.ALLOW, ALLOW);
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, 0L);
    response.write(true, org.eclipse.jetty.util.BufferUtil.EMPTY_BUFFER, callback);
    return true;
  }
}
