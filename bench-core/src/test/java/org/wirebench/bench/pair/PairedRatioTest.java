package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.wirebench.results.PairedRuns;

class PairedRatioTest {
  @Test
  void theIntervalIsStudentsTOverTheForkMeansNotOverPooledRounds() {
    // fork means ln(1.1), ln(1.2), ln(1.3): sd of the logs 0.0868, se 0.0501, t(0.995, 2) 9.925
    PairedRuns.Group g = Synthetic.group(new double[] {1.1, 1.2, 1.3}, 0.05, 1);
    PairedRatio r = PairedRatio.of(Synthetic.UNTRIMMED, g, "a", "b");
    double m = (Math.log(1.1) + Math.log(1.2) + Math.log(1.3)) / 3;
    assertEquals(Math.exp(m), r.ratio(), 1e-9);
    double sd =
        Math.sqrt(
            (Math.pow(Math.log(1.1) - m, 2)
                    + Math.pow(Math.log(1.2) - m, 2)
                    + Math.pow(Math.log(1.3) - m, 2))
                / 2);
    double t = 9.924843; // Student's t, 2 degrees of freedom, 0.995
    assertEquals(Math.exp(m - t * sd / Math.sqrt(3)), r.low(), 1e-4);
    assertEquals(Math.exp(m + t * sd / Math.sqrt(3)), r.high(), 1e-4);
    assertEquals(3, r.forks());
    assertEquals(60, r.pairs());
    // pooling 60 rounds would have claimed an interval several times narrower
    assertTrue(r.halfWidth() > 0.5, r::toString);
  }

  @Test
  void driftSharedByBothSidesOfARoundCancels() {
    // every round's b wanders by up to 20% (the machine), a follows it: the ratio stays exact
    PairedRuns.Group g = Synthetic.group(new double[] {1.5, 1.5, 1.5, 1.5}, 0.0, 2);
    PairedRatio r = PairedRatio.of(Synthetic.UNTRIMMED, g, "a", "b");
    assertEquals(1.5, r.ratio(), 1e-9);
    assertEquals(1.5, r.low(), 1e-9);
    assertEquals(1.5, r.high(), 1e-9);
  }

  @Test
  void oneForkHasNoInterval() {
    PairedRatio r =
        PairedRatio.of(Synthetic.UNTRIMMED, Synthetic.group(new double[] {2}, 0.1, 3), "a", "b");
    assertFalse(r.hasInterval());
    assertEquals(2, r.ratio(), 1e-9);
  }

  @Test
  void theInverseTurnsTheIntervalRound() {
    PairedRatio r =
        PairedRatio.of(
            Synthetic.UNTRIMMED, Synthetic.group(new double[] {2, 2.2, 1.9}, 0.1, 4), "a", "b");
    PairedRatio i = r.inverse();
    assertEquals(1 / r.ratio(), i.ratio(), 1e-12);
    assertEquals(1 / r.high(), i.low(), 1e-12);
    assertEquals(1 / r.low(), i.high(), 1e-12);
  }

  /**
   * One round of one fork runs at twice its ratio (a variant's batch hit by another process, or
   * still compiling): the plain mean moves that fork's estimate and widens the interval over forks;
   * the 20% trimmed mean leaves the round out.
   */
  @Test
  void aRoundFarOffItsForkMovesTheTrimmedEstimateNot() {
    PairedRuns.Group g = Synthetic.group(new double[] {1.5, 1.5, 1.5, 1.5}, 0.0, 5);
    double[] a = g.forks().get(2).nsPerOp().get(0);
    a[7] *= 2;
    PairedRuns.Settings trimmed = Synthetic.withTrim(Synthetic.UNTRIMMED, 0.2);
    PairedRatio r = PairedRatio.of(trimmed, g, "a", "b");
    assertEquals(1.5, r.ratio(), 1e-9);
    assertEquals(0, r.halfWidth(), 1e-9);
    PairedRatio plain = PairedRatio.of(Synthetic.UNTRIMMED, g, "a", "b");
    assertTrue(plain.ratio() > 1.51, plain::toString);
    assertTrue(plain.halfWidth() > 0.02, plain::toString);
  }

  @Test
  void theTrimLeavesOutItsShareAtEachEndOfTheOrder() {
    double[] twenty = new double[20];
    for (int i = 0; i < 20; i++) {
      twenty[i] = (i * 7) % 20; // 0..19, shuffled
    }
    // 0.2 of 20: 4 and 4 left out, the mean of 4..15
    assertEquals(9.5, PairedRatio.trimmedMean(twenty, 0.2), 1e-12);
    // the 1 made a million: now among the 4 largest, left out whatever its size (the mean of 5..16)
    twenty[3] = 1e6;
    assertEquals(10.5, PairedRatio.trimmedMean(twenty, 0.2), 1e-12);
    // 100 × 0.29 is 28.999… in binary: still 29 left out at each end, the mean of 29..70
    double[] hundred = new double[100];
    for (int i = 0; i < 100; i++) {
      hundred[i] = i;
    }
    assertEquals(49.5, PairedRatio.trimmedMean(hundred, 0.29), 1e-12);
    hundred[28] = -1e6; // among the 29 lowest now: left out whatever its size
    assertEquals(49.5, PairedRatio.trimmedMean(hundred, 0.29), 1e-12);
    // of 3 rounds (a sample-cycling variant's) none is left out: the plain mean
    assertEquals(2.0, PairedRatio.trimmedMean(new double[] {1, 2, 3}, 0.2), 1e-12);
    assertEquals(2.0, PairedRatio.trimmedMean(new double[] {3, 1, 2}, 0), 1e-12);
    assertThrows(
        IllegalArgumentException.class, () -> PairedRatio.trimmedMean(new double[] {1, 2}, 0.5));
    assertThrows(IllegalArgumentException.class, () -> PairedRatio.trimmedMean(new double[0], 0));
  }
}
