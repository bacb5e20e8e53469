package org.wirebench.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EofException;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Test;

/**
 * One body's writes under its {@link ReadRate}: a write the network takes at once never waits and
 * arms nothing; a write that waits is given the grace, then the rate of what the client took, less
 * what it waited already, and is cut (the connection closed, the write failed as too slow) when
 * that runs out, by its timer or at once. No time passes: the clock is made up, the timer runs when
 * the test says, and the client takes a write when the test says. Before, the rule held only the
 * WFS's gathered pieces, inside {@code GatheredBody}; every other writer was bounded by Jetty's
 * idle timeout alone.
 */
class ReadRateTest {
  /** The one timer a body has armed at a time. */
  private static final class Timer implements ReadRate.Timer {
    Runnable task;
    long delay = -1;
    boolean cancelled;

    @Override
    public Runnable schedule(Runnable t, long delayNanos) {
      task = t;
      delay = delayNanos;
      cancelled = false;
      return () -> cancelled = true;
    }
  }

  /** A client: takes each write at once, or when the test says; closing fails a waiting one. */
  private static final class Client implements Content.Sink {
    final boolean atOnce;
    Callback waiting;

    Client(boolean atOnce) {
      this.atOnce = atOnce;
    }

    @Override
    public void write(boolean last, ByteBuffer buffer, Callback callback) {
      if (atOnce) {
        buffer.position(buffer.limit());
        callback.succeeded();
      } else {
        waiting = callback;
      }
    }

    void take() {
      Callback c = waiting;
      waiting = null;
      c.succeeded();
    }

    void close() {
      if (waiting != null) {
        Callback c = waiting;
        waiting = null;
        c.failed(new EofException("closed"));
      }
    }
  }

  /** What became of one write. */
  private static final class Outcome implements Callback {
    boolean succeeded;
    Throwable failure;

    @Override
    public void succeeded() {
      succeeded = true;
    }

    @Override
    public void failed(Throwable x) {
      failure = x;
    }
  }

  private final AtomicLong clock = new AtomicLong();
  private final Timer timer = new Timer();

  private ReadRate rate(long bytesPerSecond, long graceMillis, Client client) {
    return new ReadRate(bytesPerSecond, graceMillis, clock::get, timer, client::close);
  }

  private static ByteBuffer bytes(int n) {
    return ByteBuffer.allocate(n);
  }

  @Test
  void aWriteTakenAtOnceWaitsForNothing() {
    Client client = new Client(true);
    // no grace and 1 byte/s: any waiting at all would be too slow
    ReadRate rate = rate(1, 0, client);
    for (int i = 0; i < 1_000; i++) {
      Outcome o = new Outcome();
      rate.write(client, i == 999, bytes(1_000), o);
      assertTrue(o.succeeded, "write " + i);
      clock.addAndGet(1_000_000_000L); // the server's own time between writes does not count
    }
    assertNull(timer.task, "a timer was armed for writes that never waited");
  }

  @Test
  void aWaitingWriteHasTheGraceThenTheRateOfWhatWasTaken() {
    Client client = new Client(false);
    ReadRate rate = rate(1_000, 1_000, client);
    Outcome first = new Outcome();
    rate.write(client, false, bytes(100), first);
    // 1 s of grace and 100 bytes at 1,000 bytes/s
    assertEquals(1_100_000_000L, timer.delay);
    clock.addAndGet(200_000_000L);
    client.take();
    assertTrue(first.succeeded);
    assertTrue(timer.cancelled, "the timer of a write taken in time is cancelled");
    Outcome second = new Outcome();
    rate.write(client, true, bytes(100), second);
    // 1 s + 200 bytes' 0.2 s, less the 0.2 s waited already
    assertEquals(1_000_000_000L, timer.delay);
  }

  @Test
  void aWriteNotTakenInItsTimeIsCutAsTooSlow() {
    Client client = new Client(false);
    ReadRate rate = rate(1_000, 1_000, client);
    Outcome o = new Outcome();
    rate.write(client, false, bytes(100), o);
    clock.addAndGet(timer.delay);
    timer.task.run();
    assertNull(client.waiting, "the waiting write was not ended");
    EofException cut = assertInstanceOf(EofException.class, o.failure);
    assertTrue(cut.getMessage().contains("slower than the 1000 bytes/s"), cut.getMessage());
  }

  /**
   * A client taking 200 ms to read each 100-byte write, 500 bytes/s against the 1,000 asked after 1
   * s: its allowance shrinks by 100 ms a write, and the tenth write's time runs out before it is
   * taken.
   */
  @Test
  void aTrickleIsCutOncePastTheGrace() {
    Client client = new Client(false);
    ReadRate rate = rate(1_000, 1_000, client);
    int writes = 0;
    Throwable failure = null;
    while (failure == null && writes < 100) {
      Outcome o = new Outcome();
      timer.task = null;
      rate.write(client, false, bytes(100), o);
      writes++;
      if (timer.task != null && timer.delay <= 200_000_000L) {
        clock.addAndGet(timer.delay);
        timer.task.run();
      } else if (timer.task != null) {
        clock.addAndGet(200_000_000L);
        client.take();
      }
      failure = o.failure;
      assertTrue(o.succeeded || o.failure != null, "write " + writes + " neither ended nor failed");
    }
    assertNotNull(failure, "a client reading 500 bytes/s was never cut");
    assertEquals(10, writes);
  }

  @Test
  void aClientAlreadyPastItsTimeIsCutAtTheNextWriteThatWaits() {
    Client client = new Client(false);
    ReadRate rate = rate(1_000, 0, client);
    Outcome first = new Outcome();
    rate.write(client, false, bytes(100), first);
    // the timer has not run yet (a busy scheduler) when the client takes it, late
    clock.addAndGet(5_000_000_000L);
    client.take();
    assertTrue(first.succeeded, "a write the client took is not failed afterwards");
    timer.task = null;
    Outcome second = new Outcome();
    rate.write(client, false, bytes(100), second);
    assertNull(timer.task, "no timer for a write with no time left");
    assertInstanceOf(EofException.class, second.failure);
  }

  @Test
  void aRuleNoBodyCanBeHeldToIsRefused() {
    Client client = new Client(true);
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> rate(0, 0, client));
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> rate(1, -1, client));
  }
}
