package org.wirebench.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EofException;
import org.junit.jupiter.api.Test;

/**
 * A body whose client reads slower than its {@link ReadRate} once past the grace is aborted at the
 * next write; one read fast enough, or slow only within the grace, is written whole. The client's
 * reading is a sink that moves a made-up clock forward on each write: no time passes. Before,
 * nothing but Jetty's idle timeout bounded a write, and a client reading a little every few seconds
 * held a 100,000-feature page for more than 80 s.
 */
class ReadRateTest {
  /** A client taking {@code nanosPerWrite} to read each write, on {@code clock}. */
  private static Content.Sink reader(AtomicLong clock, long nanosPerWrite, AtomicLong writes) {
    return (last, buffer, callback) -> {
      clock.addAndGet(nanosPerWrite);
      writes.incrementAndGet();
      buffer.position(buffer.limit());
      callback.succeeded();
    };
  }

  @Test
  void aClientReadingTooSlowlyIsCutOffOncePastTheGrace() throws IOException {
    AtomicLong clock = new AtomicLong();
    AtomicLong writes = new AtomicLong();
    // 1,000 bytes/s after 1 s; 100-byte writes each read in 200 ms: 500 bytes/s
    ReadRate rate = new ReadRate(1_000, 1_000, clock::get, () -> {});
    GatheredBody out = new GatheredBody(reader(clock, 200_000_000L, writes), 100, rate);
    EofException cut = assertThrows(EofException.class, () -> out.write(new byte[100_000]));
    assertTrue(cut.getMessage().contains("slower than the 1000 bytes/s"), cut.getMessage());
    // waited 200 ms a write; allowed 1 s + 100 ms a write: the 11th is the first too slow
    assertEquals(11, writes.get());
  }

  @Test
  void aClientReadingFastEnoughOrSlowOnlyWithinTheGraceGetsItAll() throws IOException {
    AtomicLong clock = new AtomicLong();
    AtomicLong writes = new AtomicLong();
    // 2,000 bytes/s: faster than the 1,000 asked, for 1,000 writes
    GatheredBody fast =
        new GatheredBody(
            reader(clock, 50_000_000L, writes),
            100,
            new ReadRate(1_000, 1_000, clock::get, () -> {}));
    fast.write(new byte[100_000]);
    fast.close();
    assertEquals(1_000, writes.get());
    // one slow write within the grace, then fast ones
    AtomicLong slowClock = new AtomicLong();
    Content.Sink slowFirst =
        (last, buffer, callback) -> {
          slowClock.addAndGet(slowClock.get() == 0 ? 900_000_000L : 10_000_000L);
          buffer.position(buffer.limit());
          callback.succeeded();
        };
    GatheredBody once =
        new GatheredBody(slowFirst, 100, new ReadRate(1_000, 1_000, slowClock::get, () -> {}));
    once.write(new byte[10_000]);
    once.close();
  }

  /**
   * A write the client never takes is ended when its time is up, not left to Jetty's idle timeout
   * (which a client reading a few bytes now and then never reaches): the sink's pending write is
   * aborted and the body fails. The sink here completes a write only when aborted.
   */
  @Test
  void aWriteTheClientDoesNotTakeInItsTimeIsAborted() {
    AtomicLong clock = new AtomicLong();
    org.eclipse.jetty.util.Callback[] pending = new org.eclipse.jetty.util.Callback[1];
    Content.Sink stuck = (last, buffer, callback) -> pending[0] = callback;
    // no grace, and a rate so high that a 100-byte write may wait almost no time
    ReadRate rate =
        new ReadRate(
            1_000_000_000_000L,
            0,
            clock::get,
            () -> pending[0].failed(new EofException("closed by the test")));
    GatheredBody out = new GatheredBody(stuck, 100, rate);
    EofException cut = assertThrows(EofException.class, () -> out.write(new byte[1_000]));
    assertTrue(cut.getMessage().contains("slower than"), cut.getMessage());
  }
}
