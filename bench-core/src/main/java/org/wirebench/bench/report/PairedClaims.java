package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.wirebench.bench.pair.ClaimVerdict;
import org.wirebench.bench.pair.ForkModes;
import org.wirebench.bench.pair.PairedRatio;
import org.wirebench.bench.report.ThenAndNow.Row;
import org.wirebench.bench.report.ThenAndNow.Verdict;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PairedRuns.Claim;

/** The claims of pairs.json as then-and-now rows and as the paired-claims table. */
final class PairedClaims {
  private PairedClaims() {}

  /** A claim's ratio with the interval its run recorded. */
  static PairedRatio ratio(PairedRuns runs, Claim c) {
    return PairedRatio.of(runs.settings(), runs.group(c.group()), c.a(), c.b());
  }

  /** Every claim of one study, as then-and-now rows. */
  static List<Row> rows(PairedRuns runs, String study) {
    List<Row> rows = new ArrayList<>();
    for (Claim c : runs.claims()) {
      if (!c.study().equals(study)) {
        continue;
      }
      PairedRatio r = ratio(runs, c);
      String now = c.a() + " ÷ " + c.b() + " cost " + now(r) + modes(runs, c);
      ClaimVerdict v = ClaimVerdict.judge(c, r);
      rows.add(new Row(c.study(), c.text(), c.then(), now, verdict(v), v.label()));
    }
    return rows;
  }

  /** "1.23× [1.10, 1.37] (99%, 6 forks, 120 pairs)". */
  static String now(PairedRatio r) {
    if (!r.hasInterval()) {
      return Scores.format("%.2f× (%d fork, no interval)", r.ratio(), r.forks());
    }
    return Scores.format(
        "%.2f× [%.2f, %.2f] (%.0f%%, %d forks, %d pairs)",
        r.ratio(), r.low(), r.high(), 100 * r.confidence(), r.forks(), r.pairs());
  }

  /**
   * "; gml2's forks ran at two speeds: 196 µs in 1 of 5 forks, 248 µs in 4", for each variant of
   * the claim whose fork medians form two modes ({@link ForkModes}); empty otherwise. It says why
   * an interval is wide: the forks drew from two shapes of the code, not from noise.
   */
  static String modes(PairedRuns runs, Claim c) {
    StringBuilder s = new StringBuilder();
    for (ForkModes.Named m : ForkModes.ofPair(runs.group(c.group()), c.a(), c.b())) {
      s.append("; ")
          .append(m.variant())
          .append("'s forks ran at two speeds: ")
          .append(m.modes().describe());
    }
    return s.toString();
  }

  /** The row's answer, which sets its style. */
  static Verdict verdict(ClaimVerdict v) {
    return switch (v.answer()) {
      case HOLDS, MET -> Verdict.HOLDS;
      case DOES_NOT_HOLD, MISSED -> Verdict.DOES_NOT_HOLD;
      case INCONCLUSIVE -> Verdict.INCONCLUSIVE;
      case NO_INTERVAL -> Verdict.NO_INTERVAL;
    };
  }
}
