package org.wirebench.server;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Every answer to a request that asked for the connection to end ({@code Connection: close}, or
 * HTTP/1.0 without {@code keep-alive}) says {@code Connection: close}, and the connection then
 * ends. Jetty keeps a CONNECT's connection open whatever the request said (it expects a tunnel):
 * the 405 refusing it went out without {@code Connection: close}, the socket stayed open until the
 * idle timeout, and a request pipelined after it was served. The header on the response is what
 * makes Jetty's generator close.
 */
final class CloseWhenAsked extends Handler.Wrapper {
  CloseWhenAsked(Handler next) {
    super(next);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    markClose(request, response);
    return super.handle(request, response, callback);
  }

  /** Puts {@code Connection: close} on {@code response} when {@code request} asked to close. */
  static void markClose(Request request, Response response) {
    if (asksClose(request)) {
      response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
    }
  }

  static boolean asksClose(Request request) {
    HttpFields headers = request.getHeaders();
    if (headers.contains(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString())) {
      return true;
    }
    HttpVersion version = request.getConnectionMetaData().getHttpVersion();
    return version == HttpVersion.HTTP_0_9
        || version == HttpVersion.HTTP_1_0
            && !headers.contains(HttpHeader.CONNECTION, HttpHeaderValue.KEEP_ALIVE.asString());
  }
}
