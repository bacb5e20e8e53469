package org.wirebench.bench.pair;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.wirebench.results.PairedRuns.Claim;
import org.wirebench.results.PairedRuns.Kind;

/**
 * What a paired ratio says of a claim, in two levels: the answer to the study's question (does the
 * claim hold?) and, under it, the finer verdict. For a study's claim "a / b is at least c" (c ≥ 1;
 * c = 1: direction only) with equivalence band β, the ratio axis is cut into disjoint regions
 * ({@link Region}):
 *
 * <ul>
 *   <li>reversed: below 1/(1+β) — the other variant is slower, by more than the band;
 *   <li>no difference: [1/(1+β), 1+β] — both one-sided tests reject a difference of β or more (TOST
 *       at the interval's level), whatever the claim;
 *   <li>smaller than claimed: above 1+β and below size = max(1+β, c/(1+β)) — slower beyond the
 *       band, below the claim (empty for a claim of direction only);
 *   <li>holds: at or above size.
 * </ul>
 *
 * The answer is "holds" when the whole interval [L, H] is in the last region (L ≥ size), "does not
 * hold" when it is wholly below it (H &lt; size), whichever finer regions it covers, and
 * "inconclusive" when it straddles size. The finer verdict is decided when [L, H] lies in one
 * region; when it straddles a finer edge the verdict names the regions it covers and the edges it
 * crosses: "does not hold: no difference or reversed (the interval [0.89, 1.02] crosses 0.91)".
 *
 * <p>Because the regions do not overlap, two runs whose intervals overlap never get contradictory
 * decided answers, at either level: both answers are decided only on the same side of size, both
 * finer verdicts only in one region, and the regions two overlapping intervals cover always share
 * the one their common point is in. More pairs only narrow what an interval covers. Testing
 * "different from 1" beside "inside the band" would not have that property, the two overlap: a
 * ratio of 0.94 would read "reversed" at [0.90, 0.98] and "no difference" at [0.92, 0.96].
 *
 * <p>The A/A claim of the calibration group says "no difference": it holds when the interval is
 * inside the band, does not hold when it is wholly outside it. A target "a / b at most c" (ours
 * against its floor) is met when H ≤ c, missed when L &gt; c; it has no finer verdict.
 *
 * @param answer the claim's answer
 * @param regions the finer regions [L, H] covers, from the highest ratio down; empty for targets
 *     and without an interval
 * @param edges the region edges inside [L, H], from the highest down
 * @param low the interval's low end (NaN without an interval)
 * @param high its high end
 */
public record ClaimVerdict(
    Answer answer, List<Region> regions, List<Double> edges, double low, double high) {

  /** The answer to "does the claim still hold?". */
  public enum Answer {
    HOLDS("holds"),
    DOES_NOT_HOLD("does not hold"),
    INCONCLUSIVE("inconclusive"),
    /** fewer than two forks: no interval */
    NO_INTERVAL("inconclusive (no interval)"),
    MET("target met"),
    MISSED("target missed");

    private final String label;

    Answer(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /** The finer regions of the ratio axis, from the lowest ratio up. */
  public enum Region {
    REVERSED("reversed"),
    NO_DIFFERENCE("no difference"),
    SMALLER("smaller than claimed"),
    HOLDS("at the claimed size");

    private final String label;

    Region(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  public ClaimVerdict {
    regions = List.copyOf(regions);
    edges = List.copyOf(edges);
  }

  /** Whether more pairs could still change the answer. */
  public boolean decided() {
    return answer != Answer.INCONCLUSIVE && answer != Answer.NO_INTERVAL;
  }

  /** Whether the finer verdict is decided too: one region (a target: its answer). */
  public boolean fineDecided() {
    return regions.isEmpty() ? decided() : regions.size() == 1;
  }

  /** The one region the interval is in, or null when it covers more than one (or has none). */
  public Region fine() {
    return regions.size() == 1 ? regions.get(0) : null;
  }

  /**
   * "holds", "does not hold: smaller than claimed", "does not hold: no difference or reversed (the
   * interval [0.89, 1.02] crosses 0.91)", "inconclusive: at the claimed size or smaller than
   * claimed (...)", "target met".
   */
  public String label() {
    if (regions.isEmpty() || (answer == Answer.HOLDS && fine() == Region.HOLDS)) {
      return answer.label();
    }
    StringBuilder s = new StringBuilder(answer.label()).append(": ");
    for (int i = 0; i < regions.size(); i++) {
      if (i > 0) {
        s.append(i == regions.size() - 1 ? " or " : ", ");
      }
      s.append(regions.get(i).label());
    }
    if (!edges.isEmpty()) {
      int digits = digits();
      s.append(" (the interval [")
          .append(number(low, digits))
          .append(", ")
          .append(number(high, digits))
          .append("] crosses ");
      for (int i = 0; i < edges.size(); i++) {
        if (i > 0) {
          s.append(i == edges.size() - 1 ? " and " : ", ");
        }
        s.append(number(edges.get(i), digits));
      }
      s.append(')');
    }
    return s.toString();
  }

  /** Two decimals, or more where an end of the interval would read as the edge it crosses. */
  private int digits() {
    int digits = 2;
    while (digits < 4 && collides(digits)) {
      digits++;
    }
    return digits;
  }

  private boolean collides(int digits) {
    for (double e : edges) {
      if (reads(e, low, digits) || reads(e, high, digits)) {
        return true;
      }
    }
    return false;
  }

  private static boolean reads(double edge, double end, int digits) {
    return number(edge, digits).equals(number(end, digits));
  }

  private static String number(double x, int digits) {
    return String.format(Locale.ROOT, "%." + digits + "f", x);
  }

  public static ClaimVerdict judge(Claim claim, PairedRatio r) {
    if (!r.hasInterval()) {
      return new ClaimVerdict(Answer.NO_INTERVAL, List.of(), List.of(), Double.NaN, Double.NaN);
    }
    return judge(claim, r.low(), r.high());
  }

  /** The verdict of an interval [l, h] of the ratio a / b. */
  static ClaimVerdict judge(Claim claim, double l, double h) {
    if (claim.kind() == Kind.AT_MOST) {
      Answer a =
          h <= claim.claimed()
              ? Answer.MET
              : l > claim.claimed() ? Answer.MISSED : Answer.INCONCLUSIVE;
      return new ClaimVerdict(a, List.of(), List.of(), l, h);
    }
    double band = 1 + claim.band();
    double size = size(claim);
    List<Region> regions = new ArrayList<>();
    List<Double> edges = new ArrayList<>();
    Region bottom = region(l, band, size);
    for (int i = region(h, band, size).ordinal(); i >= bottom.ordinal(); i--) {
      Region r = Region.values()[i];
      if (r == Region.SMALLER && size <= band) {
        continue; // a claim of direction only: no size between the band and the claim
      }
      if (!regions.isEmpty()) {
        edges.add(lowerEdge(regions.get(regions.size() - 1), band, size));
      }
      regions.add(r);
    }
    return new ClaimVerdict(answer(claim, l, h, size, regions), regions, edges, l, h);
  }

  /** The lower edge of the claimed size: max(1+β, c/(1+β)). */
  public static double size(Claim claim) {
    double band = 1 + claim.band();
    return Math.max(band, claim.claimed() / band);
  }

  /** The edge below a region (holds from size on; smaller than claimed above the band). */
  private static double lowerEdge(Region r, double band, double size) {
    return switch (r) {
      case HOLDS -> size;
      case SMALLER -> band;
      case NO_DIFFERENCE -> 1 / band;
      case REVERSED -> throw new IllegalArgumentException("reversed has no lower edge");
    };
  }

  private static Region region(double x, double band, double size) {
    if (x < 1 / band) {
      return Region.REVERSED;
    }
    if (x <= band) {
      return Region.NO_DIFFERENCE;
    }
    return x < size ? Region.SMALLER : Region.HOLDS;
  }

  /**
   * Whether the claim says "no difference" (inside its band): its kind, NO_DIFFERENCE; pairs.json
   * version 1 recorded the A/A check of the calibration group as AT_LEAST 1, so there its group
   * tells. The verdict and the claimed column both ask here.
   */
  public static boolean claimsNoDifference(Claim claim) {
    return claim.kind() == Kind.NO_DIFFERENCE
        || claim.kind() == Kind.AT_LEAST && Claims.CALIBRATION.equals(claim.group());
  }

  /** What the claim says of a / b, from its kind and band: "≥ 2.00", "≤ 1.20", "= 1 ± 10%". */
  public static String claimed(Claim claim) {
    if (claimsNoDifference(claim)) {
      return String.format(Locale.ROOT, "= 1 ± %.0f%%", 100 * claim.band());
    }
    return String.format(
        Locale.ROOT, "%s %.2f", claim.kind() == Kind.AT_MOST ? "≤" : "≥", claim.claimed());
  }

  private static Answer answer(Claim claim, double l, double h, double size, List<Region> regions) {
    if (claimsNoDifference(claim)) {
      return regions.equals(List.of(Region.NO_DIFFERENCE))
          ? Answer.HOLDS
          : regions.contains(Region.NO_DIFFERENCE) ? Answer.INCONCLUSIVE : Answer.DOES_NOT_HOLD;
    }
    return l >= size ? Answer.HOLDS : h < size ? Answer.DOES_NOT_HOLD : Answer.INCONCLUSIVE;
  }
}
