package org.wirebench.server;

import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.wirebench.server.finding.JsonErrors;
import org.wirebench.server.finding.MockBackendHandler;

/**
 * Errors Jetty answers itself, before or outside a handler (a suspicious path character, an
 * unexpected failure): a JSON error under the FindingService paths, whose clients read JSON, and
 * Jetty's page elsewhere. Neither shows a stack, a cause or an exception's name.
 */
final class ErrorPages extends ErrorHandler {
  ErrorPages() {
    setShowStacks(false);
    setShowMessageInTitle(false);
    setShowCauses(false);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    String path = request.getHttpURI() == null ? null : request.getHttpURI().getPath();
    if (path != null && (path.startsWith("/ebay/") || path.startsWith(MockBackendHandler.PATH))) {
      int status = response.getStatus();
      Object message = request.getAttribute(ERROR_MESSAGE);
      String cause =
          status >= 500 || !(message instanceof String)
              ? HttpStatus.getMessage(status)
              : (String) message;
      JsonErrors.write(response, callback, status, cause);
      return true;
    }
    return super.handle(request, response, callback);
  }
}
