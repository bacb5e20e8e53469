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
 * Content-Length is refused with 413 as soon as the head is read, before anything else; the body is
 * not read when the client sent {@code Expect: 100-continue} (it never gets {@code 100 Continue})
 * or declared more than {@value #DISCARD_FACTOR} times the limit, and otherwise read and dropped
 * after the answer ({@link BodyDrain}), so that the client sees it and not a broken pipe. A chunked
 * body is refused so as soon as a chunk's size line takes it past the limit, before that chunk's
 * data ({@link RequestTargets#chunkedAtLeast}), and otherwise, once what arrived passes it, read
 * and dropped first (no thread held either), then refused. With {@code Expect: 100-continue} a
 * request its service refuses from the head alone ({@link HeadRefusals}) goes to the service
 * unread, so the client gets that final answer and no {@code 100 Continue}. The service otherwise
 * gets the whole body from memory. The bodies held at once are bounded by {@link BodyBudget}; a
 * body refused for want of room (429, 503) is also dropped after the answer, as a 413 is. Refusals
 * are in the service's format ({@link ServiceErrors}).
 */
final class BodyGate extends Handler.Wrapper {
  /**
   * A body over the limit that is already on its way (no {@code Expect: 100-continue}) and at most
   * this many times the limit is read and dropped before the 413, so the client sees the answer and
   * not a broken pipe; a larger one is cut off.
   */
  static final int DISCARD_FACTOR = 8;

  /** Bytes of request bodies all requests may hold in memory at once, at least twice the limit. */
  static final long DEFAULT_BUDGET_BYTES = 256L << 20;

  private final Scheduler scheduler;
  private final long maxBytes;
  private final BodyBudget budget;
  private final java.util.function.Predicate<Request> refusedByHead;
  private volatile long timeoutMs;

  /**
   * @param maxBytes request body limit, 1..2^31-1
   * @param timeoutMs a body must have arrived this long after its head, 1..600000
   * @param refusedByHead whether the service refuses a request from its head alone, never reading
   *     its body
   */
  BodyGate(
      Handler next,
      Scheduler scheduler,
      long maxBytes,
      long timeoutMs,
      java.util.function.Predicate<Request> refusedByHead) {
    super(next);
    this.scheduler = scheduler;
    this.maxBytes = maxBytes;
    this.timeoutMs = timeoutMs;
    this.refusedByHead = refusedByHead;
    this.budget =
        new BodyBudget(maxBytes, Math.max(DEFAULT_BUDGET_BYTES, BodyBudget.leastBytes(maxBytes)));
  }

  /** Bytes of bodies held in memory at once by all requests, 1..2^62; a body past it gets 503. */
  void budgetBytes(long bytes) {
    if (bytes < 1 || bytes > 1L << 62) {
      throw new IllegalArgumentException("body budget must be 1..2^62 bytes, was " + bytes);
    }
    budget.budgetBytes(bytes);
  }

  /** One client's share of the budget follows its share of the server's threads. */
  void threadsPerClient(int threads) {
    budget.threadsPerClient(threads);
  }

  /** Bytes of request bodies reserved now, by every request being read or served. */
  long bufferedBytes() {
    return budget.total();
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
    boolean expects = request.getHeaders().contains(HttpHeader.EXPECT, "100-continue");
    if (declared > maxBytes) {
      refuseTooLarge(request, response, callback, declared, declared, expects);
      return true;
    }
    if (expects && refusedByHead.test(request)) {
      // the service answers from the head without reading: no 100 Continue, no body sent
      return super.handle(request, response, callback);
    }
    new Body(request, response, callback, declared).run();
    return true;
  }

  /**
   * Answers 413 to a body of at least {@code size} bytes, above the limit, before reading it (from
   * its declared length, or from a chunk's size line): not read when a client waiting for 100
   * Continue sends nothing ({@code unsent}) or when it is far above the limit (cut); any other is
   * read and dropped after the answer.
   *
   * @param declared the request's declared length, for the message (negative: none)
   */
  private void refuseTooLarge(
      Request request,
      Response response,
      Callback callback,
      long declared,
      long size,
      boolean unsent) {
    boolean cut = unsent || size > DISCARD_FACTOR * maxBytes;
    Callback then =
        cut
            ? callback
            : new BodyDrain(request, callback, DISCARD_FACTOR * maxBytes, scheduler, timeoutMs);
    refuse(request, response, then, HttpStatus.PAYLOAD_TOO_LARGE_413, tooLarge(declared), true);
  }

  private String tooLarge(long declared) {
    return (declared >= 0 ? "the request body of " + declared + " bytes" : "the request body")
        + " is above this server's limit of "
        + maxBytes
        + " bytes";
  }

  /**
   * Answers a request refused before its service in the path's format ({@link ServiceErrors}): how
   * every gate in front of the services writes its refusal.
   *
   * @param close true when the body was not read to its end: the connection cannot carry another
   *     request after this answer
   */
  static void refuse(
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
    private final String client;
    private byte[] bytes = new byte[0];
    private int size;

    /** Bytes reserved from the server's budget (the buffer's capacity), given back once. */
    private long held;

    private boolean released;

    /** Bytes read past the limit and dropped; the body is refused once it has ended. */
    private long dropped;

    Body(Request request, Response response, Callback callback, long declared) {
      this.request = request;
      this.response = response;
      this.callback = callback;
      this.declared = declared;
      this.client = org.wirebench.server.http.ClientAddress.of(request);
      this.deadline = scheduler.schedule(this::expire, timeoutMs, TimeUnit.MILLISECONDS);
    }

    @Override
    public void run() {
      while (!done.get()) {
        Content.Chunk chunk = request.read();
        if (chunk == null) {
          // the read may have parsed a chunk's size line and no data yet: that line may refuse it
          if (!declaredAboveLimit()) {
            request.demand(this);
          }
          return;
        }
        if (Content.Chunk.isFailure(chunk)) {
          if (finish()) {
            release();
            if (!RequestTargets.brokenChunk(request.getConnectionMetaData())) {
              callback.failed(chunk.getFailure()); // the client went away: nobody to answer
            } else {
              refuse(
                  request,
                  response,
                  callback,
                  HttpStatus.BAD_REQUEST_400,
                  "the chunked request body is malformed: a chunk size that is not hex digits"
                      + " or is too large, or chunk data not followed by CR LF; a chunk is its"
                      + " size in hex digits, CR LF, that many bytes, CR LF, and the body ends"
                      + " with a chunk of size 0",
                  true);
            }
          }
          return;
        }
        if (declaredAboveLimit()) {
          chunk.release();
          return;
        }
        ByteBuffer b = chunk.getByteBuffer();
        if (dropped > 0 || (long) size + b.remaining() > maxBytes) {
          dropped += b.remaining();
          boolean last = chunk.isLast();
          chunk.release();
          boolean cut = size + dropped > DISCARD_FACTOR * maxBytes;
          if ((last || cut) && finish()) {
            release();
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
        BodyBudget.Outcome room =
            size + b.remaining() > bytes.length
                ? grow(size + b.remaining())
                : BodyBudget.Outcome.TAKEN;
        if (room != BodyBudget.Outcome.TAKEN) {
          boolean last = chunk.isLast();
          chunk.release();
          if (finish()) {
            release();
            response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
            boolean mine = room == BodyBudget.Outcome.CLIENT_FULL;
            // the rest of the body is on its way: dropped after the answer, as for a 413, so the
            // client reads the answer and its Retry-After, not a connection reset
            Callback then =
                last
                    ? callback
                    : new BodyDrain(
                        request, callback, DISCARD_FACTOR * maxBytes, scheduler, timeoutMs);
            refuse(
                request,
                response,
                then,
                mine ? HttpStatus.TOO_MANY_REQUESTS_429 : HttpStatus.SERVICE_UNAVAILABLE_503,
                mine
                    ? "this client's request bodies being read or served hold its share of the"
                        + " server's memory for bodies ("
                        + budget.clientBytes()
                        + " bytes); try again once one is answered"
                    : "the server holds as many request bodies as it can; try again",
                true);
          }
          return;
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

    /**
     * Whether a chunk's declared size has taken the body past the limit: then it is refused now,
     * before that chunk's data, as a declared length is (the one who ends the reading answers).
     */
    private boolean declaredAboveLimit() {
      long atLeast = RequestTargets.chunkedAtLeast(request.getConnectionMetaData());
      if (dropped > 0 || atLeast <= maxBytes) {
        return false;
      }
      if (finish()) {
        release();
        // a chunk's size line arrived: the body is on its way
        refuseTooLarge(request, response, callback, declared, atLeast, false);
      }
      return true;
    }

    /**
     * Grows the buffer to hold {@code want} bytes, within the server's budget. A declared length
     * costs nothing until the first bytes are there, and is then reserved whole: bodies that grew
     * step by step could each hold part of the budget and all be refused where one would fit. A
     * chunked body grows by doubling.
     */
    private synchronized BodyBudget.Outcome grow(int want) {
      if (released) { // the deadline ended this body while a chunk was being copied
        return BodyBudget.Outcome.SERVER_FULL;
      }
      long capacity = Math.min(maxBytes, Math.max(8192L, 2L * want));
      if (declared > 0) {
        capacity = Math.max(want, Math.min(maxBytes, declared));
      }
      BodyBudget.Outcome room = budget.reserve(client, capacity - bytes.length);
      if (room != BodyBudget.Outcome.TAKEN) {
        return room;
      }
      held += capacity - bytes.length;
      bytes = Arrays.copyOf(bytes, (int) capacity);
      return room;
    }

    private synchronized void release() {
      if (!released) {
        released = true;
        budget.release(client, held);
      }
    }

    /** True for the one caller that ends the reading; anything but a dispatch releases. */
    private boolean finish() {
      if (!done.compareAndSet(false, true)) {
        return false;
      }
      deadline.cancel();
      return true;
    }

    private void expire() {
      if (done.compareAndSet(false, true)) {
        release();
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
      Request whole = new BufferedRequest(request, ByteBuffer.wrap(bytes, 0, size));
      // the body counts against the budget until its answer is complete
      Callback then =
          new Callback.Nested(callback) {
            @Override
            public void succeeded() {
              release();
              super.succeeded();
            }

            @Override
            public void failed(Throwable x) {
              release();
              super.failed(x);
            }
          };
      try {
        if (!BodyGate.this.getHandler().handle(whole, response, then)) {
          Response.writeError(whole, response, then, HttpStatus.NOT_FOUND_404);
        }
      } catch (Throwable t) {
        Response.writeError(whole, response, then, t);
      }
    }
  }
}
