package org.wirebench.server.wfs;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpStatus;
import org.wirebench.server.http.OwsException;

/**
 * Admission for heavy GetFeatures: those that must visit more than {@link #HEAVY_VISITS} features
 * (a filter no index serves, a sort, a box covering most of a 1,000,000-feature layer, a layer's
 * first spatial query, which builds its index). At most {@code running} run at once and {@code
 * waiting} more wait up to {@code waitMillis} for a turn; any beyond, or one whose wait ran out, is
 * answered 503 with an exception report at once. Light queries (a page, a small box, ids) never
 * wait here. Without this, 250 concurrent scans of osm_mainroads held every server thread: /static
 * got no answer in 30 s.
 */
final class HeavyQueries {
  /** A query visiting more features than this is heavy: as many as the server sends at once. */
  static final long HEAVY_VISITS = WfsRequest.MAX_COUNT;

  /** Heavy queries run at once by default: one a core (each is one thread's work). */
  static final int DEFAULT_RUNNING = Runtime.getRuntime().availableProcessors();

  /** Heavy queries that may wait for a turn by default, beyond those running. */
  static final int DEFAULT_WAITING = 2 * DEFAULT_RUNNING;

  /** How long a heavy query waits for a turn by default. */
  static final long DEFAULT_WAIT_MILLIS = 10_000;

  private final int maxRunning;
  private final int maxAdmitted;
  private final Semaphore admitted;
  private final Semaphore running;
  private final long waitMillis;

  /**
   * @param running heavy queries run at once, 1..
   * @param waiting heavy queries that may wait beyond those, 0..
   * @param waitMillis how long one waits, 0..
   */
  HeavyQueries(int running, int waiting, long waitMillis) {
    if (running < 1 || waiting < 0 || waitMillis < 0) {
      throw new IllegalArgumentException(
          "running " + running + " (1..), waiting " + waiting + " (0..), wait " + waitMillis);
    }
    this.maxRunning = running;
    this.maxAdmitted = running + waiting;
    this.admitted = new Semaphore(maxAdmitted);
    this.running = new Semaphore(running, true);
    this.waitMillis = waitMillis;
  }

  static HeavyQueries defaults() {
    return new HeavyQueries(DEFAULT_RUNNING, DEFAULT_WAITING, DEFAULT_WAIT_MILLIS);
  }

  /** A turn to run one heavy query, to be closed when it is done; 503 when none comes. */
  Turn acquire() throws OwsException {
    if (!admitted.tryAcquire()) {
      throw busy();
    }
    try {
      if (!running.tryAcquire(waitMillis, TimeUnit.MILLISECONDS)) {
        admitted.release();
        throw busy();
      }
    } catch (InterruptedException e) {
      admitted.release();
      Thread.currentThread().interrupt();
      throw busy();
    }
    return () -> {
      running.release();
      admitted.release();
    };
  }

  /** Heavy queries running now. */
  int runningNow() {
    return maxRunning - running.availablePermits();
  }

  /**
   * Heavy queries admitted now, running or waiting for a turn: one count, read at once (a turn
   * gives its running permit back before its admission, so none is admitted once this is 0).
   */
  int admittedNow() {
    return maxAdmitted - admitted.availablePermits();
  }

  private static OwsException busy() {
    return new OwsException(
        "NoApplicableCode",
        null,
        "the server is running as many heavy queries (filters no index serves, sorts, large"
            + " boxes) as it takes at once; try again, or narrow the query with a BBOX",
        HttpStatus.SERVICE_UNAVAILABLE_503);
  }

  /** A heavy query's turn. */
  interface Turn extends AutoCloseable {
    @Override
    void close();
  }
}
