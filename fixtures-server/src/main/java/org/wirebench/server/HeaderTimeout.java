package org.wirebench.server;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.ConnectionMetaData;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Closes a connection whose first request head has not arrived within {@code timeoutMs} of the
 * connection opening, or any later request head within {@code timeoutMs} of its first byte. Jetty's
 * idle timeout restarts with every byte, so a client trickling one header byte every few seconds
 * (slowloris) would hold its connection forever; 500 of them held the server's connections and
 * threads. A kept-alive connection waiting, silent, for its next request is left to the idle
 * timeout; once that request's first byte arrives, its head is held to the same bound as the first
 * (before 2026-11-27 only the first head was, and a second head trickled for minutes).
 */
final class HeaderTimeout extends Handler.Wrapper implements Connection.Listener {
  private static final String SEEN = HeaderTimeout.class.getName() + ".seen";

  private final Scheduler scheduler;
  private final long timeoutMs;

  HeaderTimeout(Handler next, Scheduler scheduler, long timeoutMs) {
    super(next);
    this.scheduler = scheduler;
    this.timeoutMs = timeoutMs;
  }

  @Override
  public void onOpened(Connection connection) {
    scheduler.schedule(
        () -> {
          if (connection instanceof ConnectionMetaData meta
              && meta.getAttribute(SEEN) == null
              && connection.getEndPoint().isOpen()) {
            connection.getEndPoint().close();
          }
        },
        timeoutMs,
        TimeUnit.MILLISECONDS);
    RequestTargets.onHeadBegun(
        connection,
        head ->
            scheduler.schedule(
                () -> {
                  if (RequestTargets.headsDone(connection) < head
                      && connection.getEndPoint().isOpen()) {
                    connection.getEndPoint().close();
                  }
                },
                timeoutMs,
                TimeUnit.MILLISECONDS));
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    // read before written: a kept-alive connection's later requests find it set, and a read of the
    // connection's attributes costs less than a write to them (0.3% of the server's CPU a request)
    ConnectionMetaData meta = request.getConnectionMetaData();
    if (meta.getAttribute(SEEN) == null) {
      meta.setAttribute(SEEN, Boolean.TRUE);
    }
    return super.handle(request, response, callback);
  }
}
