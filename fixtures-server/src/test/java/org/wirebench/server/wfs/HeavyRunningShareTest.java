package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.wirebench.server.http.OwsException;

/**
 * One client runs fewer heavy queries at once than there are running places, so another client's
 * heavy query finds one free. Before, the share counted running and waiting places together (3 of 6
 * on 2 cores): one client's two 400-term filters ran on both places and another client's sort
 * waited its 10 s and got 503. No wait here: each turn is asked for with a wait of 0, so a query
 * that would wait is refused at once, and the counts say which.
 */
class HeavyRunningShareTest {
  @Test
  void oneClientCannotRunOnEveryPlace() throws Exception {
    HeavyQueries heavy = new HeavyQueries(2, 4, 0, 3);
    HeavyQueries.Turn a1 = heavy.acquire("A");
    // A's share is 3 running or waiting, but of the 2 running places it may hold only 1
    OwsException refused = assertThrows(OwsException.class, () -> heavy.acquire("A"));
    assertTrue(refused.getMessage().contains("heavy queries"), refused.getMessage());
    assertEquals(1, heavy.admittedNow("A"), "A's refused query gave its place back");
    HeavyQueries.Turn b = heavy.acquire("B");
    assertEquals(2, heavy.runningNow());
    a1.close();
    HeavyQueries.Turn a2 = heavy.acquire("A");
    assertEquals(2, heavy.runningNow());
    a2.close();
    b.close();
    assertEquals(0, heavy.runningNow());
    assertEquals(0, heavy.admittedNow());
  }

  /** A client's query waiting for its running share gets its turn when its own one ends. */
  @Test
  void aQueryOverTheRunningShareWaitsForItsClientsTurnToEnd() throws Exception {
    HeavyQueries heavy = new HeavyQueries(3, 3, 60_000, 3);
    HeavyQueries.Turn a1 = heavy.acquire("A");
    HeavyQueries.Turn a2 = heavy.acquire("A");
    java.util.concurrent.CompletableFuture<HeavyQueries.Turn> a3 =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> {
              try {
                return heavy.acquire("A");
              } catch (OwsException e) {
                throw new IllegalStateException(e);
              }
            });
    for (int i = 0; i < 1200 && heavy.admittedNow("A") < 3; i++) {
      Thread.sleep(10); // a bound on a broken gate, not a measure
    }
    assertEquals(3, heavy.admittedNow("A"));
    assertEquals(2, heavy.runningNow(), "A's third waits though a place is free");
    HeavyQueries.Turn b = heavy.acquire("B");
    assertEquals(3, heavy.runningNow());
    a1.close();
    HeavyQueries.Turn a3Turn = a3.get(60, java.util.concurrent.TimeUnit.SECONDS);
    assertEquals(3, heavy.runningNow());
    a2.close();
    a3Turn.close();
    b.close();
    assertEquals(0, heavy.admittedNow());
  }
}
