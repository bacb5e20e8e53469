package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CoordinateFormatTest {

  @ParameterizedTest
  @CsvSource({
    "0, 0",
    "-0.0, 0",
    "1, 1",
    "-1, -1",
    "8.5, 8.5",
    "46.12345675, 46.1234568",
    "-122.00000004, -122",
    "0.00000005, 0.0000001",
    "-0.00000004, 0",
    "179.9999999999, 180",
    "60.166513800000004, 60.1665138",
    "123456789012.5, 123456789012.5"
  })
  void formatsFixedPointWithoutTrailingZeros(double value, String expected) {
    assertEquals(expected, CoordinateFormat.toString(value));
  }

  @Test
  void agreesWithBigDecimalOnRandomOrdinates() {
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 100_000; i++) {
      double v = (r.nextDouble() - 0.5) * 360;
      String expected =
          new BigDecimal(v).setScale(7, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
      if (expected.equals("-0") || new BigDecimal(expected).signum() == 0) {
        expected = "0";
      }
      // the fast path rounds v * 1e7 in double arithmetic: allow a last-digit tie difference
      double diff =
          Math.abs(Double.parseDouble(expected) - Double.parseDouble(CoordinateFormat.toString(v)));
      assertEquals(0, diff, 1.000001e-7, () -> "for " + v);
    }
  }

  @Test
  void rejectsNaNAndInfinity() {
    assertThrows(IllegalArgumentException.class, () -> CoordinateFormat.toString(Double.NaN));
    assertThrows(
        IllegalArgumentException.class, () -> CoordinateFormat.toString(Double.POSITIVE_INFINITY));
  }
}
