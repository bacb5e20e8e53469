package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

  /**
   * Exact agreement with BigDecimal's half-up rounding of the double's exact value; only where that
   * value lies within 1e-6 of a unit of the last digit from a tie may the fast path (which rounds v
   * * 1e7 in double arithmetic) pick the other neighbour. Truncation fails this test.
   */
  @Test
  void agreesWithBigDecimalOnRandomOrdinates() {
    SplittableRandom r = new SplittableRandom(7);
    int nearTies = 0;
    for (int i = 0; i < 100_000; i++) {
      double v = (r.nextDouble() - 0.5) * 360;
      BigDecimal exact = new BigDecimal(v);
      String expected = text(exact.setScale(7, RoundingMode.HALF_UP));
      String actual = CoordinateFormat.toString(v);
      BigDecimal scaled = exact.movePointRight(7).abs();
      BigDecimal fraction = scaled.subtract(new BigDecimal(scaled.toBigInteger()));
      boolean nearTie = fraction.subtract(new BigDecimal("0.5")).abs().doubleValue() < 1e-6;
      if (nearTie) {
        nearTies++;
        String other = text(exact.setScale(7, RoundingMode.HALF_DOWN));
        assertTrue(actual.equals(expected) || actual.equals(other), () -> "for " + v);
      } else {
        assertEquals(expected, actual, () -> "for " + v);
      }
    }
    assertTrue(nearTies < 100, "the tie band must stay the exception: " + nearTies);
  }

  private static String text(BigDecimal d) {
    String s = d.stripTrailingZeros().toPlainString();
    return d.signum() == 0 ? "0" : s;
  }

  @Test
  void rejectsNaNAndInfinity() {
    assertThrows(IllegalArgumentException.class, () -> CoordinateFormat.toString(Double.NaN));
    assertThrows(
        IllegalArgumentException.class, () -> CoordinateFormat.toString(Double.POSITIVE_INFINITY));
  }
}
