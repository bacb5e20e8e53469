package org.wirebench.server.http;

import org.eclipse.jetty.server.ConnectionMetaData;
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

  /**
   * Whether {@code x}, which an answer's write failed with, is its client's connection gone:
   * Jetty's EofException among its causes (a broken pipe, a reset), or whatever the write failed
   * with on a connection no longer open (one closed under it: a client reading below the minimum
   * rate, {@link ReadRateHandler}). Any client can cause it at will: not the server's failure.
   *
   * @param connection the request's connection, or null where it cannot be told
   */
  public static boolean left(Throwable x, ConnectionMetaData connection) {
    for (Throwable t = x; t != null; t = t.getCause()) {
      if (t instanceof org.eclipse.jetty.io.EofException) {
        return true;
      }
    }
    return connection != null && !connection.getConnection().getEndPoint().isOpen();
  }
}
