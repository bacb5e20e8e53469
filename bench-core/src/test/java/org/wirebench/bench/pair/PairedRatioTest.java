package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.wirebench.results.PairedRuns;

class PairedRatioTest {
  @Test
  void theIntervalIsStudentsTOverTheForkMeansNotOverPooledRounds() {
    // fork means ln(1.1), ln(1.2), ln(1.3): sd of the logs 0.0868, se 0.0501, t(0.995, 2) 9.925
    PairedRuns.Group g = Synthetic.group(new double[] {1.1, 1.2, 1.3}, 0.05, 1);
    PairedRatio r = PairedRatio.of(g, "a", "b", 0.99);
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
    PairedRatio r = PairedRatio.of(g, "a", "b", 0.99);
    assertEquals(1.5, r.ratio(), 1e-9);
    assertEquals(1.5, r.low(), 1e-9);
    assertEquals(1.5, r.high(), 1e-9);
  }

  @Test
  void oneForkHasNoInterval() {
    PairedRatio r = PairedRatio.of(Synthetic.group(new double[] {2}, 0.1, 3), "a", "b", 0.99);
    assertFalse(r.hasInterval());
    assertEquals(2, r.ratio(), 1e-9);
  }

  @Test
  void theInverseTurnsTheIntervalRound() {
    PairedRatio r =
        PairedRatio.of(Synthetic.group(new double[] {2, 2.2, 1.9}, 0.1, 4), "a", "b", 0.99);
    PairedRatio i = r.inverse();
    assertEquals(1 / r.ratio(), i.ratio(), 1e-12);
    assertEquals(1 / r.high(), i.low(), 1e-12);
    assertEquals(1 / r.low(), i.high(), 1e-12);
  }
}
