package org.wirebench.server.load;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadResult;
import org.wirebench.server.http.ContentCoding;

/**
 * Drives one {@link LoadPlan} over plain HTTP/1.1 and records latency in an HdrHistogram.
 *
 * <p>Closed model: N virtual users, each sending its next request when the last one answered (plus
 * an optional think time), as JMeter and ab do; bounded by time or, like ab, by a request count.
 * Open model ({@code rate > 0}): requests are sent on a fixed schedule and latency is measured from
 * the intended send time, so a stalled server is not hidden by the driver waiting for it (wrk2's
 * coordinated-omission fix), on up to N connections of the driver's own ({@link OpenModel}).
 * Warm-up responses are thrown away.
 *
 * <p>The requests go out from the driver's own event loops ({@link HttpLoop}, one a core as wrk
 * runs one thread a core; why not Jetty's client any more is said there), each owning a share of
 * the users' connections and of the open model's schedule. Only {@code http} targets are driven: an
 * {@code https} plan is refused before the run starts.
 */
public final class LoadDriver {
  private final LoadPlan plan;
  private final LoadTally tally = new LoadTally();

  /** Shared back-off after connect failures: 0, or 10 ms doubling to 1 s; reset by a success. */
  private final AtomicLong connectBackoffMs = new AtomicLong();

  private final AtomicLong inFlight = new AtomicLong();
  private final AtomicLong sequence = new AtomicLong();
  private final ResponseCheck check;
  private final ByteBuffer[] requests;
  // time mode: the measured window; count mode: every response of the measured pass counts
  private volatile long measureStartNs;
  private volatile long endNs;
  private volatile boolean measuring;
  private volatile boolean stopped;
  private volatile AtomicLong tickets;
  private volatile CountDownLatch done;
  private long measuredNs;
  private final List<HttpLoop> loops = new ArrayList<>();
  // the closed model's users, each with its own connection
  private LoadConnection[] users = new LoadConnection[0];
  private final List<OpenModel<LoadConnection>> opens = new ArrayList<>();

  public LoadDriver(LoadPlan plan) {
    for (URI target : plan.targets) {
      String problem = TargetUrls.problem(target, false);
      if (problem != null) {
        throw new IllegalArgumentException(problem);
      }
    }
    this.plan = plan;
    this.check = new ResponseCheck(plan.expectStatus, plan.lengthTolerance, plan.targets.size());
    this.requests = RequestBytes.encode(plan);
  }

  /** The measured phase's histogram (nanoseconds), for an HdrHistogram log. */
  public Histogram histogram() {
    return tally.histogram();
  }

  /** The first problem seen (any kind, warm-up included), or null. */
  public String firstProblem() {
    return tally.firstProblem();
  }

  /** The first problem of each kind, in one plain line each, warm-up included. */
  public Map<ErrorKind, String> firstProblems() {
    return tally.firstProblems();
  }

  public LoadResult run(PrintStream progress) throws Exception {
    int connections = Math.max(plan.users, 1);
    int loopCount = Math.max(1, Math.min(plan.selectors, connections));
    // resolved once, as a client resolves a destination once: an unknown host fails each connect
    InetSocketAddress address =
        new InetSocketAddress(plan.target.getHost(), TargetUrls.port(plan.target));
    for (int l = 0; l < loopCount; l++) {
      loops.add(new HttpLoop("load-loop-" + l, address, this::ended));
    }
    try {
      if (plan.rate <= 0) {
        users = new LoadConnection[connections];
        for (int u = 0; u < users.length; u++) {
          users[u] = loops.get(u % loopCount).connection(u);
        }
      }
      long start = System.nanoTime();
      Thread reporter =
          progress == null
              ? null
              : tally.progress(
                  progress, start, now -> measuring && now >= measureStartNs, inFlight::get);
      try {
        if (plan.requests > 0) {
          startLoops();
          runCounted();
        } else {
          measureStartNs = start + plan.rampUp.toNanos() + plan.warmup.toNanos();
          endNs = measureStartNs + plan.duration.toNanos();
          measuring = true;
          if (plan.rate > 0) {
            runOpen(start, connections);
          } else {
            startLoops();
            runClosed(Long.MAX_VALUE);
          }
          measuredNs = plan.duration.toNanos();
        }
      } finally {
        if (reporter != null) {
          reporter.interrupt();
        }
      }
    } finally {
      tally.unfinished(Math.max(0, inFlight.get()));
      if (inFlight.get() > 0) {
        tally.problem(
            ErrorKind.UNFINISHED,
            inFlight.get() + " request(s) still unanswered when the run ended");
      }
      stopped = true; // what is still open is counted as unfinished already
      for (OpenModel<LoadConnection> open : opens) {
        open.close();
      }
      for (HttpLoop loop : loops) {
        loop.stop(5000); // closes the loop's connections
      }
    }
    return tally.result(plan, measuredNs);
  }

  private void startLoops() {
    for (HttpLoop loop : loops) {
      loop.start();
    }
  }

  private void runCounted() throws InterruptedException {
    measureStartNs = Long.MIN_VALUE;
    endNs = Long.MAX_VALUE;
    if (plan.warmupRequests > 0) {
      runClosed(plan.warmupRequests);
    }
    measuring = true;
    long start = System.nanoTime();
    runClosed(plan.requests);
    measuredNs = System.nanoTime() - start;
  }

  /** Closed model until {@code endNs} or until {@code count} requests have been sent. */
  private void runClosed(long count) throws InterruptedException {
    tickets = new AtomicLong(count);
    int starting = (int) Math.min(plan.users, count);
    CountDownLatch latch = new CountDownLatch(starting);
    done = latch;
    long rampNs = plan.rampUp.toNanos();
    for (int u = 0; u < starting; u++) {
      long delayNs = rampNs * u / starting;
      LoadConnection user = users[u];
      if (delayNs == 0) {
        user.loop.execute(() -> sendClosed(user));
      } else {
        user.loop.execute(() -> user.loop.later(() -> sendClosed(user), delayNs));
      }
    }
    // count mode: every request ends by its answer or its timeout; time mode: answers to requests
    // sent in the window count until their own timeout; after that, whatever is still open is
    // counted as unfinished, never waited for silently
    long until =
        endNs == Long.MAX_VALUE
            ? Long.MAX_VALUE
            : endNs + plan.timeout.toNanos() + TimeUnit.SECONDS.toNanos(2);
    while (!latch.await(100, TimeUnit.MILLISECONDS)) {
      checkLoops();
      if (until != Long.MAX_VALUE && System.nanoTime() - until >= 0) {
        return;
      }
    }
  }

  /** Fails the run if a loop's thread ended by an exception (its answers would never come). */
  private void checkLoops() {
    for (HttpLoop loop : loops) {
      if (loop.crash() != null) {
        throw new IllegalStateException("the load driver's event loop failed", loop.crash());
      }
    }
  }

  /** On {@code user}'s loop: its next request, or its end when none is left. */
  private void sendClosed(LoadConnection user) {
    long sent = System.nanoTime();
    if (sent >= endNs || tickets.getAndDecrement() <= 0) {
      done.countDown();
      return;
    }
    inFlight.incrementAndGet();
    send(user, sequence.incrementAndGet(), sent, plan.timeout.toNanos());
  }

  /**
   * The open model: each loop sends every loop-count-th request of the schedule on its share of the
   * connections, queueing what finds none idle; then waits until nothing is in flight or the grace
   * has passed, the loops expiring queued requests as their timeouts pass.
   */
  private void runOpen(long start, int connections) throws InterruptedException {
    int loopCount = loops.size();
    long intervalNs = (long) (1e9 / plan.rate);
    for (int l = 0; l < loopCount; l++) {
      HttpLoop loop = loops.get(l);
      List<LoadConnection> own = new ArrayList<>();
      for (int c = l; c < connections; c += loopCount) {
        own.add(loop.connection(-1));
      }
      OpenModel<LoadConnection> open =
          new OpenModel<>(
              own,
              plan.timeout.toNanos(),
              Math.max(1, OpenModel.MAX_QUEUED / loopCount),
              loop::execute,
              new OpenModel.Exchanges<>() {
                @Override
                public void send(LoadConnection c, long n, long intendedNs, long timeoutMs) {
                  LoadDriver.this.send(c, n, intendedNs, TimeUnit.MILLISECONDS.toNanos(timeoutMs));
                }

                @Override
                public void expired(long intendedNs) {
                  failed(intendedNs, new TimeoutException()); // counted as a sent one's timeout is
                }

                @Override
                public void rejected(long intendedNs) {
                  // counted as the client's own queue counted its overflow
                  String why = OpenModel.MAX_QUEUED + " requests already queued for a connection";
                  failed(intendedNs, new RejectedExecutionException(why));
                }
              });
      opens.add(open);
      loop.open(open);
      loop.schedule(
          start + l * intervalNs,
          intervalNs * loopCount,
          endNs,
          () -> {
            inFlight.incrementAndGet();
            return sequence.incrementAndGet();
          });
    }
    startLoops();
    long wait = endNs - System.nanoTime();
    if (wait > 0) {
      TimeUnit.NANOSECONDS.sleep(wait);
    }
    // a loop may make its last requests due a little after the end: in flight only from then
    while (!loops.stream().allMatch(HttpLoop::scheduled)) {
      Thread.sleep(1);
    }
    checkLoops();
    long deadline = System.nanoTime() + plan.timeout.toNanos() + TimeUnit.SECONDS.toNanos(1);
    while (inFlight.get() > 0 && System.nanoTime() < deadline) {
      checkLoops();
      Thread.sleep(10);
    }
  }

  /** A request that failed without being sent: counted as a sent one's failure is. */
  private void failed(long intendedNs, Throwable failure) {
    record(failure, null, intendedNs, 0, false);
    inFlight.decrementAndGet();
  }

  /**
   * Sends request {@code n} on {@code c}, counted in flight already; latency counts from {@code
   * sentNs} (the intended time, open model). The body is kept only when validated or to be decoded:
   * copying uncoded bodies would cost the driver's CPU; coded ones are a fraction of their size.
   */
  private void send(LoadConnection c, long n, long sentNs, long timeoutNs) {
    boolean validate = plan.validateEvery > 0 && n % plan.validateEvery == 0;
    int index = (int) (n % plan.targets.size());
    c.n = n;
    c.sentNs = sentNs;
    c.index = index;
    c.validate = validate;
    c.send(
        requests[index].duplicate(),
        timeoutNs,
        validate || plan.encoding != ContentCoding.IDENTITY,
        plan.maxBodyBytes);
  }

  /** An exchange of {@code c} ended, on its loop: counted, then the user's or model's next step. */
  private void ended(LoadConnection c, Throwable failure) {
    record(failure, c.answer, c.sentNs, c.index, c.validate);
    inFlight.decrementAndGet();
    if (stopped) {
      return;
    }
    if (c.user < 0) {
      c.loop.open().answered(c, failure != null);
      return;
    }
    long backoff = connectBackoffMs.get();
    if (backoff > 0) {
      // a refused connection comes back at once: without a pause each user would retry in a
      // tight loop (hundreds of thousands of errors a second against a closed port)
      c.loop.later(() -> sendClosed(c), TimeUnit.MILLISECONDS.toNanos(backoff));
      return;
    }
    long thinkNs = plan.thinkNs();
    if (thinkNs > 0) {
      c.loop.later(() -> sendClosed(c), thinkNs);
    } else if (failure != null) {
      c.loop.execute(() -> sendClosed(c)); // never nested in the failing call
    } else {
      sendClosed(c);
    }
  }

  /**
   * @param answer the answer read (null when the request failed): its status, headers, the body's
   *     length as it came over the wire, and those bytes when kept (validated, or coded)
   * @param validate whether to run the plan's validator on the decoded body
   */
  private void record(
      Throwable failure, ResponseParser answer, long sentNs, int index, boolean validate) {
    if (stopped) {
      return;
    }
    long latency = System.nanoTime() - sentNs;
    long decodedLength = 0;
    long length = 0;
    boolean measured = measuring && sentNs >= measureStartNs && sentNs < endNs;
    ErrorKind error;
    if (failure != null) {
      error = failure instanceof TimeoutException ? ErrorKind.TIMEOUT : ErrorKind.CONNECT;
      tally.problem(error, Answers.describe(plan, failure));
      if (error == ErrorKind.CONNECT) {
        connectBackoffMs.updateAndGet(b -> Math.min(1000, Math.max(10, b * 2)));
      }
    } else {
      connectBackoffMs.set(0);
      length = answer.wireLength;
      Answers.Decoded d =
          Answers.decoded(
              plan, answer.status, answer.contentEncoding, length, answer.body(), validate);
      error =
          d.problem() != null
              ? ErrorKind.VALIDATION
              : check.check(index, answer.status, answer.contentType, d.length());
      if (d.problem() != null) {
        tally.problem(error, d.problem());
      } else if (error != null) {
        tally.problem(error, "status " + answer.status + ", " + d.length() + " bytes");
      } else if (validate) {
        String why = plan.validator.problem(index, d.body());
        if (why != null) {
          error = ErrorKind.VALIDATION;
          tally.problem(error, why);
        }
      }
      decodedLength = d.length();
    }
    if (error != null) {
      tally.error(error, measured);
      return;
    }
    if (!measured) {
      if (sentNs < endNs) {
        tally.warmedUp(); // not measured, but the progress line shows the warm-up is answered
      }
      return; // a good warm-up answer, or one sent after the end: not measured
    }
    tally.answered(latency, decodedLength, length);
  }
}
