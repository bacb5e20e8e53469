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
