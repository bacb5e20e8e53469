package org.wirebench.server.load.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.wirebench.results.LoadModel;
import org.wirebench.results.LoadResult;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.Statistic;
import org.wirebench.server.load.Latencies;

/** A point's latency statistics come from its runs' histograms merged, never from averages. */
class MergedPercentilesTest {
  private static Histogram histogram(int fastCount, long fastNs, int slowCount, long slowNs) {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    h.recordValueWithCount(fastNs, fastCount);
    if (slowCount > 0) {
      h.recordValueWithCount(slowNs, slowCount);
    }
    return h;
  }

  private static LoadResult run(Histogram h) {
    return new LoadResult(
        LoadResult.FORMAT_VERSION,
        "http://x/",
        LoadModel.CLOSED,
        1,
        0,
        1000,
        h.getTotalCount(),
        h.getTotalCount(),
        0,
        10,
        Latencies.latencyMs(h),
        Map.of(),
        Map.of());
  }

  @Test
  void p99AndMaxOfAPointAreThoseOfAllItsRequests() {
    // run 1: 1,000 requests at 1 ms; run 2: 1,000 requests, 30 of them at 100 ms
    Histogram one = histogram(1000, 1_000_000, 0, 0);
    Histogram two = histogram(970, 1_000_000, 30, 100_000_000);
    Histogram merged = one.copy();
    merged.add(two);
    Scenario.Point p = new Scenario.Point("p", Map.of(), base -> null, null);
    ScenarioResult.PointResult r =
        ScenarioRunner.mean(p, List.of(run(one), run(two)), merged, null);
    // of 2,000 requests 30 (1.5%) took 100 ms: the p99 is 100 ms (the average of the runs' p99s
    // would say 50.5 ms, a latency no request had)
    assertEquals(100.0, r.latency(Statistic.P99), 0.1);
    assertEquals(100.0, r.latency(Statistic.MAX), 0.1);
    assertEquals(1.0, r.latency(Statistic.P50), 0.01);
    assertEquals((2000 * 1.0 + 30 * 99.0) / 2000, r.latency(Statistic.MEAN), 0.05);
    assertEquals(2, r.runs().size());
  }
}
