package org.wirebench.server;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Request bodies are read here, without a thread, before any service sees them. The servlets (the
 * SOAP stacks) read with blocking calls: 250 clients sending a body one byte every 5 s held every
 * server thread, and /static stopped answering. Here a body is read as it arrives (a thread only
 * while bytes are there to copy), must be complete within {@code timeoutMs} of the request head
 * (else 408, the connection closed), and may be at most {@code maxBytes} long: a larger declared
 * Content-Length is refused with 413 before anything is read when the client sent {@code Expect:
 * 100-continue} (it never gets {@code 100 Continue}) or declared more than {@value #DISCARD_FACTOR}
 * times the limit; otherwise, as for a chunked body past the limit, the rest is read and dropped
 * first (no thread held either), then refused. The service then gets the whole body from memory.
 * Refusals are in the service's format ({@link ServiceErrors}).
 */
final class BodyGate extends Handler.Wrapper {
  /**
   * A body over the limit that is already on its way (no {@code Expect: 100-continue}) and at most
   * this many times the limit is read and dropped before the 413, so the client sees the answer and
   * not a broken pipe; a larger one is cut off.
   */
  static final int DISCARD_FACTOR = 8;

  private final Scheduler scheduler;
  private final long maxBytes;
  private volatile long timeoutMs;

  /**
   * @param maxBytes request body limit, 1..2^31-1
   * @param timeoutMs a body must have arrived this long after its head, 1..600000
   */
  BodyGate(Handler next, Scheduler scheduler, long maxBytes, long timeoutMs) {
    super(next);
    this.scheduler = scheduler;
    this.maxBytes = maxBytes;
    this.timeoutMs = timeoutMs;
  }

  void timeoutMs(long ms) {
    if (ms < 1 || ms > 600_000) {
      throw new IllegalArgumentException("body timeout ms must be 1..600000, was " + ms);
    }
    timeoutMs = ms;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    long declared = request.getLength();
    boolean chunked = request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    if (declared <= 0 && !chunked) {
      return super.handle(request, response, callback);
    }
    if (declared > maxBytes
        && (declared > DISCARD_FACTOR * maxBytes
            || request.getHeaders().contains(HttpHeader.EXPECT, "100-continue"))) {
      // not read: a client waiting for 100 Continue sends nothing, one far above the limit is cut
      refuse(
          request, response, callback, HttpStatus.PAYLOAD_TOO_LARGE_413, tooLarge(declared), true);
      return true;
    }
    new Body(request, response, callback, declared).run();
    return true;
  }

  private String tooLarge(long declared) {
    return (declared >= 0 ? "the request body of " + declared + " bytes" : "the request body")
        + " is above this server's limit of "
        + maxBytes
        + " bytes";
  }

  /**
   * @param close true when the body was not read to its end: the connection cannot carry another
   *     request after this answer
   */
  private static void refuse(
      Request request,
      Response response,
      Callback callback,
      int status,
      String cause,
      boolean close) {
    if (close) {
      response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
    }
    ServiceErrors.of(request.getHttpURI().getPath())
        .write(response, callback, status, request.getHttpURI().getQuery(), cause);
  }

  /** One body being read; {@link #run} is its demand callback. */
  private final class Body implements Runnable {
    private final Request request;
    private final Response response;
    private final Callback callback;
    private final AtomicBoolean done = new AtomicBoolean();
    private final Scheduler.Task deadline;
    private final long declared;
    private byte[] bytes;
    private int size;

    /** Bytes read past the limit and dropped; the body is refused once it has ended. */
    private long dropped;

    Body(Request request, Response response, Callback callback, long declared) {
      this.request = request;
      this.response = response;
      this.callback = callback;
      this.declared = declared;
      // grown as bytes arrive: a declared length costs nothing until the bytes are there
      this.bytes = new byte[(int) Math.min(declared > 0 ? declared : 8192, 64 * 1024)];
      this.deadline = scheduler.schedule(this::expire, timeoutMs, TimeUnit.MILLISECONDS);
    }

    @Override
    public void run() {
      while (!done.get()) {
        Content.Chunk chunk = request.read();
        if (chunk == null) {
          request.demand(this);
          return;
        }
        if (Content.Chunk.isFailure(chunk)) {
          // the client went away or sent a broken body: nobody is left to answer
          if (finish()) {
            callback.failed(chunk.getFailure());
          }
          return;
        }
        ByteBuffer b = chunk.getByteBuffer();
        if (dropped > 0 || (long) size + b.remaining() > maxBytes) {
          dropped += b.remaining();
          boolean last = chunk.isLast();
          chunk.release();
          boolean cut = size + dropped > DISCARD_FACTOR * maxBytes;
          if ((last || cut) && finish()) {
            refuse(
                request,
                response,
                callback,
                HttpStatus.PAYLOAD_TOO_LARGE_413,
                tooLarge(declared),
                cut);
          }
          if (last || cut) {
            return;
          }
          continue;
        }
        if (size + b.remaining() > bytes.length) {
          bytes = Arrays.copyOf(bytes, (int) Math.min(maxBytes, 2L * (size + b.remaining())));
        }
        int n = b.remaining();
        b.get(bytes, size, n);
        size += n;
        boolean last = chunk.isLast();
        chunk.release();
        if (last) {
          if (finish()) {
            dispatch();
          }
          return;
        }
      }
    }

    private boolean finish() {
      if (!done.compareAndSet(false, true)) {
        return false;
      }
      deadline.cancel();
      return true;
    }

    private void expire() {
      if (done.compareAndSet(false, true)) {
        refuse(
            request,
            response,
            callback,
            HttpStatus.REQUEST_TIMEOUT_408,
            "the request body did not arrive within " + timeoutMs + " ms",
            true);
      }
    }

    private void dispatch() {
      Request whole = new Buffered(request, ByteBuffer.wrap(bytes, 0, size));
      try {
        if (!BodyGate.this.getHandler().handle(whole, response, callback)) {
          Response.writeError(whole, response, callback, HttpStatus.NOT_FOUND_404);
        }
      } catch (Throwable t) {
        Response.writeError(whole, response, callback, t);
      }
    }
  }

  /** A request whose body was read already: one last chunk, then the end. */
  private static final class Buffered extends Request.Wrapper {
    private Content.Chunk body;

    Buffered(Request request, ByteBuffer bytes) {
      super(request);
      this.body = Content.Chunk.from(bytes, true);
    }

    @Override
    public synchronized Content.Chunk read() {
      Content.Chunk next = body;
      body = Content.Chunk.EOF;
      return next;
    }

    @Override
    public void demand(Runnable demandCallback) {
      demandCallback.run();
    }

    @Override
    public boolean consumeAvailable() {
      read();
      return true;
    }
  }
}
