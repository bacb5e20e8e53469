package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.function.ThrowingSupplier;

/**
 * A hang guard measured in the CPU time of the thread doing the work, not in wall time. A loop that
 * never ends (what the guard is for) burns CPU, and is failed once it has had {@code budget} of it
 * however busy the machine; work that only waits for a core (four builds beside it on two) spends
 * wall time, not CPU time, and is not failed for that, as a wall-clock timeout failed it once.
 * Where the JVM cannot measure a thread's CPU time the guard falls back to wall time.
 */
final class CpuTimeGuard {
  private static final long POLL_MS = 20;

  private CpuTimeGuard() {}

  /**
   * {@code work}'s result, run on a thread of its own; fails once that thread has used {@code
   * budget} of CPU time without ending. As with JUnit's preemptive timeout, a thread that ignores
   * its interrupt is left behind (a daemon: it ends with the JVM).
   */
  static <T> T within(Duration budget, ThrowingSupplier<T> work) {
    AtomicReference<T> result = new AtomicReference<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread worker =
        new Thread(
            () -> {
              try {
                result.set(work.get());
              } catch (Throwable t) {
                failure.set(t);
              }
            },
            "cpu-time-guard");
    worker.setDaemon(true);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    boolean cpu = threads.isThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
    long start = System.nanoTime();
    worker.start();
    try {
      while (true) {
        worker.join(POLL_MS);
        if (!worker.isAlive()) {
          break;
        }
        long used = cpu ? threads.getThreadCpuTime(worker.getId()) : System.nanoTime() - start;
        if (used > budget.toNanos()) {
          worker.interrupt();
          fail(
              "still running after "
                  + budget.toMillis()
                  + " ms of "
                  + (cpu ? "its thread's CPU time" : "wall time (no CPU time here)")
                  + ": a loop that does not end");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      worker.interrupt();
      fail("interrupted while guarding", e);
    }
    Throwable t = failure.get();
    if (t instanceof Error e) {
      throw e;
    }
    if (t instanceof RuntimeException e) {
      throw e;
    }
    if (t != null) {
      fail(t);
    }
    return result.get();
  }

  /** {@link #within} for work without a result. */
  static void within(Duration budget, org.junit.jupiter.api.function.Executable work) {
    within(
        budget,
        () -> {
          work.execute();
          return null;
        });
  }
}
