package org.wirebench.server.http;

import java.util.function.LongSupplier;
import org.eclipse.jetty.io.EofException;

/**
 * The slowest a client may read one response body: once the writes have waited for it longer than a
 * grace, it must have taken at least {@code bytesPerSecond} of the waiting time, or the response is
 * aborted. Only the time spent waiting on the client counts, not the time spent making the bytes.
 * Jetty's idle timeout bounds one write that never moves; a client reading a few bytes now and then
 * is never idle, and held a 100,000-feature page (and its heavy turn) for more than 80 s. Jetty 12
 * keeps {@code HttpConfiguration.setMinResponseDataRate} but nothing in jetty-server reads it. One
 * a body: it counts that body's writes.
 */
public final class ReadRate {
  private final long bytesPerSecond;
  private final long graceNanos;
  private final LongSupplier nanoClock;
  private final Runnable abort;
  private long waited;
  private long taken;

  /**
   * @param bytesPerSecond the slowest reading allowed once past the grace, 1..
   * @param graceMillis waiting allowed before the rate counts, 0..
   * @param nanoClock the clock ({@link System#nanoTime} but in tests)
   * @param abort ends a write still waiting when the client has had its time (closes the
   *     connection), so that the write completes, failed
   */
  public ReadRate(long bytesPerSecond, long graceMillis, LongSupplier nanoClock, Runnable abort) {
    if (bytesPerSecond < 1 || graceMillis < 0) {
      throw new IllegalArgumentException(
          "bytesPerSecond " + bytesPerSecond + " (1..), graceMillis " + graceMillis + " (0..)");
    }
    this.bytesPerSecond = bytesPerSecond;
    this.graceNanos = graceMillis * 1_000_000L;
    this.nanoClock = nanoClock;
    this.abort = abort;
  }

  /** How long a write of {@code bytes} may still wait, in nanoseconds (0 or less: none). */
  long allowance(long bytes) {
    return (long) Math.min(Long.MAX_VALUE, graceNanos + (taken + bytes) * 1e9 / bytesPerSecond)
        - waited;
  }

  /** Counts the waiting of a write that began at {@code began} and has not ended. */
  void waited(long began) {
    waited += nanoClock.getAsLong() - began;
  }

  /** Ends a write the client has not taken in its time. */
  void abort() {
    abort.run();
  }

  /** When a write begins, to hand to {@link #written}. */
  long begin() {
    return nanoClock.getAsLong();
  }

  /**
   * A write that began at {@code began} took {@code bytes}; throws once the client reads too slowly
   * (an EofException: to the server, a client that went, so the answer is aborted and logged as
   * such, in one line).
   */
  void written(long began, long bytes) throws EofException {
    waited += nanoClock.getAsLong() - began;
    taken += bytes;
    if (allowance(0) < 0) {
      throw tooSlow();
    }
  }

  /** What a body cut for its client's slowness fails with. */
  EofException tooSlow() {
    return new EofException(
        "the client read "
            + taken
            + " bytes in "
            + waited / 1_000_000
            + " ms of waiting, slower than the "
            + bytesPerSecond
            + " bytes/s an answer must be read at past its first "
            + graceNanos / 1_000_000
            + " ms");
  }
}
