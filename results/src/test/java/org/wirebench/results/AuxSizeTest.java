package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A size per operation is read the way the run counted it: totals over the operations counter, or,
 * in runs from before that counter, JMH's sum of per-iteration values over the iterations. Neither
 * is mistaken for the other, and a missing counter is NaN, never 0.
 */
class AuxSizeTest {
  private static JmhResult result(int iterations, int forks, Map<String, Double> secondary) {
    return new JmhResult(
        "GeoEncodingBenchmark.encode",
        Map.of(),
        "avgt",
        "us/op",
        10,
        1,
        new double[iterations * forks],
        forks,
        secondary);
  }

  @Test
  void legacySumsAreDividedByEveryMeasuredIterationOfEveryFork() {
    // 2 forks × 5 iterations, each iteration recording 156,148 bytes: JMH's sum is 10 × that
    JmhResult r = result(5, 2, Map.of("bytesPerCollection", 1_561_480.0));
    assertEquals(156_148, r.perOperation(AuxSize.BYTES_PER_COLLECTION));
  }

  @Test
  void totalsAreDividedByTheOperationsNotTheIterations() {
    JmhResult r =
        result(
            5,
            1,
            Map.of(
                "operations", 40_000.0,
                "bytesWritten", 40_000.0 * 156_148,
                // a legacy name beside the operations counter is not read as a legacy sum
                "bytesPerCollection", 5.0));
    assertEquals(156_148, r.perOperation(AuxSize.BYTES_PER_COLLECTION));
    assertTrue(Double.isNaN(r.perOperation(AuxSize.FEATURES_PER_COLLECTION)), "not recorded");
  }

  @Test
  void noOperationsOrNoCounterIsNaN() {
    assertTrue(
        Double.isNaN(
            result(5, 1, Map.of("operations", 0.0, "bytesWritten", 0.0))
                .perOperation(AuxSize.BYTES_PER_COLLECTION)));
    assertTrue(Double.isNaN(result(5, 1, Map.of()).perOperation(AuxSize.BYTES_PER_MAP)));
  }
}
