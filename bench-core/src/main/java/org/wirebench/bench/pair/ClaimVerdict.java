package org.wirebench.bench.pair;

import org.wirebench.results.PairedRuns.Claim;
import org.wirebench.results.PairedRuns.Kind;

/**
 * What a paired ratio says of a claim. For a study's claim "a / b is at least c" (c ≥ 1; c = 1:
 * direction only) with equivalence band β, on the ratio's interval [L, H]:
 *
 * <ul>
 *   <li>no difference: [L, H] inside [1/(1+β), 1+β] — both one-sided tests reject a difference of β
 *       or more (TOST at the interval's level), whatever the claim;
 *   <li>holds: L ≥ c/(1+β) and L > 1 — the effect is real and of the claimed size, within the band;
 *   <li>smaller than claimed: L > 1 and H < c/(1+β) — real, same direction, below the claim;
 *   <li>reversed: H < 1 — the other variant is the slower one;
 *   <li>inconclusive: otherwise — the interval straddles an edge; more pairs would decide it.
 * </ul>
 *
 * A target "a / b at most c" (ours against its floor) is met when H ≤ c, missed when L > c.
 */
public enum ClaimVerdict {
  HOLDS("holds"),
  SMALLER("smaller than claimed"),
  NO_DIFFERENCE("no difference"),
  REVERSED("reversed"),
  INCONCLUSIVE("inconclusive"),
  MET("target met"),
  MISSED("target missed"),
  /** fewer than two forks: no interval */
  NO_INTERVAL("inconclusive (no interval)");

  private final String label;

  ClaimVerdict(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** Whether more pairs could still change this verdict. */
  public boolean decided() {
    return this != INCONCLUSIVE && this != NO_INTERVAL;
  }

  public static ClaimVerdict judge(Claim claim, PairedRatio r) {
    if (!r.hasInterval()) {
      return NO_INTERVAL;
    }
    double l = r.low();
    double h = r.high();
    if (claim.kind() == Kind.AT_MOST) {
      return h <= claim.claimed() ? MET : l > claim.claimed() ? MISSED : INCONCLUSIVE;
    }
    double band = 1 + claim.band();
    if (l >= 1 / band && h <= band) {
      return NO_DIFFERENCE;
    }
    double size = claim.claimed() / band;
    if (l > 1 && l >= size) {
      return HOLDS;
    }
    if (l > 1 && h < size) {
      return SMALLER;
    }
    if (h < 1) {
      return REVERSED;
    }
    return INCONCLUSIVE;
  }
}
