package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each figure read is within {@link Figures}' range in its own unit, so the ratio of two in one
 * unit is finite; a unit conversion can carry one outside it (2e-154 ns/op set beside 6e153 day/op
 * printed a cost of Infinity in compare, 0.000 for throughput): the converted figure is refused.
 */
class UnitConversionRangeTest {
  private static final Path FILE = Path.of("base", "jmh.json");

  private static JmhResult result(String mode, String unit, double score) {
    return new JmhResult(
        "B.m", Map.of(), mode, unit, score, Double.NaN, new double[] {score}, 1, Map.of());
  }

  @Test
  void aFigureConvertedOutOfTheRangeIsRefusedWithItsFile() {
    for (JmhResult r :
        new JmhResult[] {
          result("avgt", "ns/op", 2e-154), result("thrpt", "ops/ns", 6e153),
        }) {
      String unit = r.mode().equals("avgt") ? "day/op" : "ops/day";
      UnreadableRunException e =
          assertThrows(UnreadableRunException.class, () -> r.inUnit(unit, FILE), r::toString);
      assertTrue(e.getMessage().startsWith(FILE + ": B.m has "), e.getMessage());
      assertTrue(e.getMessage().contains("outside 2^-511..2^511"), e.getMessage());
      assertEquals(1, e.getMessage().lines().count());
    }
  }

  @Test
  void aFigureConvertedWithinTheRangeIsKept() throws Exception {
    JmhResult r = result("avgt", "us/op", 2.5).inUnit("ns/op", FILE);
    assertEquals(2500, r.score(), 1e-9);
    assertEquals(2500, r.samples()[0], 1e-9);
  }
}
