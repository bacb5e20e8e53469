package org.wirebench.server.load;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadModel;
import org.wirebench.results.LoadResult;
import org.wirebench.results.Statistic;

/**
 * What a load run counted, from any thread: the measured answers' latencies (ns) and bytes, the
 * errors of each {@link ErrorKind} in the measured window and in the warm-up, the first problem of
 * each kind; and the {@link LoadResult} made of them.
 */
final class LoadTally {
  private final Histogram histogram = new ConcurrentHistogram(TimeUnit.HOURS.toNanos(1), 3);
  private final LongAdder ok = new LongAdder();
  private final LongAdder warmupOk = new LongAdder();
  private final LongAdder bytes = new LongAdder();
  private final LongAdder wireBytes = new LongAdder();
  private final Map<ErrorKind, LongAdder> errors = new EnumMap<>(ErrorKind.class);
  private final Map<ErrorKind, LongAdder> warmupErrors = new EnumMap<>(ErrorKind.class);
  private final Map<ErrorKind, String> firstByKind = new ConcurrentHashMap<>();
  private volatile String firstProblem;

  LoadTally() {
    for (ErrorKind kind : ErrorKind.values()) {
      errors.put(kind, new LongAdder());
      warmupErrors.put(kind, new LongAdder());
    }
  }

  /** The measured answers' latencies, ns. */
  Histogram histogram() {
    return histogram;
  }

  /** A measured good answer: its latency (ns), its body's bytes decoded and on the wire. */
  void answered(long latencyNs, long decodedLength, long wireLength) {
    histogram.recordValue(Math.min(latencyNs, histogram.getHighestTrackableValue()));
    ok.increment();
    bytes.add(decodedLength);
    wireBytes.add(wireLength);
  }

  /** A good answer to a warm-up request: thrown away, but counted for the progress line. */
  void warmedUp() {
    warmupOk.increment();
  }

  /** An error of {@code kind}, in the measured window or not (warm-up, after the end). */
  void error(ErrorKind kind, boolean measured) {
    (measured ? errors : warmupErrors).get(kind).increment();
  }

  /** Requests sent in the measured window and neither answered nor failed when the run ended. */
  void unfinished(long requests) {
    errors.get(ErrorKind.UNFINISHED).add(requests);
  }

  /** Remembers {@code why} if it is the first problem of its kind. */
  void problem(ErrorKind kind, String why) {
    firstByKind.putIfAbsent(kind, why);
    if (firstProblem == null) {
      firstProblem = kind + ": " + why;
    }
  }

  /** The first problem seen (any kind, warm-up included), or null. */
  String firstProblem() {
    return firstProblem;
  }

  /** The first problem of each kind, in one plain line each, warm-up included. */
  Map<ErrorKind, String> firstProblems() {
    Map<ErrorKind, String> out = new EnumMap<>(ErrorKind.class);
    out.putAll(firstByKind);
    return out;
  }

  /** Good measured answers so far. */
  long ok() {
    return ok.sum();
  }

  /** Measured errors so far, every kind. */
  long errorTotal() {
    return errors.values().stream().mapToLong(LongAdder::sum).sum();
  }

  /** Errors outside the measured window so far (the warm-up's), every kind. */
  private long warmupErrorTotal() {
    return warmupErrors.values().stream().mapToLong(LongAdder::sum).sum();
  }

  /** The run's result: {@code measuredNs} long, as {@code plan} asked for it. */
  LoadResult result(LoadPlan plan, long measuredNs) {
    double seconds = Math.max(measuredNs, 1) / 1e9;
    Map<Statistic, Double> latency = Latencies.latencyMs(histogram);
    Map<ErrorKind, Long> errorCounts = new EnumMap<>(ErrorKind.class);
    errors.forEach((k, v) -> errorCounts.put(k, v.sum()));
    Map<ErrorKind, Long> warmupCounts = new EnumMap<>(ErrorKind.class);
    warmupErrors.forEach((k, v) -> warmupCounts.put(k, v.sum()));
    long n = ok.sum();
    return new LoadResult(
        LoadResult.FORMAT_VERSION,
        plan.target.toString(),
        plan.rate > 0 ? LoadModel.OPEN : LoadModel.CLOSED,
        plan.users,
        plan.rate,
        measuredNs / 1_000_000,
        n,
        n / seconds,
        bytes.sum() / seconds,
        n == 0 ? 0 : (double) bytes.sum() / n,
        latency,
        errorCounts,
        warmupCounts,
        plan.encoding.token(),
        n == 0 ? 0 : (double) wireBytes.sum() / n);
  }

  /**
   * Starts a daemon thread printing a line a second to {@code out} (its phase, the time since
   * {@code startNs}, the phase's good answers and errors, and the requests in flight) until
   * interrupted. A warm-up line counts the warm-up's own answers: the measured ones are still 0
   * then, which read as a server that answers nothing.
   */
  Thread progress(
      java.io.PrintStream out,
      long startNs,
      java.util.function.LongPredicate measuringAt,
      java.util.function.LongSupplier inFlight) {
    Thread t =
        new Thread(
            () -> {
              long last = 0;
              boolean lastMeasured = false;
              while (!Thread.currentThread().isInterrupted()) {
                try {
                  Thread.sleep(1000);
                } catch (InterruptedException e) {
                  return;
                }
                long now = System.nanoTime();
                boolean measured = measuringAt.test(now);
                if (measured != lastMeasured) {
                  last = 0; // the measured phase counts from 0
                  lastMeasured = measured;
                }
                long count = measured ? ok() : warmupOk.sum();
                out.printf(
                    java.util.Locale.ROOT,
                    "%s %5.1fs  %,d ok (+%,d/s)  errors %d  in flight %d%n",
                    measured ? "measure" : "warm-up",
                    (now - startNs) / 1e9,
                    count,
                    count - last,
                    measured ? errorTotal() : warmupErrorTotal(),
                    inFlight.getAsLong());
                last = count;
              }
            },
            "load-progress");
    t.setDaemon(true);
    t.start();
    return t;
  }
}
