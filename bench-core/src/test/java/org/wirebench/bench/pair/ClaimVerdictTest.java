package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.wirebench.results.PairedRuns.Kind;

/** Each verdict kind, from the claims' own bounds (claimed size, ±10% band). */
class ClaimVerdictTest {
  private static ClaimVerdict judge(double claimed, Kind kind, double... forkRatios) {
    return ClaimVerdict.judge(
        Synthetic.claim(claimed, kind),
        PairedRatio.of(Synthetic.group(forkRatios, 0.02, 7), "a", "b", 0.99));
  }

  @Test
  void holdsAtTheClaimedSize() {
    assertEquals(ClaimVerdict.HOLDS, judge(1.5, Kind.AT_LEAST, 1.52, 1.55, 1.50, 1.53));
    // more than claimed still holds: the claims are "at least"
    assertEquals(ClaimVerdict.HOLDS, judge(1.5, Kind.AT_LEAST, 2.5, 2.6, 2.4, 2.55));
    // a claim of direction only (1×) holds once the interval is above 1 and outside the band
    assertEquals(ClaimVerdict.HOLDS, judge(1.0, Kind.AT_LEAST, 1.3, 1.32, 1.29, 1.31));
  }

  @Test
  void aDifferenceInsideTheBandIsNoDifferenceHoweverNarrowTheInterval() {
    // 0.94 [0.92, 0.96]: below 1, but by less than the band — the GML 3.2 / GML 2 row on roads
    assertEquals(ClaimVerdict.NO_DIFFERENCE, judge(3.4, Kind.AT_LEAST, 0.94, 0.945, 0.935, 0.94));
    // the same truth measured more widely, [0.89, 0.99]: undecided, never "reversed"
    assertEquals(
        ClaimVerdict.INCONCLUSIVE, judge(3.4, Kind.AT_LEAST, 0.90, 0.98, 0.92, 0.96, 0.93, 0.95));
    // and above 1: 1.05 [1.03, 1.07] is not "smaller than claimed"
    assertEquals(ClaimVerdict.NO_DIFFERENCE, judge(1.5, Kind.AT_LEAST, 1.05, 1.06, 1.04, 1.05));
  }

  @Test
  void twoOverlappingIntervalsNeverGetTwoDifferentDecidedVerdicts() {
    double[] claims = {1.0, 1.2, 1.28, 1.5, 1.7, 3.0, 3.4};
    for (double claimed : claims) {
      for (double l1 = 0.5; l1 < 5; l1 *= 1.013) {
        for (double w1 : new double[] {1.01, 1.05, 1.2}) {
          ClaimVerdict v1 =
              ClaimVerdict.judge(Synthetic.claim(claimed, Kind.AT_LEAST), l1, l1 * w1);
          for (double l2 = l1; l2 < l1 * w1; l2 *= 1.01) {
            for (double w2 : new double[] {1.01, 1.05, 1.2}) {
              ClaimVerdict v2 =
                  ClaimVerdict.judge(Synthetic.claim(claimed, Kind.AT_LEAST), l2, l2 * w2);
              if (v1.decided() && v2.decided()) {
                assertEquals(
                    v1, v2, "claim " + claimed + ": [" + l1 + ", " + l1 * w1 + "] vs [" + l2 + "]");
              }
            }
          }
        }
      }
    }
  }

  @Test
  void smallerThanClaimed() {
    assertEquals(ClaimVerdict.SMALLER, judge(3.0, Kind.AT_LEAST, 2.2, 2.25, 2.18, 2.21));
  }

  @Test
  void noDifferenceIsDecidedNotInconclusive() {
    // the example: 1.02 ± 0.03 against "ADB is ~1.5× faster"
    ClaimVerdict v = judge(1.5, Kind.AT_LEAST, 1.02, 1.03, 1.01, 1.02);
    assertEquals(ClaimVerdict.NO_DIFFERENCE, v);
    assertTrue(v.decided());
  }

  @Test
  void reversed() {
    assertEquals(ClaimVerdict.REVERSED, judge(1.28, Kind.AT_LEAST, 0.28, 0.27, 0.29, 0.28));
  }

  @Test
  void inconclusiveWhenTheIntervalStraddlesAnEdge() {
    ClaimVerdict v = judge(1.5, Kind.AT_LEAST, 1.0, 1.4, 0.8, 1.25);
    assertEquals(ClaimVerdict.INCONCLUSIVE, v);
    assertFalse(v.decided());
    assertEquals(ClaimVerdict.NO_INTERVAL, judge(1.5, Kind.AT_LEAST, 1.6));
  }

  @Test
  void targetsAreMetOrMissed() {
    assertEquals(ClaimVerdict.MET, judge(1.5, Kind.AT_MOST, 1.1, 1.12, 1.09, 1.11));
    assertEquals(ClaimVerdict.MISSED, judge(1.2, Kind.AT_MOST, 1.6, 1.62, 1.58, 1.61));
    assertEquals(ClaimVerdict.INCONCLUSIVE, judge(1.2, Kind.AT_MOST, 1.0, 1.5, 1.1, 1.3));
  }
}
