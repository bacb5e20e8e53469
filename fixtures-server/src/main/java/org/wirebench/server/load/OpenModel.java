package org.wirebench.server.load;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * One event loop's share of the open model's connections ({@link HttpLoop}: each connected when
 * first used and again when closed), an idle stack and a FIFO queue of due requests. A due request
 * takes an idle connection if there is one, else waits in the queue; an answered connection takes
 * the queue's next request or goes back to idle; each step O(1) under one short lock. Through the
 * client's pool the same schedule cost a pool walk for every request and every answer (the acquire
 * 25% and the release's search for a queued request 42% of the driver's CPU at 12,000/s and 512
 * connections, docs/results.md).
 *
 * <p>A queued request keeps its timeout from the moment it was due (as in the client's queue): one
 * that waited longer is counted as timed out without being sent, and the connection takes the next.
 * The connection that answered last is the first taken again, so a rate that fewer connections can
 * carry opens no more than it needs.
 */
final class OpenModel<C> {
  /** The requests that may wait for a connection, as the client's destination queue allowed. */
  static final int MAX_QUEUED = 1 << 20;

  /** What the driver does with a request: send it, or count it failed without sending it. */
  interface Exchanges<C> {
    /**
     * Sends the schedule's request {@code n}, intended at {@code intendedNs}, on {@code
     * connection}, with what is left of its timeout ({@code timeoutLeftMs}, 1.. ms); its answer or
     * failure calls {@link #answered}.
     */
    void send(C connection, long n, long intendedNs, long timeoutLeftMs);

    /** The request waited its whole timeout in the queue: a timeout, never sent. */
    void expired(long intendedNs);

    /** The queue was full: a failure, never sent. */
    void rejected(long intendedNs);
  }

  /** Request {@code n}, due since {@code dueNs}, its latency counted from {@code intendedNs}. */
  private record Due(long n, long intendedNs, long dueNs) {}

  private final Exchanges<C> exchanges;
  private final Executor executor;
  private final long timeoutNs;
  private final int maxQueued;
  private final ArrayDeque<C> idle;
  private final ArrayDeque<Due> queue = new ArrayDeque<>();
  private volatile boolean closed;

  /**
   * @param timeoutNs a request's timeout, from when it is due
   * @param maxQueued how many requests may wait for a connection; more are refused
   * @param executor where the request after a failed one is sent from
   */
  OpenModel(
      List<C> connections,
      long timeoutNs,
      int maxQueued,
      Executor executor,
      Exchanges<C> exchanges) {
    this.maxQueued = maxQueued;
    this.exchanges = exchanges;
    this.executor = executor;
    this.timeoutNs = timeoutNs;
    this.idle = new ArrayDeque<>(connections.size());
    // the stack's top is the first taken: connection 0, then 1, ... as the load needs them
    for (int c = connections.size() - 1; c >= 0; c--) {
      idle.push(connections.get(c));
    }
  }

  /**
   * Request {@code n}, due at {@code nowNs}: sent on an idle connection, else queued (or refused).
   */
  void due(long n, long intendedNs, long nowNs) {
    C connection;
    boolean rejected = false;
    List<Due> expired;
    synchronized (this) {
      expired = expiredLocked(nowNs);
      connection = closed ? null : idle.poll();
      if (connection == null && !closed) {
        if (queue.size() < maxQueued) {
          queue.add(new Due(n, intendedNs, nowNs));
        } else {
          rejected = true;
        }
      }
    }
    fail(expired);
    if (rejected) {
      exchanges.rejected(intendedNs);
    } else if (connection != null) {
      exchanges.send(connection, n, intendedNs, Math.max(1, timeoutNs / 1_000_000));
    }
  }

  /**
   * {@code connection}'s exchange ended: it takes the next queued request whose timeout has not
   * passed, or goes back to idle. After a failure the next request goes from the executor, so that
   * a failure reported inside the send cannot nest sends as deep as the queue is long.
   */
  void answered(C connection, boolean failed) {
    if (failed) {
      // closing fails what is open: nothing follows then (the executor may be stopping too)
      if (!closed) {
        executor.execute(() -> answered(connection, false));
      }
      return;
    }
    while (true) {
      Due next;
      synchronized (this) {
        if (closed) {
          return;
        }
        next = queue.poll();
        if (next == null) {
          idle.push(connection);
          return;
        }
      }
      long leftNs = next.dueNs + timeoutNs - System.nanoTime();
      if (leftNs > 0) {
        exchanges.send(
            connection, next.n, next.intendedNs, Math.max(1, (leftNs + 999_999) / 1_000_000));
        return;
      }
      exchanges.expired(next.intendedNs);
    }
  }

  /** Counts the queued requests whose timeout has passed as timed out. */
  void expire(long nowNs) {
    List<Due> expired;
    synchronized (this) {
      expired = expiredLocked(nowNs);
    }
    fail(expired);
  }

  /** The queue's head requests whose timeout has passed, removed (the queue is in due order). */
  private List<Due> expiredLocked(long nowNs) {
    List<Due> expired = null;
    for (Due head = queue.peek();
        head != null && nowNs - head.dueNs >= timeoutNs;
        head = queue.peek()) {
      if (expired == null) {
        expired = new ArrayList<>();
      }
      expired.add(queue.poll());
    }
    return expired;
  }

  private void fail(List<Due> expired) {
    if (expired != null) {
      for (Due d : expired) {
        exchanges.expired(d.intendedNs);
      }
    }
  }

  /** Sends nothing more; what is queued stays counted in flight (the loop closes the sockets). */
  void close() {
    synchronized (this) {
      closed = true;
    }
  }
}
