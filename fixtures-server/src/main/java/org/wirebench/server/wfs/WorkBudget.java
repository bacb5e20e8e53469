package org.wirebench.server.wfs;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.LongSupplier;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.server.http.OwsException;

/**
 * The work one GetFeature may cause: the CPU time of its thread (filter evaluation, sorting,
 * encoding), looked at every {@link Visits#CHECK_EVERY} features visited and before each full piece
 * of the answer goes out. CPU time, not the time on the clock: what a request waits for (a heavy
 * query's turn, a layer's index another request builds, a slow client) is no work of its own, and
 * an honest query stretched by a busy machine (32 to 512 users on 2 cores) must not be stopped for
 * the others' work. The count starts at the first look (after the first {@link Visits#CHECK_EVERY}
 * features, or the first full piece): what comes before it is the request's parse and plan, bounded
 * by themselves, and a query that visits nothing and answers in one piece never reads the clock.
 */
final class WorkBudget {
  /** A query stopped because its work passed its budget; quiet in Jetty's log. */
  static final class Spent extends RuntimeException implements org.eclipse.jetty.io.QuietException {
    private final WfsVersion version;
    private final transient OwsException report;

    Spent(WfsVersion version, OwsException report) {
      super(report.getMessage(), null, false, false);
      this.version = version;
      this.report = report;
    }

    /** The version the report is written in. */
    WfsVersion version() {
      return version;
    }

    /** The exception report that answers it while nothing was sent. */
    OwsException report() {
      return report;
    }
  }

  /** The current thread's CPU time in ns; the clock's where the JVM cannot tell it. */
  static final LongSupplier THREAD_CPU = threadCpu();

  private final long limitNanos;
  private final LongSupplier clock;
  private final WfsVersion version;
  private long start = -1;

  /**
   * @param limitMillis CPU time the request's work may take, 0..
   * @param clock the request thread's CPU time in ns ({@link #THREAD_CPU} but in tests)
   * @param version the version the request's report is written in
   */
  WorkBudget(long limitMillis, LongSupplier clock, WfsVersion version) {
    if (limitMillis < 0) {
      throw new IllegalArgumentException("limitMillis must be 0.., was " + limitMillis);
    }
    this.limitNanos = limitMillis * 1_000_000L;
    this.clock = clock;
    this.version = version;
  }

  /** Throws {@link Spent} once the work since the first look has reached the budget. */
  void check() {
    long now = clock.getAsLong();
    if (start < 0) {
      start = now;
    } else if (now - start >= limitNanos) {
      throw new Spent(version, report(limitNanos / 1_000_000, version));
    }
  }

  private static OwsException report(long limitMillis, WfsVersion version) {
    return new OwsException(
        version == WfsVersion.V2_0_0 ? "OperationProcessingFailed" : "NoApplicableCode",
        null,
        "the query's work (its filter, sort and encoding) took more than the "
            + limitMillis
            + " ms of CPU a GetFeature may take on this server, and was stopped; ask for fewer"
            + " features, select them by a box or ids, or send each type in a request of its own");
  }

  private static LongSupplier threadCpu() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (threads.isCurrentThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled()) {
      return threads::getCurrentThreadCpuTime;
    }
    return System::nanoTime;
  }
}
