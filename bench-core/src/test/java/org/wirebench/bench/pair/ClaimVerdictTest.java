package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.pair.ClaimVerdict.Answer;
import org.wirebench.bench.pair.ClaimVerdict.Region;
import org.wirebench.results.PairedRuns.Kind;

/** Each verdict kind, from the claims' own bounds (claimed size, ±10% band). */
class ClaimVerdictTest {
  private static ClaimVerdict judge(double claimed, Kind kind, double... forkRatios) {
    return ClaimVerdict.judge(
        Synthetic.claim(claimed, kind),
        PairedRatio.of(Synthetic.UNTRIMMED, Synthetic.group(forkRatios, 0.02, 7), "a", "b"));
  }

  private static ClaimVerdict interval(double claimed, double l, double h) {
    return ClaimVerdict.judge(Synthetic.claim(claimed, Kind.AT_LEAST), l, h);
  }

  @Test
  void eachClaimSaysWhatItClaimsFromItsKindAndBand() {
    // the A/A check claims no difference, not "at least 1": its column reads its band
    var aa = Claims.calibrationOnly().claims().get(0);
    assertEquals("= 1 ± 10%", ClaimVerdict.claimed(aa));
    assertTrue(ClaimVerdict.claimsNoDifference(aa));
    assertEquals("≥ 1.50", ClaimVerdict.claimed(Synthetic.claim(1.5, Kind.AT_LEAST)));
    assertEquals("≤ 1.20", ClaimVerdict.claimed(Synthetic.claim(1.2, Kind.AT_MOST)));
    assertFalse(ClaimVerdict.claimsNoDifference(Synthetic.claim(1.0, Kind.AT_LEAST)));
    // pairs.json version 1 recorded the A/A check as at least 1; it reads the same
    var v1 =
        new org.wirebench.results.PairedRuns.Claim(
            aa.id(),
            aa.study(),
            aa.text(),
            aa.then(),
            aa.group(),
            aa.a(),
            aa.b(),
            1.0,
            0.10,
            Kind.AT_LEAST);
    assertEquals("= 1 ± 10%", ClaimVerdict.claimed(v1));
    // a no-difference claim holds inside the band and does not hold wholly outside it
    assertEquals(Answer.HOLDS, ClaimVerdict.judge(aa, 0.97, 1.04).answer());
    assertEquals(Answer.HOLDS, ClaimVerdict.judge(v1, 0.97, 1.04).answer());
    assertEquals(Answer.DOES_NOT_HOLD, ClaimVerdict.judge(aa, 1.2, 1.3).answer());
    assertEquals(Answer.INCONCLUSIVE, ClaimVerdict.judge(aa, 1.05, 1.2).answer());
  }

  @Test
  void holdsAtTheClaimedSize() {
    assertEquals(Region.HOLDS, judge(1.5, Kind.AT_LEAST, 1.52, 1.55, 1.50, 1.53).fine());
    // more than claimed still holds: the claims are "at least"
    ClaimVerdict more = judge(1.5, Kind.AT_LEAST, 2.5, 2.6, 2.4, 2.55);
    assertEquals(Answer.HOLDS, more.answer());
    assertEquals("holds", more.label());
    // a claim of direction only (1×) holds once the interval is above 1 and outside the band
    assertEquals(Answer.HOLDS, judge(1.0, Kind.AT_LEAST, 1.3, 1.32, 1.29, 1.31).answer());
  }

  @Test
  void aDifferenceInsideTheBandIsNoDifferenceHoweverNarrowTheInterval() {
    // 0.94 [0.92, 0.96]: below 1, but by less than the band — the GML 3.2 / GML 2 row on roads
    ClaimVerdict roads = judge(3.4, Kind.AT_LEAST, 0.94, 0.945, 0.935, 0.94);
    assertEquals(Region.NO_DIFFERENCE, roads.fine());
    assertEquals("does not hold: no difference", roads.label());
    // the same truth measured more widely, [0.89, 0.99]: the claim's answer is decided, its finer
    // verdict open between no difference and reversed
    ClaimVerdict wide = judge(3.4, Kind.AT_LEAST, 0.90, 0.98, 0.92, 0.96, 0.93, 0.95);
    assertEquals(Answer.DOES_NOT_HOLD, wide.answer());
    assertEquals(List.of(Region.NO_DIFFERENCE, Region.REVERSED), wide.regions());
    assertNull(wide.fine());
    // and above 1: 1.05 [1.03, 1.07] is not "smaller than claimed"
    assertEquals(Region.NO_DIFFERENCE, judge(1.5, Kind.AT_LEAST, 1.05, 1.06, 1.04, 1.05).fine());
  }

  /** The report's reference run: GML 3.2 / GML 2 0.95 [0.89, 1.02] against 3.4×. */
  @Test
  void anIntervalWhollyBelowTheClaimDoesNotHoldWhicheverRegionsItCovers() {
    ClaimVerdict v = interval(3.4, 0.89, 1.02);
    assertEquals(Answer.DOES_NOT_HOLD, v.answer());
    assertTrue(v.decided());
    assertFalse(v.fineDecided());
    assertEquals(
        "does not hold: no difference or reversed (the interval [0.89, 1.02] crosses 0.91)",
        v.label());
    assertEquals(
        "does not hold: smaller than claimed or no difference (the interval [1.07, 1.18] crosses"
            + " 1.10)",
        interval(3.4, 1.07, 1.18).label());
    assertEquals(
        "does not hold: smaller than claimed, no difference or reversed (the interval [0.84,"
            + " 1.13] crosses 1.10 and 0.91)",
        interval(1.5, 0.84, 1.13).label());
    // an end that would read as the edge it crosses gets more digits
    assertEquals(
        "does not hold: smaller than claimed or no difference (the interval [1.097, 1.349]"
            + " crosses 1.100)",
        interval(1.5, 1.097, 1.349).label());
  }

  @Test
  void anIntervalAcrossTheClaimedSizeIsInconclusiveAndSaysWhatItCovers() {
    ClaimVerdict v = interval(1.5, 1.03, 1.39);
    assertEquals(Answer.INCONCLUSIVE, v.answer());
    assertFalse(v.decided());
    assertEquals(
        "inconclusive: at the claimed size, smaller than claimed or no difference (the interval"
            + " [1.03, 1.39] crosses 1.36 and 1.10)",
        v.label());
    // a claim of direction only has no "smaller than claimed": its size is the band's edge
    ClaimVerdict direction = interval(1.0, 1.05, 1.2);
    assertEquals(List.of(Region.HOLDS, Region.NO_DIFFERENCE), direction.regions());
    assertEquals(List.of(1.1), direction.edges());
  }

  /**
   * The class comment's property, for both levels: two overlapping intervals never get two
   * different decided answers, never two different decided finer verdicts, and always share a
   * region; an interval of one region has the answer of that region.
   */
  @Test
  void twoOverlappingIntervalsNeverGetContradictoryVerdicts() {
    double[] claims = {1.0, 1.2, 1.28, 1.5, 1.7, 3.0, 3.4};
    double[] widths = {1.01, 1.05, 1.2, 1.6};
    int mixed = 0;
    for (double claimed : claims) {
      for (double l1 = 0.5; l1 < 5; l1 *= 1.013) {
        for (double w1 : widths) {
          ClaimVerdict v1 = interval(claimed, l1, l1 * w1);
          for (double l2 = l1 / 1.6; l2 < l1 * w1; l2 *= 1.01) {
            for (double w2 : widths) {
              if (l2 * w2 < l1) {
                continue; // no overlap
              }
              ClaimVerdict v2 = interval(claimed, l2, l2 * w2);
              String at = "claim " + claimed + ": [" + l1 + ", " + l1 * w1 + "] vs [" + l2 + "]";
              if (v1.decided() && v2.decided()) {
                assertEquals(v1.answer(), v2.answer(), at);
                mixed += v1.fineDecided() != v2.fineDecided() ? 1 : 0;
              }
              if (v1.fineDecided() && v2.fineDecided()) {
                assertEquals(v1.fine(), v2.fine(), at);
              }
              List<Region> shared = new ArrayList<>(v1.regions());
              shared.retainAll(v2.regions());
              assertFalse(shared.isEmpty(), at);
            }
          }
          if (v1.fineDecided()) {
            assertEquals(
                v1.fine() == Region.HOLDS ? Answer.HOLDS : Answer.DOES_NOT_HOLD, v1.answer());
          }
        }
      }
    }
    // the nesting is exercised: runs where one answer is decided at both levels, the other not
    assertTrue(mixed > 0);
  }

  @Test
  void smallerThanClaimed() {
    ClaimVerdict v = judge(3.0, Kind.AT_LEAST, 2.2, 2.25, 2.18, 2.21);
    assertEquals(Region.SMALLER, v.fine());
    assertEquals("does not hold: smaller than claimed", v.label());
  }

  @Test
  void noDifferenceIsDecidedNotInconclusive() {
    // the example: 1.02 ± 0.03 against "ADB is ~1.5× faster"
    ClaimVerdict v = judge(1.5, Kind.AT_LEAST, 1.02, 1.03, 1.01, 1.02);
    assertEquals(Region.NO_DIFFERENCE, v.fine());
    assertTrue(v.decided());
    assertTrue(v.fineDecided());
  }

  @Test
  void reversed() {
    ClaimVerdict v = judge(1.28, Kind.AT_LEAST, 0.28, 0.27, 0.29, 0.28);
    assertEquals(Region.REVERSED, v.fine());
    assertEquals(Answer.DOES_NOT_HOLD, v.answer());
  }

  @Test
  void noIntervalIsInconclusive() {
    ClaimVerdict v = judge(1.5, Kind.AT_LEAST, 1.6);
    assertEquals(Answer.NO_INTERVAL, v.answer());
    assertFalse(v.decided());
    assertFalse(v.fineDecided());
    assertEquals("inconclusive (no interval)", v.label());
  }

  @Test
  void targetsAreMetOrMissedWithNoFinerVerdict() {
    ClaimVerdict met = judge(1.5, Kind.AT_MOST, 1.1, 1.12, 1.09, 1.11);
    assertEquals(Answer.MET, met.answer());
    assertEquals("target met", met.label());
    assertTrue(met.fineDecided());
    assertEquals(Answer.MISSED, judge(1.2, Kind.AT_MOST, 1.6, 1.62, 1.58, 1.61).answer());
    ClaimVerdict open = judge(1.2, Kind.AT_MOST, 1.0, 1.5, 1.1, 1.3);
    assertEquals(Answer.INCONCLUSIVE, open.answer());
    assertEquals("inconclusive", open.label());
    assertNotEquals(true, open.fineDecided());
  }
}
