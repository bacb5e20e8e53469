package org.wirebench.server.http;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Ends a request whose client closed its connection before its answer: no answer (there is nobody
 * to read it), the connection closed, and nginx's 499 (client closed request) in the access log, so
 * that a client hanging up is not counted as a server failure ({@code 500 0}) nor as an answer sent
 * ({@code 200} and the full size).
 */
public final class ClientGone {
  /** nginx's status for a request whose client closed its connection before the answer. */
  public static final int CLIENT_CLOSED_REQUEST = 499;

  private ClientGone() {}

  /** Ends the request as dropped; {@code why} goes to nobody but the callback's failure. */
  public static void end(Request request, Response response, Callback callback, String why) {
    request.getConnectionMetaData().getConnection().getEndPoint().close();
    // an abort: Jetty writes no error answer (which would set 500) and logs the status set here
    response.setStatus(CLIENT_CLOSED_REQUEST);
    callback.failed(new Request.Handler.AbortException(why));
  }
}
