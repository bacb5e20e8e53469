package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The open model's idle stack and queue, driven by hand: which connection a due request gets, in
 * which order queued requests leave, which are counted as timed out or refused. Nothing is sent:
 * the exchanges are recorded (the connections, never connected, are only tokens here).
 */
class OpenModelTest {
  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  /** What the model asked for, in order. */
  private static final class Recorded implements OpenModel.Exchanges<Object> {
    final List<Object> connections = new ArrayList<>();
    final List<Long> sent = new ArrayList<>();
    final List<Long> timeoutsMs = new ArrayList<>();
    final List<Long> expired = new ArrayList<>();
    final List<Long> rejected = new ArrayList<>();

    @Override
    public void send(Object connection, long n, long intendedNs, long timeoutLeftMs) {
      connections.add(connection);
      sent.add(n);
      timeoutsMs.add(timeoutLeftMs);
    }

    @Override
    public void expired(long intendedNs) {
      expired.add(intendedNs);
    }

    @Override
    public void rejected(long intendedNs) {
      rejected.add(intendedNs);
    }
  }

  private static OpenModel<Object> model(
      int users, int maxQueued, Recorded exchanges, List<Runnable> later) {
    List<Object> tokens = new ArrayList<>();
    for (int u = 0; u < users; u++) {
      tokens.add(new Object());
    }
    return new OpenModel<>(tokens, 10 * SECOND, maxQueued, later::add, exchanges);
  }

  /**
   * A due request takes the connection that answered last: at a rate one connection carries, the
   * other users' connections are never used (so never opened).
   */
  @Test
  void aDueRequestTakesTheLastAnsweredConnection() {
    Recorded r = new Recorded();
    OpenModel<Object> open = model(3, 100, r, new ArrayList<>());
    long now = System.nanoTime();
    open.due(1, 1, now);
    open.due(2, 2, now);
    assertNotSame(r.connections.get(0), r.connections.get(1));
    open.answered(r.connections.get(1), false);
    open.answered(r.connections.get(0), false);
    open.due(3, 3, now);
    open.due(4, 4, now);
    assertSame(r.connections.get(0), r.connections.get(2), "the last answered, first");
    assertSame(r.connections.get(1), r.connections.get(3));
    open.due(5, 5, now);
    assertEquals(3, r.connections.stream().distinct().count(), "the third only when both busy");
    assertEquals(List.of(1L, 2L, 3L, 4L, 5L), r.sent);
    assertEquals(List.of(10_000L, 10_000L, 10_000L, 10_000L, 10_000L), r.timeoutsMs);
  }

  /** Requests that find every connection busy wait, and leave in the order they were due. */
  @Test
  void queuedRequestsLeaveInTheOrderTheyWereDue() {
    Recorded r = new Recorded();
    OpenModel<Object> open = model(2, 100, r, new ArrayList<>());
    long now = System.nanoTime();
    for (long n = 1; n <= 6; n++) {
      open.due(n, n, now);
    }
    assertEquals(List.of(1L, 2L), r.sent, "two connections, four requests waiting");
    Object first = r.connections.get(0);
    Object second = r.connections.get(1);
    open.answered(second, false);
    open.answered(first, false);
    open.answered(first, false);
    open.answered(second, false);
    assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), r.sent);
    assertEquals(List.of(first, second, second, first, first, second), r.connections);
    // the queue is empty: the answered connections go back to idle and take the next ones
    open.answered(first, false);
    open.due(7, 7, now);
    assertSame(first, r.connections.get(6));
    assertEquals(List.of(), r.expired);
  }

  /**
   * A request that waited its whole timeout is counted as timed out, never sent; one that waited
   * part of it is sent with what is left. The timeout counts from when it was due.
   */
  @Test
  void aRequestThatWaitedItsTimeoutIsExpiredNotSent() {
    Recorded r = new Recorded();
    OpenModel<Object> open = model(1, 100, r, new ArrayList<>());
    long now = System.nanoTime();
    open.due(1, 100, now - 20 * SECOND);
    open.due(2, 200, now - 11 * SECOND); // waited longer than its 10 s
    open.due(3, 300, now - 4 * SECOND); // 6 s of its timeout left
    assertEquals(List.of(1L), r.sent);
    assertEquals(List.of(), r.expired, "nothing expires before it is looked at");
    open.answered(r.connections.get(0), false);
    assertEquals(List.of(200L), r.expired);
    long elapsedMs = (System.nanoTime() - now) / 1_000_000;
    assertEquals(List.of(1L, 3L), r.sent);
    long left = r.timeoutsMs.get(1);
    // 6 s less the time this test took since now (rounded up to the ms): however slow the machine
    assertTrue(
        left <= 6_001 && left >= 6_000 - elapsedMs - 1,
        left + " ms left of request 3's timeout, looked at " + elapsedMs + " ms after now");
  }

  /** The sender expires waiting requests whose timeout passed, oldest first, none other. */
  @Test
  void expireCountsOnlyTheRequestsPastTheirTimeout() {
    Recorded r = new Recorded();
    OpenModel<Object> open = model(1, 100, r, new ArrayList<>());
    long t = 0;
    open.due(1, 1, t);
    open.due(2, 2, t);
    open.due(3, 3, t + 5 * SECOND);
    open.expire(t + 10 * SECOND);
    assertEquals(List.of(2L), r.expired);
    open.expire(t + 15 * SECOND);
    assertEquals(List.of(2L, 3L), r.expired);
    assertEquals(List.of(1L), r.sent);
  }

  /** A full queue refuses the next request (counted), and keeps the ones it holds. */
  @Test
  void aFullQueueRefusesTheNextRequest() {
    Recorded r = new Recorded();
    OpenModel<Object> open = model(1, 2, r, new ArrayList<>());
    long now = System.nanoTime();
    for (long n = 1; n <= 5; n++) {
      open.due(n, n, now);
    }
    assertEquals(List.of(1L), r.sent);
    assertEquals(List.of(4L, 5L), r.rejected);
    open.answered(r.connections.get(0), false);
    open.answered(r.connections.get(0), false);
    assertEquals(List.of(1L, 2L, 3L), r.sent);
  }

  /**
   * After a failure the connection's next request is handed to the executor, not sent inside the
   * failure's report (a failure reported during the send would otherwise nest one send in another,
   * as deep as the queue).
   */
  @Test
  void afterAFailureTheNextRequestGoesFromTheExecutor() {
    Recorded r = new Recorded();
    List<Runnable> later = new ArrayList<>();
    OpenModel<Object> open = model(1, 100, r, later);
    long now = System.nanoTime();
    open.due(1, 1, now);
    open.due(2, 2, now);
    open.answered(r.connections.get(0), true);
    assertEquals(List.of(1L), r.sent);
    assertEquals(1, later.size());
    later.get(0).run();
    assertEquals(List.of(1L, 2L), r.sent);
  }

  /** Once closed, nothing more is sent: what waits stays counted in flight by the driver. */
  @Test
  void aClosedModelSendsNothingMore() {
    Recorded r = new Recorded();
    List<Runnable> later = new ArrayList<>();
    OpenModel<Object> open = model(1, 100, r, later);
    long now = System.nanoTime();
    open.due(1, 1, now);
    open.due(2, 2, now);
    open.close();
    open.answered(r.connections.get(0), false);
    open.answered(r.connections.get(0), true);
    open.due(3, 3, now);
    assertEquals(List.of(1L), r.sent);
    assertEquals(List.of(), r.rejected);
    assertEquals(List.of(), later, "nothing handed to a stopping executor");
  }
}
