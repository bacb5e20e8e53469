package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.wirebench.bench.geo.GeoEncodingBenchmark;

/**
 * A -p number is read as JMH's fork reads it ({@code Integer.valueOf}): a value it would fail on is
 * refused here, before any fork.
 */
class ParamValuesTest {
  private static final String GEO = GeoEncodingBenchmark.class.getName();

  /** " 200" passed (read stripped) and each fork then failed on it after the suite had started. */
  @Test
  void aNumberWithWhiteSpaceAtAnEndIsRefused() {
    assertDoesNotThrow(() -> ParamValues.check(GEO, "count", "200", new String[] {"200"}));
    for (String v : new String[] {" 200", "200 ", "\t200"}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> ParamValues.check(GEO, "count", v, new String[] {"200"}));
      assertTrue(e.getMessage().contains("takes a whole number 1..1000000"), e::getMessage);
    }
  }

  /**
   * "+200", "0200" and Arabic-Indic or fullwidth digits passed (Integer.parseInt reads each as 200)
   * and were recorded as written: another variant than 200 in the reports, or none a report reads.
   */
  @Test
  void aNumberInAnotherSpellingIsRefused() {
    for (String v :
        new String[] {"+200", "0200", "\u0662\u0660\u0660", "\uff12\uff10\uff10", "-0"}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> ParamValues.check(GEO, "count", v, new String[] {"200"}),
              v);
      assertTrue(e.getMessage().contains("takes a whole number 1..1000000"), e::getMessage);
    }
    assertDoesNotThrow(() -> ParamValues.check(GEO, "count", "1000000", new String[] {"200"}));
  }
}
