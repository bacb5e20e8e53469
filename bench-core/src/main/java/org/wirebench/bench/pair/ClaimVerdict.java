package org.wirebench.bench.pair;

import org.wirebench.results.PairedRuns.Claim;
import org.wirebench.results.PairedRuns.Kind;

/**
 * What a paired ratio says of a claim. For a study's claim "a / b is at least c" (c ≥ 1; c = 1:
 * direction only) with equivalence band β, the ratio axis is cut into disjoint regions, and a
 * verdict is decided only when the whole interval [L, H] lies in one of them:
 *
 * <ul>
 *   <li>reversed: H < 1/(1+β) — the other variant is slower, by more than the band;
 *   <li>no difference: [L, H] inside [1/(1+β), 1+β] — both one-sided tests reject a difference of β
 *       or more (TOST at the interval's level), whatever the claim;
 *   <li>smaller than claimed: L > 1+β and H < c/(1+β) — slower beyond the band, below the claim;
 *   <li>holds: L ≥ max(1+β, c/(1+β)) — slower beyond the band and of the claimed size;
 *   <li>inconclusive: otherwise — the interval straddles an edge; more pairs would decide it,
 *       unless the truth sits on the edge, which the interval then shows.
 * </ul>
 *
 * Because the regions do not overlap, two runs whose intervals overlap can never get two different
 * decided verdicts: more pairs only turn inconclusive into decided. Testing "different from 1"
 * beside "inside the band" would not have that property, the two overlap: a ratio of 0.94 would
 * read "reversed" at [0.90, 0.98] and "no difference" at [0.92, 0.96], one run to the next.
 *
 * <p>A target "a / b at most c" (ours against its floor) is met when H ≤ c, missed when L > c.
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
    return judge(claim, r.low(), r.high());
  }

  /** The verdict of an interval [l, h] of the ratio a / b. */
  static ClaimVerdict judge(Claim claim, double l, double h) {
    if (claim.kind() == Kind.AT_MOST) {
      return h <= claim.claimed() ? MET : l > claim.claimed() ? MISSED : INCONCLUSIVE;
    }
    double band = 1 + claim.band();
    double size = Math.max(band, claim.claimed() / band);
    if (h < 1 / band) {
      return REVERSED;
    }
    if (l >= 1 / band && h <= band) {
      return NO_DIFFERENCE;
    }
    if (l >= size) {
      return HOLDS;
    }
    if (l > band && h < size) {
      return SMALLER;
    }
    return INCONCLUSIVE;
  }
}
