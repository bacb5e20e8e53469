package org.wirebench.server.load;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.wirebench.results.LoadResult;

/**
 * What a load run counted, from any thread: the measured answers' latencies (ns) and bytes, the
 * errors of each kind ({@link LoadDriver#ERROR_KINDS}) in the measured window and in the warm-up,
 * the first problem of each kind; and the {@link LoadResult} made of them.
 */
final class LoadTally {
  private final Histogram histogram = new ConcurrentHistogram(TimeUnit.HOURS.toNanos(1), 3);
  private final LongAdder ok = new LongAdder();
  private final LongAdder bytes = new LongAdder();
  private final LongAdder wireBytes = new LongAdder();
  private final Map<String, LongAdder> errors = new LinkedHashMap<>();
  private final Map<String, LongAdder> warmupErrors = new LinkedHashMap<>();
  private final Map<String, String> firstByKind = new ConcurrentHashMap<>();
  private volatile String firstProblem;

  LoadTally() {
    for (String kind : LoadDriver.ERROR_KINDS) {
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

  /** An error of {@code kind}, in the measured window or not (warm-up, after the end). */
  void error(String kind, boolean measured) {
    (measured ? errors : warmupErrors).get(kind).increment();
  }

  /** Requests sent in the measured window and neither answered nor failed when the run ended. */
  void unfinished(long requests) {
    errors.get("unfinished").add(requests);
  }

  /** Remembers {@code why} if it is the first problem of its kind. */
  void problem(String kind, String why) {
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
  Map<String, String> firstProblems() {
    Map<String, String> out = new LinkedHashMap<>();
    LoadDriver.ERROR_KINDS.forEach(
        k -> {
          if (firstByKind.containsKey(k)) {
            out.put(k, firstByKind.get(k));
          }
        });
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

  /** The run's result: {@code measuredNs} long, as {@code plan} asked for it. */
  LoadResult result(LoadPlan plan, long measuredNs) {
    double seconds = Math.max(measuredNs, 1) / 1e9;
    Map<String, Double> latency = LoadDriver.latencyMs(histogram);
    Map<String, Long> errorCounts = new LinkedHashMap<>();
    errors.forEach((k, v) -> errorCounts.put(k, v.sum()));
    Map<String, Long> warmupCounts = new LinkedHashMap<>();
    warmupErrors.forEach((k, v) -> warmupCounts.put(k, v.sum()));
    long n = ok.sum();
    return new LoadResult(
        LoadResult.FORMAT_VERSION,
        plan.target.toString(),
        plan.rate > 0 ? "open" : "closed",
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
}
