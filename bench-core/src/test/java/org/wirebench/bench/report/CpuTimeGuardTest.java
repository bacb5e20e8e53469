package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The hang guard still catches a loop that does not end, and no longer fails work for the wall time
 * it spent waiting: the time a busy machine keeps it off a core costs its thread no CPU time.
 */
class CpuTimeGuardTest {
  @Test
  void aLoopThatDoesNotEndIsFailed() {
    long start = System.nanoTime();
    AssertionFailedError e =
        assertThrows(
            AssertionFailedError.class,
            () ->
                CpuTimeGuard.within(
                    Duration.ofMillis(200),
                    () -> {
                      long n = 0;
                      // ends on the guard's interrupt alone, so that no spinning thread is left
                      while (!Thread.currentThread().isInterrupted()) {
                        n++;
                      }
                      return n;
                    }));
    assertTrue(e.getMessage().contains("a loop that does not end"), e.getMessage());
    assertTrue(System.nanoTime() - start < Duration.ofSeconds(60).toNanos(), "failed in time");
  }

  @Test
  void waitingCostsNoBudget() {
    // 600 ms of wall time, next to no CPU time: a wall-clock guard of 200 ms fails this
    assertEquals(
        "done",
        CpuTimeGuard.within(
            Duration.ofMillis(200),
            () -> {
              Thread.sleep(600);
              return "done";
            }));
  }

  @Test
  void whatTheWorkThrowsIsThrown() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                CpuTimeGuard.within(
                    Duration.ofSeconds(5),
                    () -> {
                      if (Duration.ZERO.isZero()) {
                        throw new IllegalStateException("from the work");
                      }
                      return "not reached";
                    }));
    assertEquals("from the work", e.getMessage());
  }
}
