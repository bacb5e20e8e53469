package org.wirebench.server;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
    RequestTargets.onHeadBegun(connection, new LaterHeads(connection)::begun);
  }

  /**
   * The bound on a connection's later heads with one timer at a time, not one a request: a
   * kept-alive connection serving thousands of requests a second would otherwise keep as many
   * timers (and connections) queued for {@code timeoutMs} each.
   */
  private final class LaterHeads {
    private final Connection connection;
    private final AtomicBoolean armed = new AtomicBoolean();
    private volatile int head;
    private volatile long begunNs;

    LaterHeads(Connection connection) {
      this.connection = connection;
    }

    /** On the parsing thread: head number {@code n}'s first byte arrived. */
    void begun(int n) {
      if (n == 1) {
        return; // the first head is bounded from the connection's opening (onOpened)
      }
      begunNs = System.nanoTime();
      head = n;
      if (armed.compareAndSet(false, true)) {
        arm(timeoutMs);
      }
    }

    private boolean reading() {
      return RequestTargets.headsDone(connection) < head;
    }

    private void arm(long delayMs) {
      scheduler.schedule(this::check, Math.max(1, delayMs), TimeUnit.MILLISECONDS);
    }

    private void check() {
      if (!connection.getEndPoint().isOpen()) {
        return;
      }
      if (reading()) {
        long leftMs = timeoutMs - (System.nanoTime() - begunNs) / 1_000_000;
        if (leftMs <= 0) {
          connection.getEndPoint().close();
        } else {
          arm(leftMs);
        }
        return;
      }
      armed.set(false);
      // a head begun while this check found none: it found the timer still armed and set none
      if (reading() && armed.compareAndSet(false, true)) {
        arm(timeoutMs - (System.nanoTime() - begunNs) / 1_000_000);
      }
    }
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
