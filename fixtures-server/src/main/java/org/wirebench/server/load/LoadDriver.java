package org.wirebench.server.load;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.Destination;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.util.thread.Invocable;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadResult;
import org.wirebench.server.http.ContentCoding;

/**
 * Drives one {@link LoadPlan} with Jetty's HttpClient and records latency in an HdrHistogram.
 *
 * <p>Closed model: N virtual users, each sending its next request when the last one answered (plus
 * an optional think time), as JMeter and ab do; bounded by time or, like ab, by a request count.
 * Open model ({@code rate > 0}): requests are sent on a fixed schedule and latency is measured from
 * the intended send time, so a stalled server is not hidden by the driver waiting for it (wrk2's
 * coordinated-omission fix), on up to N connections of the driver's own ({@link OpenModel}).
 * Warm-up responses are thrown away.
 */
public final class LoadDriver {
  private final LoadPlan plan;
  private final LoadTally tally = new LoadTally();

  /** Shared back-off after connect failures: 0, or 10 ms doubling to 1 s; reset by a success. */
  private final AtomicLong connectBackoffMs = new AtomicLong();

  private final AtomicLong inFlight = new AtomicLong();
  private final AtomicLong sequence = new AtomicLong();
  private final ResponseCheck check;
  // time mode: the measured window; count mode: every response of the measured pass counts
  private volatile long measureStartNs;
  private volatile long endNs;
  private volatile boolean measuring;
  private volatile boolean stopped;
  private AtomicLong tickets;
  private long measuredNs;
  // the closed model's users, each with its own connection; the open model's connections
  private UserConnection[] users = new UserConnection[0];
  private volatile OpenModel open;

  public LoadDriver(LoadPlan plan) {
    this.plan = plan;
    this.check = new ResponseCheck(plan.expectStatus, plan.lengthTolerance, plan.targets.size());
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
    HttpClient client = client();
    client.start();
    // start() installs every decoder on the class path when none is set; without any, the client
    // sends no Accept-Encoding of its own and hands over bodies as they came over the wire: the
    // driver asks for the plan's coding and decodes it itself, counting both sizes
    client.getContentDecoderFactories().clear();
    try {
      Destination destination = client.resolveDestination(client.newRequest(plan.target));
      if (plan.rate <= 0) {
        users = new UserConnection[Math.max(plan.users, 1)];
        for (int u = 0; u < users.length; u++) {
          users[u] = new UserConnection(destination);
        }
      } else {
        open = openModel(client, destination);
      }
      long start = System.nanoTime();
      Thread reporter =
          progress == null
              ? null
              : tally.progress(
                  progress, start, now -> measuring && now >= measureStartNs, inFlight::get);
      try {
        if (plan.requests > 0) {
          runCounted(client);
        } else {
          measureStartNs = start + plan.rampUp.toNanos() + plan.warmup.toNanos();
          endNs = measureStartNs + plan.duration.toNanos();
          measuring = true;
          if (plan.rate > 0) {
            open.run(
                start,
                (long) (1e9 / plan.rate),
                endNs,
                plan.timeout.toNanos() + TimeUnit.SECONDS.toNanos(1),
                () -> {
                  inFlight.incrementAndGet();
                  return sequence.incrementAndGet();
                },
                inFlight::get);
          } else {
            runClosed(client, Long.MAX_VALUE);
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
      stopped = true; // stopping the client fails what is open: already counted as unfinished
      for (UserConnection user : users) {
        user.close(); // the users' own connections are not the pool's, which stop() closes
      }
      if (open != null) {
        open.close();
      }
      client.stop();
    }
    return tally.result(plan, measuredNs);
  }

  private HttpClient client() {
    // one selector per core, as wrk runs one thread per core: with a single selector the driver
    // reached 57% of wrk's rate on /static/1024, with two 89-93% (2 cores, docs/results.md)
    HttpClient client = new HttpClient(new HttpClientTransportOverHTTP(plan.selectors));
    if (plan.validateEvery == 0) {
      // the listeners only count and send the next request: run them on the selector thread
      // instead of handing each response to a pool thread (which cost a third of the throughput)
      client.getHttpClientTransport().setInvocationType(Invocable.InvocationType.NON_BLOCKING);
    }
    QueuedThreadPool threads = new QueuedThreadPool(Math.max(8, Math.min(plan.users, 64)));
    threads.setName("load");
    threads.setDaemon(true);
    client.setExecutor(threads);
    client.setMaxConnectionsPerDestination(Math.max(plan.users, 1));
    // a user's connect is bounded as its request is (the request's timeout starts once it is sent)
    client.setConnectTimeout(plan.timeout.toMillis());
    client.setMaxRequestsQueuedPerDestination(1 << 20);
    client.setFollowRedirects(false);
    client.setUserAgentField(null);
    client.setHttpCookieStore(new org.eclipse.jetty.http.HttpCookieStore.Empty());
    return client;
  }

  private void runCounted(HttpClient client) throws InterruptedException {
    measureStartNs = Long.MIN_VALUE;
    endNs = Long.MAX_VALUE;
    if (plan.warmupRequests > 0) {
      runClosed(client, plan.warmupRequests);
    }
    measuring = true;
    long start = System.nanoTime();
    runClosed(client, plan.requests);
    measuredNs = System.nanoTime() - start;
  }

  /** Closed model until {@code endNs} or until {@code count} requests have been sent. */
  private void runClosed(HttpClient client, long count) throws InterruptedException {
    tickets = new AtomicLong(count);
    int starting = (int) Math.min(plan.users, count);
    CountDownLatch done = new CountDownLatch(starting);
    long rampNs = plan.rampUp.toNanos();
    for (int u = 0; u < starting; u++) {
      long delayNs = rampNs * u / starting;
      UserConnection user = users[u];
      if (delayNs == 0) {
        sendClosed(client, user, done);
      } else {
        client
            .getScheduler()
            .schedule(() -> sendClosed(client, user, done), delayNs, TimeUnit.NANOSECONDS);
      }
    }
    if (endNs == Long.MAX_VALUE) {
      done.await(); // count mode: every request ends by its answer or its timeout
    } else {
      // time mode: answers to requests sent in the window count until their own timeout; after
      // that, whatever is still open is counted as unfinished, never waited for silently
      long grace = plan.timeout.toNanos() + TimeUnit.SECONDS.toNanos(2);
      done.await(Math.max(0, endNs + grace - System.nanoTime()), TimeUnit.NANOSECONDS);
    }
  }

  private void sendClosed(HttpClient client, UserConnection user, CountDownLatch done) {
    long sent = System.nanoTime();
    if (sent >= endNs || tickets.getAndDecrement() <= 0) {
      done.countDown();
      return;
    }
    inFlight.incrementAndGet();
    send(
        client,
        user,
        sequence.incrementAndGet(),
        sent,
        plan.timeout.toMillis(),
        failed -> {
          long backoff = connectBackoffMs.get();
          if (backoff > 0) {
            // a refused connection comes back at once: without a pause each user would retry in
            // a tight loop (hundreds of thousands of errors a second against a closed port)
            client
                .getScheduler()
                .schedule(() -> sendClosed(client, user, done), backoff, TimeUnit.MILLISECONDS);
            return;
          }
          long thinkNs = plan.thinkNs();
          if (thinkNs > 0) {
            client
                .getScheduler()
                .schedule(() -> sendClosed(client, user, done), thinkNs, TimeUnit.NANOSECONDS);
            return;
          }
          sendClosed(client, user, done);
        });
  }

  /** The open model's connections, whose requests this driver sends and counts. */
  private OpenModel openModel(HttpClient client, Destination destination) {
    return new OpenModel(
        destination,
        Math.max(plan.users, 1),
        plan.timeout.toNanos(),
        OpenModel.MAX_QUEUED,
        client.getExecutor(),
        new OpenModel.Exchanges() {
          @Override
          public void send(UserConnection connection, long n, long intendedNs, long timeoutMs) {
            LoadDriver.this.send(
                client, connection, n, intendedNs, timeoutMs, f -> open.answered(connection, f));
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
  }

  /** A request that failed without being sent: counted as a sent one's failure is. */
  private void failed(long intendedNs, Throwable failure) {
    record(new Result(null, failure, null), intendedNs, 0, null, 0, false);
    inFlight.decrementAndGet();
  }

  /**
   * Sends request {@code n} on {@code user}'s own connection, counted in flight already; latency
   * counts from {@code sentNs} (the intended time, open model); {@code next} hears if it failed.
   */
  private void send(
      HttpClient client, UserConnection user, long n, long sentNs, long timeoutMs, Next next) {
    boolean keep = plan.validateEvery > 0 && n % plan.validateEvery == 0;
    int index = (int) (n % plan.targets.size());
    Request request =
        client
            .newRequest(plan.targets.get(index))
            .method(plan.method)
            .timeout(timeoutMs, TimeUnit.MILLISECONDS);
    if (!plan.headers.isEmpty()) {
      request.headers(h -> plan.headers.forEach(h::put));
    }
    if (plan.encoding != ContentCoding.IDENTITY) {
      request.headers(h -> h.put(HttpHeader.ACCEPT_ENCODING, plan.encoding.token()));
    }
    if (plan.body != null) {
      request.body(new BytesRequestContent(contentType(), plan.body));
    }
    // counted, and only kept when validated or to be decoded: copying uncoded bodies would cost
    // the driver's CPU; coded ones are a fraction of their decoded size
    Response.Listener listener =
        new Response.Listener() {
          private long length;
          private final ByteArrayOutputStream kept =
              keep || plan.encoding != ContentCoding.IDENTITY ? new ByteArrayOutputStream() : null;

          @Override
          public void onContent(Response response, ByteBuffer content) {
            length += content.remaining();
            if (kept != null) {
              byte[] chunk = new byte[content.remaining()];
              content.get(chunk);
              kept.write(chunk, 0, chunk.length);
            }
          }

          @Override
          public void onComplete(Result result) {
            record(result, sentNs, length, kept == null ? null : kept.toByteArray(), index, keep);
            inFlight.decrementAndGet();
            next.ended(result.isFailed());
          }
        };
    user.send(request, listener);
  }

  /** What follows a request's end, told whether it failed. */
  @FunctionalInterface
  private interface Next {
    void ended(boolean failed);
  }

  private String contentType() {
    String type = plan.headers.get("Content-Type");
    return type == null ? "application/octet-stream" : type;
  }

  /**
   * @param length body bytes as they came over the wire
   * @param body those bytes when kept (validated, or coded), else null
   * @param validate whether to run the plan's validator on the decoded body
   */
  private void record(
      Result result, long sentNs, long length, byte[] body, int index, boolean validate) {
    if (stopped) {
      return;
    }
    long latency = System.nanoTime() - sentNs;
    long decodedLength = 0;
    boolean measured = measuring && sentNs >= measureStartNs && sentNs < endNs;
    ErrorKind error;
    if (result.isFailed()) {
      Throwable f = result.getFailure();
      error = f instanceof TimeoutException ? ErrorKind.TIMEOUT : ErrorKind.CONNECT;
      tally.problem(error, Answers.describe(plan, f));
      if (error == ErrorKind.CONNECT) {
        connectBackoffMs.updateAndGet(b -> Math.min(1000, Math.max(10, b * 2)));
      }
    } else {
      connectBackoffMs.set(0);
      var response = result.getResponse();
      Answers.Decoded d = Answers.decoded(plan, response, length, body, validate);
      error =
          d.problem() != null
              ? ErrorKind.VALIDATION
              : check.check(
                  index,
                  response.getStatus(),
                  response.getHeaders().get(HttpHeader.CONTENT_TYPE),
                  d.length());
      if (d.problem() != null) {
        tally.problem(error, d.problem());
      } else if (error != null) {
        tally.problem(error, "status " + response.getStatus() + ", " + d.length() + " bytes");
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
      return; // a good warm-up answer, or one sent after the end: not measured
    }
    tally.answered(latency, decodedLength, length);
  }
}
