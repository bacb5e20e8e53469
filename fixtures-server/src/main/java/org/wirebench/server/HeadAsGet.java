package org.wirebench.server;

import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;

/**
 * Every path that answers GET answers HEAD the same (RFC 9110 §9.1: a general-purpose server
 * supports both; §9.3.2: the same status and fields): the handlers inside see a HEAD as a GET and
 * write the GET's answer, whose body Jetty drops because the request on the wire is a HEAD. Some
 * handlers took HEAD themselves, others (the gateway, the mock backend, the CXF stacks) answered it
 * 405 while answering GET.
 */
final class HeadAsGet extends Handler.Wrapper {
  HeadAsGet(Handler next) {
    super(next);
  }

  @Override
  public boolean handle(
      Request request,
      org.eclipse.jetty.server.Response response,
      org.eclipse.jetty.util.Callback callback)
      throws Exception {
    if (!HttpMethod.HEAD.is(request.getMethod())) {
      return super.handle(request, response, callback);
    }
    return super.handle(
        new Request.Wrapper(request) {
          @Override
          public String getMethod() {
            return HttpMethod.GET.asString();
          }
        },
        response,
        callback);
  }
}
