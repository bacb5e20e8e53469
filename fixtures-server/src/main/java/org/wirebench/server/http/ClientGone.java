package org.wirebench.server.http;

import org.eclipse.jetty.io.QuietException;
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

  /**
   * Work given up because its client left ({@link ClientWatch}): nothing to answer, and quiet in
   * Jetty's log. No stack trace: any client can cause it at will.
   */
  public static final class Left extends RuntimeException implements QuietException {
    public Left(String message) {
      super(message, null, false, false);
    }

    /**
     * This stop as an IOException (caused by it), for work that goes through streams: ImageIO
     * cleans up after an IOException its stream throws, not after a RuntimeException (its PNG
     * writer's own cleanup then failed, and the stop was lost under an IndexOutOfBoundsException).
     */
    public java.io.IOException asIOException() {
      return new java.io.IOException(getMessage(), this);
    }
  }

  /**
   * Whether {@code x} is or was caused by a {@link Left}. What the work's stream goes through may
   * wrap what it throws (ImageIO's PNG writer turns any IOException into an IIOException): a catch
   * of the stop's own type would miss it there, and answer a client that left as the server's
   * failure ({@code 500}, a stack trace in the log).
   */
  public static boolean left(Throwable x) {
    for (Throwable t = x; t != null; t = t.getCause()) {
      if (t instanceof Left) {
        return true;
      }
    }
    return false;
  }

  /** Ends the request as dropped; {@code why} goes to nobody but the callback's failure. */
  public static void end(Request request, Response response, Callback callback, String why) {
    request.getConnectionMetaData().getConnection().getEndPoint().close();
    // an abort: Jetty writes no error answer (which would set 500) and logs the status set here
    response.setStatus(CLIENT_CLOSED_REQUEST);
    callback.failed(new Request.Handler.AbortException(why));
  }

  /**
   * Whether {@code x}, which an answer's write failed with, is its client's connection gone: a
   * {@link Left} or Jetty's EofException among its causes (a broken pipe, a reset), or whatever the
   * write failed with on a connection no longer open (one closed under it: a client reading below
   * the minimum rate, {@link ReadRateHandler}). Any client can cause it at will: not the server's
   * failure.
   *
   * @param connection the request's connection, or null where it cannot be told
   */
  public static boolean left(Throwable x, ConnectionMetaData connection) {
    for (Throwable t = x; t != null; t = t.getCause()) {
      if (t instanceof Left || t instanceof org.eclipse.jetty.io.EofException) {
        return true;
      }
    }
    return connection != null && !connection.getConnection().getEndPoint().isOpen();
  }
}
