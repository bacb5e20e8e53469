package org.wirebench.server;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * The callback of a refusal sent before the request's body was read: once the answer is written,
 * reads the body and drops it (as it arrives, holding no thread), then completes the request, whose
 * connection then closes. A client that sends its body without waiting for an answer (no {@code
 * Expect: 100-continue}) so has the answer in hand at once and sees it, not a broken pipe: the
 * server neither closes under its feet nor waits for the whole body before answering. Reading stops
 * at the body's end, past {@code maxDropped} bytes, or {@code timeoutMs} after this callback is
 * made: the deadline is scheduled then, before the answer is written, so writing the answer counts
 * against the same time.
 */
final class BodyDrain implements Callback, Runnable {
  private final Request request;
  private final Callback callback;
  private final long maxDropped;
  private final Scheduler.Task deadline;
  private final AtomicBoolean done = new AtomicBoolean();
  private long dropped;

  BodyDrain(
      Request request, Callback callback, long maxDropped, Scheduler scheduler, long timeoutMs) {
    this.request = request;
    this.callback = callback;
    this.maxDropped = maxDropped;
    this.deadline = scheduler.schedule(this::end, timeoutMs, TimeUnit.MILLISECONDS);
  }

  @Override
  public void succeeded() {
    run();
  }

  @Override
  public void failed(Throwable x) {
    if (done.compareAndSet(false, true)) {
      deadline.cancel();
      callback.failed(x);
    }
  }

  @Override
  public void run() {
    while (!done.get()) {
      Content.Chunk chunk = request.read();
      if (chunk == null) {
        request.demand(this);
        return;
      }
      boolean last = chunk.isLast() || Content.Chunk.isFailure(chunk);
      dropped += chunk.remaining();
      chunk.release();
      if (last || dropped > maxDropped) {
        end();
        return;
      }
    }
  }

  /** Completes the request once: the answer was written, so it succeeded whatever the body did. */
  private void end() {
    if (done.compareAndSet(false, true)) {
      deadline.cancel();
      callback.succeeded();
    }
  }
}
