package org.wirebench.server.soap;

import java.io.IOException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.ee8.nested.ErrorHandler;
import org.eclipse.jetty.ee8.nested.Request;
import org.eclipse.jetty.http.HttpStatus;

/**
 * The servlet context's own error page (the server-level handler does not reach inside an ee8
 * context): a SOAP fault carrying the HTTP reason only, never the exception, its class or stack.
 */
final class SoapErrorHandler extends ErrorHandler {
  SoapErrorHandler() {
    setShowStacks(false);
    setShowServlet(false);
    setShowMessageInTitle(false);
  }

  @Override
  public void handle(
      String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    baseRequest.setHandled(true);
    if (response.isCommitted()) {
      return;
    }
    int status = response.getStatus() < 400 ? 500 : response.getStatus();
    response.resetBuffer();
    SoapFaults.write(
        response,
        status,
        status < 500 ? "Client" : "Server",
        status + " " + HttpStatus.getMessage(status));
  }
}
