package org.wirebench.server.load;

import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.wirebench.results.Statistic;

/** The latency statistics every load result records, read off one histogram. */
public final class Latencies {
  private Latencies() {}

  /**
   * The latency statistics a result records (mean, min, stddev, p50, p90, p99, p99.9, max), ms,
   * from a histogram of ns: one run's, or several runs' merged ({@code Histogram.add}) — never
   * averaged percentiles.
   */
  public static Map<Statistic, Double> latencyMs(Histogram h) {
    Map<Statistic, Double> latency = new EnumMap<>(Statistic.class);
    latency.put(Statistic.MEAN, h.getMean() / 1e6);
    latency.put(Statistic.MIN, h.getTotalCount() == 0 ? 0 : h.getMinValue() / 1e6);
    latency.put(Statistic.STDDEV, h.getStdDeviation() / 1e6);
    latency.put(Statistic.P50, h.getValueAtPercentile(50) / 1e6);
    latency.put(Statistic.P90, h.getValueAtPercentile(90) / 1e6);
    latency.put(Statistic.P99, h.getValueAtPercentile(99) / 1e6);
    latency.put(Statistic.P99_9, h.getValueAtPercentile(99.9) / 1e6);
    latency.put(Statistic.MAX, h.getMaxValue() / 1e6);
    return latency;
  }
}
