package org.wirebench.results;

import java.util.Map;

/**
 * One run of one load point, as the load driver measured it and {@code wirebench load --json}
 * writes it (and as it is nested in {@link ScenarioResult}).
 *
 * @param formatVersion {@value #FORMAT_VERSION}
 * @param model "closed" (N users, each sends when the last answer arrived) or "open" (fixed rate,
 *     latency from the intended send time)
 * @param durationMs measured phase, after warm-up (count mode: from its first send to its last
 *     answer)
 * @param throughput successful requests per second in the measured phase
 * @param meanResponseBytes mean body length of the good responses
 * @param latencyMs mean, p50, p90, p99, p99.9 and max, in milliseconds
 * @param errors in the measured phase, by kind: connect, timeout, status, validation, unfinished
 *     (version 1 had no unfinished)
 * @param warmupErrors the same kinds in the thrown-away phase: a run whose warm-up only failed is
 *     not a clean run (version 2; null when read from version 1)
 */
public record LoadResult(
    int formatVersion,
    String target,
    String model,
    int users,
    double rate,
    long durationMs,
    long requests,
    double throughput,
    double bytesPerSecond,
    double meanResponseBytes,
    Map<String, Double> latencyMs,
    Map<String, Long> errors,
    Map<String, Long> warmupErrors) {

  /** 2: warmupErrors and the unfinished kind added. */
  public static final int FORMAT_VERSION = 2;

  public long errorCount() {
    return errors.values().stream().mapToLong(Long::longValue).sum();
  }

  public long warmupErrorCount() {
    return warmupErrors == null
        ? 0
        : warmupErrors.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Errors over all answers and failures of the measured phase; 1 when nothing was sent. */
  public double errorRate() {
    long all = requests + errorCount();
    return all == 0 ? 1 : (double) errorCount() / all;
  }

  /** One latency statistic (mean, p50, p90, p99, p99.9, max), ms; NaN when not recorded. */
  public double latency(String statistic) {
    Double v = latencyMs.get(statistic);
    return v == null ? Double.NaN : v;
  }
}
