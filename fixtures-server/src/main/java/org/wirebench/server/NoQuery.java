package org.wirebench.server;

import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.wirebench.server.http.UnknownQuery;

/**
 * Refuses a query string on a path that takes no parameters (the gateway, the mock backend, {@code
 * /static/{bytes}}, the index) with 400 in the path's format ({@link ServiceErrors}), naming the
 * first parameter: it was ignored, so {@code /static/1?bytes=5} answered 1 byte with 200 and a
 * misspelt option looked accepted. An empty query ({@code /static/1?}) names nothing and passes.
 */
final class NoQuery extends Handler.Wrapper {
  private final String usage;

  /**
   * @param usage the path's form, for the refusal, e.g. /static/{bytes}
   */
  NoQuery(Handler next, String usage) {
    super(next);
    this.usage = usage;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    String query = request.getHttpURI().getQuery();
    if (query == null || query.isEmpty()) {
      return super.handle(request, response, callback);
    }
    ServiceErrors.of(request.getHttpURI().getPath())
        .write(
            response,
            callback,
            HttpStatus.BAD_REQUEST_400,
            null,
            UnknownQuery.named(query) + ": " + usage + " takes no query parameters");
    return true;
  }
}
