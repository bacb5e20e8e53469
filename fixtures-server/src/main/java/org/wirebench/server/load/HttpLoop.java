package org.wirebench.server.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * One event-loop thread of the load driver, as each of wrk's threads is: a selector, the
 * connections it owns ({@link LoadConnection}), timers (ramp-up, think time, back-off), and for the
 * open model its share of the schedule, whose due requests it sends itself.
 *
 * <p>The driver used Jetty's HttpClient until 2026-11-26. On the quiet 2-core VM against one {@code
 * serve} and {@code /static/1024} it reached 0.87–0.95 of wrk's rate at 32 connections and
 * 0.78–0.85 at 512 in the closed model, and the open model sustained only 0.4–0.6 of wrk's rate: it
 * spent 14–20 µs of CPU a request against wrk's 9–11, half of it the kernel's and the rest the
 * client's own per-request machinery (request and URI objects, header normalisation, the exchange,
 * the response parser, listener plumbing). Server and client share the two cores, so the client's
 * CPU a request sets the ratio; this loop does what wrk does instead: the request's bytes encoded
 * once per target, written, and the answer's status line and few headers read from one buffer.
 *
 * <p>Timeouts are checked every {@link #SCAN_NS}. Open-model requests are sent at their due time,
 * as the driver's sender thread parked until then: the selector waits in whole milliseconds, so the
 * last part of a millisecond is parked after one look at the selector (an answer arriving in it
 * waits less than a millisecond, and its latency shows it); polling the selector every 100 µs
 * instead cost 280 µs of CPU a request at 1,000/s, and waiting whole milliseconds sends each
 * request up to 1 ms late.
 */
final class HttpLoop implements Runnable {
  /** What the driver does with an ended exchange, on the loop's thread: failure null when good. */
  interface Ended {
    void ended(LoadConnection connection, Throwable failure);
  }

  /** How often in-flight requests are checked against their deadlines. */
  static final long SCAN_NS = TimeUnit.MILLISECONDS.toNanos(10);

  private record Timer(long atNs, long order, Runnable task) {}

  final Selector selector;
  final InetSocketAddress address;
  final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
  final List<LoadConnection> connections = new ArrayList<>();
  private final Ended ended;
  private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final PriorityQueue<Timer> timers =
      new PriorityQueue<>(
          (a, b) ->
              a.atNs != b.atNs ? Long.compare(a.atNs - b.atNs, 0) : Long.compare(a.order, b.order));
  private long timerOrder;
  private final Thread thread;
  private volatile boolean stopping;
  private volatile Throwable crash;

  // the open model's share of the schedule: due at nextDueNs, every stepNs, before endDueNs
  private OpenModel<LoadConnection> open;
  private LongSupplier numbering;
  private volatile long nextDueNs;
  private long stepNs;
  private long endDueNs = Long.MIN_VALUE;

  HttpLoop(String name, InetSocketAddress address, Ended ended) {
    this.address = address;
    this.ended = ended;
    try {
      this.selector = Selector.open();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.thread = new Thread(this, name);
    thread.setDaemon(true);
  }

  /** A new connection owned by this loop ({@code user}: the closed model's user, or -1). */
  LoadConnection connection(int user) {
    LoadConnection c = new LoadConnection(this, user);
    connections.add(c);
    return c;
  }

  /** This loop's open-model connections, which {@link #schedule} uses. */
  void open(OpenModel<LoadConnection> open) {
    this.open = open;
  }

  OpenModel<LoadConnection> open() {
    return open;
  }

  /**
   * Sends a request at {@code firstNs}, then every {@code stepNs} until {@code endNs}, each
   * numbered by {@code numbering}, through the open model; set before {@link #start}.
   */
  void schedule(long firstNs, long stepNs, long endNs, LongSupplier numbering) {
    this.nextDueNs = firstNs;
    this.stepNs = stepNs;
    this.endDueNs = endNs;
    this.numbering = numbering;
  }

  /** Whether every request of this loop's schedule has been made due (sent, queued or refused). */
  boolean scheduled() {
    return nextDueNs - endDueNs >= 0 || crash != null;
  }

  /** What ended this loop's thread before it was stopped (a bug, say a validator's), or null. */
  Throwable crash() {
    return crash;
  }

  void start() {
    thread.start();
  }

  /** Runs {@code task} on this loop's thread, at its next turn (never inside the caller). */
  void execute(Runnable task) {
    tasks.add(task);
    if (Thread.currentThread() != thread) {
      selector.wakeup();
    }
  }

  /** Runs {@code task} on this loop's thread after {@code delayNs}; from the loop's thread only. */
  void later(Runnable task, long delayNs) {
    timers.add(new Timer(System.nanoTime() + delayNs, timerOrder++, task));
  }

  void ended(LoadConnection connection, Throwable failure) {
    ended.ended(connection, failure);
  }

  /** Stops the loop and closes its connections; waits for its thread up to {@code waitMs}. */
  void stop(long waitMs) throws InterruptedException {
    stopping = true;
    selector.wakeup();
    thread.join(waitMs);
  }

  @Override
  public void run() {
    long nextScanNs = System.nanoTime() + SCAN_NS;
    try {
      while (!stopping) {
        long now = System.nanoTime();
        for (Runnable task; (task = tasks.poll()) != null; ) {
          task.run();
        }
        for (Timer t = timers.peek(); t != null && now - t.atNs >= 0; t = timers.peek()) {
          timers.poll().task.run();
        }
        long due = sendDue(now);
        if (now - nextScanNs >= 0) {
          for (int i = 0; i < connections.size(); i++) {
            LoadConnection c = connections.get(i);
            if (c.expired(now)) {
              c.timeOut();
            }
          }
          if (open != null) {
            open.expire(now);
          }
          nextScanNs = now + SCAN_NS;
        }
        if (!tasks.isEmpty()) {
          selector.selectNow(this::ready);
          continue;
        }
        long wake = nextScanNs;
        Timer t = timers.peek();
        if (t != null && t.atNs - wake < 0) {
          wake = t.atNs;
        }
        long waitNs = wake - System.nanoTime();
        long dueWaitNs = due == Long.MIN_VALUE ? Long.MAX_VALUE : due - System.nanoTime();
        if (dueWaitNs < waitNs && dueWaitNs < TimeUnit.MILLISECONDS.toNanos(1)) {
          // the next due request is less than a millisecond away: epoll waits whole milliseconds
          if (selector.selectNow(this::ready) == 0 && dueWaitNs > 0) {
            LockSupport.parkNanos(dueWaitNs);
          }
          continue;
        }
        long waitMs = Math.max(1, (Math.min(waitNs, dueWaitNs) + 999_999) / 1_000_000);
        if (dueWaitNs < waitNs) {
          waitMs = Math.max(1, dueWaitNs / 1_000_000); // wake early, then wait out the rest
        }
        selector.select(this::ready, waitMs);
      }
    } catch (IOException | RuntimeException | Error e) {
      crash = e; // the driver fails the run with it instead of waiting for answers never read
    } finally {
      for (LoadConnection c : connections) {
        c.close();
      }
      try {
        selector.close();
      } catch (IOException e) {
        // nothing more is read from it
      }
    }
  }

  /** Sends the open model's due requests; the next one's due time, or MIN_VALUE when none. */
  private long sendDue(long now) {
    if (open == null) {
      return Long.MIN_VALUE;
    }
    long next = nextDueNs;
    while (next - endDueNs < 0 && now - next >= 0) {
      open.due(numbering.getAsLong(), next, now);
      next += stepNs;
    }
    nextDueNs = next;
    return next - endDueNs < 0 ? next : Long.MIN_VALUE;
  }

  private void ready(SelectionKey key) {
    ((LoadConnection) key.attachment()).ready(key);
  }
}
