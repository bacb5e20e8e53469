package org.wirebench.results;

import java.util.Map;

/**
 * One run of one load point, as the load driver measured it and {@code wirebench load --json}
 * writes it (and as it is nested in {@link ScenarioResult}).
 *
 * @param formatVersion {@value #FORMAT_VERSION}
 * @param model closed (N users, each sends when the last answer arrived) or open (fixed rate,
 *     latency from the intended send time)
 * @param durationMs measured phase, after warm-up (count mode: from its first send to its last
 *     answer)
 * @param throughput successful requests per second in the measured phase
 * @param meanResponseBytes mean body length of the good responses
 * @param latencyMs each {@link Statistic} the driver recorded (mean, min, stddev, p50, p90, p99,
 *     p99.9, max; runs before 2026-11-23 had no min and stddev), in milliseconds
 * @param errors in the measured phase, by {@link ErrorKind} (version 1 had no unfinished)
 * @param warmupErrors the same kinds in the thrown-away phase: a run whose warm-up only failed is
 *     not a clean run (version 2; null when read from version 1)
 * @param encoding the content coding the driver asked for and every good response came in:
 *     identity, gzip, br or zstd (version 3; null when read from versions 1 and 2, which did not
 *     record it: identity unless that run was given {@code --gzip})
 * @param meanWireBytes mean body length of the good responses as they came over the wire, still
 *     coded (no head, no chunk framing); {@code meanResponseBytes} and {@code bytesPerSecond} are
 *     of the decoded bodies. Version 3; null when read from older versions
 */
public record LoadResult(
    int formatVersion,
    String target,
    LoadModel model,
    int users,
    double rate,
    long durationMs,
    long requests,
    double throughput,
    double bytesPerSecond,
    double meanResponseBytes,
    Map<Statistic, Double> latencyMs,
    Map<ErrorKind, Long> errors,
    Map<ErrorKind, Long> warmupErrors,
    String encoding,
    Double meanWireBytes) {

  /** 2: warmupErrors and the unfinished kind added; 3: encoding and meanWireBytes. */
  public static final int FORMAT_VERSION = 3;

  /** A run that did not record its coding (as versions 1 and 2 read). */
  public LoadResult(
      int formatVersion,
      String target,
      LoadModel model,
      int users,
      double rate,
      long durationMs,
      long requests,
      double throughput,
      double bytesPerSecond,
      double meanResponseBytes,
      Map<Statistic, Double> latencyMs,
      Map<ErrorKind, Long> errors,
      Map<ErrorKind, Long> warmupErrors) {
    this(
        formatVersion,
        target,
        model,
        users,
        rate,
        durationMs,
        requests,
        throughput,
        bytesPerSecond,
        meanResponseBytes,
        latencyMs,
        errors,
        warmupErrors,
        null,
        null);
  }

  /** Wire bytes over decoded bytes of the mean good response; NaN when not recorded. */
  public double wireRatio() {
    return meanWireBytes == null || meanResponseBytes <= 0
        ? Double.NaN
        : meanWireBytes / meanResponseBytes;
  }

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

  /** One latency statistic, ms; NaN when not recorded. */
  public double latency(Statistic statistic) {
    Double v = latencyMs.get(statistic);
    return v == null ? Double.NaN : v;
  }
}
