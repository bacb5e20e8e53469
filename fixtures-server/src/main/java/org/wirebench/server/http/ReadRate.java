package org.wirebench.server.http;

import java.nio.ByteBuffer;
import java.util.function.LongSupplier;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EofException;
import org.eclipse.jetty.util.Callback;

/**
 * The slowest a client may read one response body: once the writes have waited for it longer than a
 * grace, it must have taken at least {@code bytesPerSecond} of the waiting time, or the response is
 * aborted (its connection closed). Only the time a write waits on the client counts, not the time
 * spent making the bytes: a write the network takes at once (the usual case: the socket's buffer
 * had room) waited for nothing. A write still waiting is ended by a timer when its time is up, so a
 * blocking writer's thread and an asynchronous writer's buffers are let go then, whichever kind of
 * writer it is. Jetty's idle timeout bounds only a write that never moves; a client reading a few
 * bytes now and then is never idle, and held a 100,000-feature page (and its heavy turn) for more
 * than 80 s. Jetty 12 keeps {@code HttpConfiguration.setMinResponseDataRate} but nothing in
 * jetty-server reads it.
 *
 * <p>One a body ({@link ReadRateHandler} makes one for every response): its writes come one at a
 * time, as Jetty's {@code Content.Sink} requires, and this is the callback of the one under way.
 */
public final class ReadRate implements Callback {
  /**
   * The slowest a client may read an answer once its writes waited {@link #GRACE_MILLIS} for it:
   * 256 kbit/s, below any link a real client is on (the wire scenario's slowest is 10 Mbit/s, a
   * slow mobile link a few Mbit/s), so only a trickle is cut, never a slow link.
   */
  public static final long MIN_BYTES_PER_SECOND = 32 << 10;

  /** How long an answer's writes may wait for its client before the rate counts. */
  public static final long GRACE_MILLIS = 10_000;

  /** Runs a task after a delay; what it returns cancels the task. */
  public interface Timer {
    Runnable schedule(Runnable task, long delayNanos);
  }

  private enum State {
    /** No write under way. */
    IDLE,
    /** In the sink's write call: a completion now took no waiting. */
    IN_CALL,
    /** The write returned before it completed: it waits on the client, a timer armed. */
    WAITING,
    /** Its time ran out: the connection is being closed, the write fails as too slow. */
    CUT
  }

  private final long bytesPerSecond;
  private final long graceNanos;
  private final LongSupplier nanoClock;
  private final Timer timer;
  private final Runnable abort;

  // guarded by this: the body's account, and the write under way
  private long waited;
  private long taken;
  private State state = State.IDLE;
  private Callback current;
  private long currentBytes;
  private long began;
  private Runnable cancel;

  /** Writes begun: tells the write under way from one before it. */
  private long seq;

  /**
   * @param bytesPerSecond the slowest reading allowed once past the grace, 1..
   * @param graceMillis waiting allowed before the rate counts, 0..
   * @param nanoClock the clock ({@link System#nanoTime} but in tests)
   * @param timer ends a write whose time is up (the connector's scheduler but in tests)
   * @param abort ends a write still waiting when the client has had its time (closes the
   *     connection), so that the write completes, failed
   */
  public ReadRate(
      long bytesPerSecond, long graceMillis, LongSupplier nanoClock, Timer timer, Runnable abort) {
    check(bytesPerSecond, graceMillis);
    this.bytesPerSecond = bytesPerSecond;
    this.graceNanos = graceMillis * 1_000_000L;
    this.nanoClock = nanoClock;
    this.timer = timer;
    this.abort = abort;
  }

  /** Refuses a rule no body can be held to. */
  static void check(long bytesPerSecond, long graceMillis) {
    if (bytesPerSecond < 1 || graceMillis < 0) {
      throw new IllegalArgumentException(
          "bytesPerSecond " + bytesPerSecond + " (1..), graceMillis " + graceMillis + " (0..)");
    }
  }

  /**
   * Writes {@code buffer} to {@code next} and completes {@code callback} as the write does, but
   * fails it as too slow (an {@link EofException}: to the server, a client that went, logged as
   * such in one line) once the write has waited past what the body's account allows.
   */
  public void write(Content.Sink next, boolean last, ByteBuffer buffer, Callback callback) {
    long bytes = buffer == null ? 0 : buffer.remaining();
    long mine;
    synchronized (this) {
      if (state != State.IDLE) {
        callback.failed(new java.nio.channels.WritePendingException());
        return;
      }
      state = State.IN_CALL;
      current = callback;
      currentBytes = bytes;
      mine = ++seq;
    }
    next.write(last, buffer, this);
    boolean cutNow = false;
    synchronized (this) {
      if (state != State.IN_CALL || seq != mine) {
        // completed within the call: the network took it at once (a later write may be under way,
        // begun from this one's completion)
        return;
      }
      state = State.WAITING;
      began = nanoClock.getAsLong();
      long allowed = allowance(bytes);
      if (allowed <= 0) {
        state = State.CUT;
        cutNow = true;
      } else {
        cancel = timer.schedule(() -> expire(mine), allowed);
      }
    }
    if (cutNow) {
      abort.run();
    }
  }

  /** How long a write of {@code bytes} may still wait, in nanoseconds (0 or less: none). */
  private long allowance(long bytes) {
    return (long) Math.min(Long.MAX_VALUE, graceNanos + (taken + bytes) * 1e9 / bytesPerSecond)
        - waited;
  }

  /** The timer of the {@code write}th waiting write ran out. */
  private void expire(long write) {
    synchronized (this) {
      if (state != State.WAITING || write != seq) {
        return;
      }
      waited += nanoClock.getAsLong() - began;
      state = State.CUT;
    }
    abort.run();
  }

  /** Ends the write under way; returns its callback. */
  private Callback ended(boolean took) {
    Callback done = current;
    if (state == State.WAITING || state == State.CUT) {
      if (state == State.WAITING) {
        waited += nanoClock.getAsLong() - began;
      }
      if (cancel != null) {
        cancel.run();
        cancel = null;
      }
    }
    if (took) {
      taken += currentBytes;
    }
    state = State.IDLE;
    current = null;
    return done;
  }

  @Override
  public void succeeded() {
    Callback done;
    synchronized (this) {
      done = ended(true);
    }
    done.succeeded();
  }

  @Override
  public void failed(Throwable x) {
    Callback done;
    EofException slow = null;
    synchronized (this) {
      if (state == State.CUT) {
        slow = tooSlow();
        slow.addSuppressed(x);
      }
      done = ended(false);
    }
    done.failed(slow == null ? x : slow);
  }

  @Override
  public InvocationType getInvocationType() {
    Callback c;
    synchronized (this) {
      c = current;
    }
    return c == null ? InvocationType.BLOCKING : c.getInvocationType();
  }

  /** What a body cut for its client's slowness fails with. */
  private EofException tooSlow() {
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
