package org.wirebench.load;

import java.io.PrintStream;
import java.net.ConnectException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http.HttpHeader;

/**
 * Drives one URL with Jetty's HttpClient and records latency in an HdrHistogram.
 *
 * <p>Closed model: {@code users} virtual users, each sending its next request when the last one
 * answered (plus an optional think time), as JMeter and ab do. Open model ({@code rate > 0}):
 * requests are sent on a fixed schedule and latency is measured from the intended send time, so a
 * stalled server is not hidden by the driver waiting for it (wrk2's coordinated-omission fix).
 * Responses sent during the warm-up are thrown away.
 */
public final class LoadDriver {
  /**
   * @param users concurrent users, 1..10000 (closed model; the open model's connection cap)
   * @param rate requests per second for the open model, 0 for the closed model
   * @param thinkTimeMs pause between a user's requests, 0..60000
   * @param lengthTolerance allowed relative deviation of a response's length from the first one
   */
  public record Options(
      URI target,
      int users,
      double rate,
      Duration warmup,
      Duration duration,
      long thinkTimeMs,
      int expectStatus,
      double lengthTolerance,
      Duration timeout) {}

  private final Options options;
  private final Histogram histogram = new ConcurrentHistogram(TimeUnit.HOURS.toNanos(1), 3);
  private final LongAdder ok = new LongAdder();
  private final LongAdder bytes = new LongAdder();
  private final Map<String, LongAdder> errors = new LinkedHashMap<>();
  private final AtomicLong inFlight = new AtomicLong();
  private final ResponseCheck check;
  private long measureStartNs;
  private long endNs;

  public LoadDriver(Options options) {
    this.options = options;
    this.check = new ResponseCheck(options.expectStatus(), options.lengthTolerance());
    for (String kind : new String[] {"connect", "timeout", "status", "validation"}) {
      errors.put(kind, new LongAdder());
    }
  }

  /** The measured phase's histogram (nanoseconds), for an HdrHistogram log. */
  public Histogram histogram() {
    return histogram;
  }

  public LoadResult run(PrintStream progress) throws Exception {
    HttpClient client = new HttpClient();
    client.setMaxConnectionsPerDestination(Math.max(options.users(), 1));
    client.setMaxRequestsQueuedPerDestination(1 << 20);
    client.setFollowRedirects(false);
    client.start();
    try {
      long start = System.nanoTime();
      measureStartNs = start + options.warmup().toNanos();
      endNs = measureStartNs + options.duration().toNanos();
      Thread reporter = progress == null ? null : startProgress(progress, start);
      if (options.rate() > 0) {
        runOpen(client, start);
      } else {
        runClosed(client);
      }
      if (reporter != null) {
        reporter.interrupt();
      }
    } finally {
      client.stop();
    }
    return result();
  }

  private void runClosed(HttpClient client) throws InterruptedException {
    CountDownLatch done = new CountDownLatch(options.users());
    for (int u = 0; u < options.users(); u++) {
      sendClosed(client, done);
    }
    done.await(
        options.warmup().plus(options.duration()).plus(options.timeout()).toMillis() + 5000,
        TimeUnit.MILLISECONDS);
  }

  private void sendClosed(HttpClient client, CountDownLatch done) {
    long sent = System.nanoTime();
    if (sent >= endNs) {
      done.countDown();
      return;
    }
    send(
        client,
        sent,
        () -> {
          if (options.thinkTimeMs() > 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(options.thinkTimeMs()));
          }
          sendClosed(client, done);
        });
  }

  private void runOpen(HttpClient client, long start) throws InterruptedException {
    long intervalNs = (long) (1e9 / options.rate());
    for (long i = 0; ; i++) {
      long intended = start + i * intervalNs;
      if (intended >= endNs) {
        break;
      }
      long wait = intended - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      }
      send(client, intended, () -> {});
    }
    long deadline = System.nanoTime() + options.timeout().toNanos() + TimeUnit.SECONDS.toNanos(1);
    while (inFlight.get() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
  }

  /** Sends one request; latency counts from {@code sentNs} (the intended time, open model). */
  private void send(HttpClient client, long sentNs, Runnable next) {
    inFlight.incrementAndGet();
    client
        .newRequest(options.target())
        .timeout(options.timeout().toMillis(), TimeUnit.MILLISECONDS)
        .send(
            new Response.Listener() {
              // counted, not kept: the driver must not spend its CPU copying bodies
              private long length;

              @Override
              public void onContent(Response response, ByteBuffer content) {
                length += content.remaining();
              }

              @Override
              public void onComplete(Result result) {
                record(result, sentNs, length);
                inFlight.decrementAndGet();
                next.run();
              }
            });
  }

  private void record(Result result, long sentNs, long length) {
    long latency = System.nanoTime() - sentNs;
    if (sentNs < measureStartNs || sentNs >= endNs) {
      return; // warm-up, or after the end: not measured
    }
    String error;
    if (result.isFailed()) {
      Throwable f = result.getFailure();
      error =
          f instanceof TimeoutException
              ? "timeout"
              : f instanceof ConnectException ? "connect" : "connect";
    } else {
      var response = result.getResponse();
      error =
          check.check(
              response.getStatus(), response.getHeaders().get(HttpHeader.CONTENT_TYPE), length);
    }
    if (error != null) {
      errors.get(error).increment();
      return;
    }
    histogram.recordValue(Math.min(latency, histogram.getHighestTrackableValue()));
    ok.increment();
    bytes.add(length);
  }

  private Thread startProgress(PrintStream out, long start) {
    Thread t =
        new Thread(
            () -> {
              long last = 0;
              while (!Thread.currentThread().isInterrupted()) {
                try {
                  Thread.sleep(1000);
                } catch (InterruptedException e) {
                  return;
                }
                long now = System.nanoTime();
                long count = ok.sum();
                String phase = now < measureStartNs ? "warm-up" : now < endNs ? "measure" : "drain";
                out.printf(
                    "%s %5.1fs  %,d ok (+%,d/s)  errors %d  in flight %d%n",
                    phase, (now - start) / 1e9, count, count - last, errorTotal(), inFlight.get());
                last = count;
              }
            },
            "load-progress");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private long errorTotal() {
    return errors.values().stream().mapToLong(LongAdder::sum).sum();
  }

  private LoadResult result() {
    double seconds = options.duration().toNanos() / 1e9;
    Map<String, Double> latency = new LinkedHashMap<>();
    latency.put("mean", histogram.getMean() / 1e6);
    latency.put("p50", histogram.getValueAtPercentile(50) / 1e6);
    latency.put("p90", histogram.getValueAtPercentile(90) / 1e6);
    latency.put("p99", histogram.getValueAtPercentile(99) / 1e6);
    latency.put("p99.9", histogram.getValueAtPercentile(99.9) / 1e6);
    latency.put("max", histogram.getMaxValue() / 1e6);
    Map<String, Long> errorCounts = new LinkedHashMap<>();
    errors.forEach((k, v) -> errorCounts.put(k, v.sum()));
    return new LoadResult(
        LoadResult.FORMAT_VERSION,
        options.target().toString(),
        options.rate() > 0 ? "open" : "closed",
        options.users(),
        options.rate(),
        options.duration().toMillis(),
        ok.sum(),
        ok.sum() / seconds,
        bytes.sum() / seconds,
        latency,
        errorCounts);
  }
}
