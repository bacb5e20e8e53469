package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadModel;
import org.wirebench.results.LoadResult;
import org.wirebench.results.Statistic;

/**
 * The open model on real Jetty over loopback (the connections are the subject): its schedule, its
 * connections and what it counts. Outcomes and orders only, no speed: every bound here is one a
 * slower machine cannot break (a slow endpoint answers no sooner than it is told to).
 */
class LoadDriverOpenModelTest {
  /** A run with no warm-up, so that every scheduled request is measured. */
  private static LoadPlan plan(URI target, int users, double rate, Duration window) {
    return new LoadPlan(target)
        .users(users)
        .rate(rate)
        .timed(Duration.ZERO, window)
        // a bound for a stalled machine, not a speed limit
        .timeout(Duration.ofSeconds(30));
  }

  /**
   * 100 requests at 100/s on at most 4 connections against an endpoint answering 100 ms late: the
   * connections carry 40/s, so most requests wait for one; all are answered, on 4 connections.
   */
  @Test
  @Timeout(60)
  void aSlowEndpointGetsNoMoreConnectionsThanUsersAndEveryAnswer() throws Exception {
    try (CountingServer slow = new CountingServer(false, 100)) {
      LoadResult r = new LoadDriver(plan(slow.uri(), 4, 100, Duration.ofSeconds(1))).run(null);
      assertEquals(0, r.errorCount(), r.errors()::toString);
      assertEquals(100, r.requests());
      assertEquals(100, slow.requests.get());
      assertEquals(LoadModel.OPEN, r.model());
      assertEquals(4, slow.connections.get(), "connections opened for 4 users");
      assertTrue(slow.mostOpen.get() <= 4, () -> slow.mostOpen + " connections open at once");
      // latency counts from the intended send time: the 100th request, intended at 0.99 s, cannot
      // be answered before 25 answers of 100 ms on each of the 4 connections (2.5 s)
      assertTrue(r.latency(Statistic.MAX) >= 1500, () -> "max latency " + r.latencyMs());
    }
  }

  /**
   * Requests that wait for the one connection go out in the order of their intended send times: the
   * plan rotates over 1000 targets, so each request's query names its place in the schedule.
   */
  @Test
  @Timeout(60)
  void queuedRequestsGoOutInScheduleOrder() throws Exception {
    try (CountingServer slow = new CountingServer(false, 20)) {
      List<URI> targets = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        targets.add(slow.uri().resolve("/?i=" + i));
      }
      LoadResult r =
          new LoadDriver(plan(slow.uri(), 1, 200, Duration.ofMillis(250)).rotate(targets))
              .run(null);
      assertEquals(0, r.errorCount(), r.errors()::toString);
      assertEquals(50, r.requests());
      List<String> expected = new ArrayList<>();
      for (int i = 1; i <= 50; i++) {
        expected.add("i=" + i);
      }
      assertEquals(expected, slow.queries);
      assertEquals(1, slow.connections.get());
    }
  }

  /** A connection the server closes after each answer is replaced: no error, one a request. */
  @Test
  @Timeout(60)
  void aConnectionTheServerClosedIsReplaced() throws Exception {
    try (CountingServer closing = new CountingServer(true)) {
      LoadResult r = new LoadDriver(plan(closing.uri(), 2, 50, Duration.ofSeconds(1))).run(null);
      assertEquals(0, r.errorCount(), r.errors()::toString);
      assertEquals(50, r.requests());
      assertEquals(50, closing.requests.get());
      assertEquals(50, closing.connections.get(), "one connection a request");
    }
  }

  /**
   * One connection, an endpoint answering 400 ms late and a 1 s timeout: requests that wait longer
   * than their timeout for the connection are counted as timeouts, from the time they were due;
   * every scheduled request is counted once.
   */
  @Test
  @Timeout(60)
  void aRequestQueuedPastItsTimeoutIsATimeout() throws Exception {
    try (CountingServer slow = new CountingServer(false, 400)) {
      LoadDriver driver =
          new LoadDriver(
              plan(slow.uri(), 1, 20, Duration.ofMillis(500)).timeout(Duration.ofSeconds(1)));
      LoadResult r = driver.run(null);
      long timeouts = r.errors().get(ErrorKind.TIMEOUT);
      assertEquals(
          10, r.requests() + timeouts + r.errors().get(ErrorKind.UNFINISHED), r.errors()::toString);
      // the 10th request, due at 0.45 s, would be answered at 4 s at the earliest
      assertTrue(timeouts > 0, r.errors()::toString);
      assertTrue(r.requests() <= 3, () -> r.requests() + " answered");
      assertEquals("no answer within 1000 ms", driver.firstProblems().get(ErrorKind.TIMEOUT));
    }
  }
}
