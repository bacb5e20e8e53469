package org.wirebench.server;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.server.Request;

/** A request as the handlers inside a wrapper are to see it: the same, with other header fields. */
final class RequestHeaders {
  private RequestHeaders() {}

  static Request replaced(Request request, HttpFields fields) {
    HttpFields fixed = fields.asImmutable();
    return new Request.Wrapper(request) {
      @Override
      public HttpFields getHeaders() {
        return fixed;
      }
    };
  }
}
