package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.wirebench.bench.pair.ClaimVerdict;
import org.wirebench.bench.pair.PairedRatio;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunEnvironment.Calibration;
import org.wirebench.results.RunRecord;

/**
 * The judged figures of one run's pairs (pairs.json), for an export: each claim's and target's
 * ratio a / b with the interval the report prints (its claims table, {@link PairedClaims}), and
 * each variant's cost against the calibration timed in the same forks, the geometric mean over
 * forks that compare's per-variant row shows for the run. Named as compare names its rows, so a
 * tracker's series and compare's rows are the same things.
 *
 * <p>A variant's cost has no interval here: the forks of one run share a run-level error ({@link
 * PairComparison#RUN_LOG_SD}) that they do not show, so an interval over them would be narrower
 * than what a second run finds; compare's interval is only of the change between two runs, where
 * that error is counted.
 */
public final class PairFigures {
  private PairFigures() {}

  /**
   * @param name "pair CLAIM (a / b)" or "pair GROUP VARIANT ÷ calibration", compare's row name
   * @param kind what it is: a study claim's ratio (no better direction), a target's (smaller is
   *     better) or a variant's cost (smaller is better)
   * @param value the ratio a / b, or the cost ÷ calibration; NaN when the run measured none (then
   *     {@code note} says why)
   * @param low and {@code high}: the interval at {@code confidence}; NaN when there is none
   * @param note what it is and, for claims and targets, the report's verdict
   */
  public record Figure(
      String name,
      Comparison.PairKind kind,
      double value,
      double low,
      double high,
      double confidence,
      String note) {}

  /**
   * Every claim, target and (with a calibration timed in the groups' forks) variant; empty for a
   * run without pairs.
   */
  public static List<Figure> of(RunRecord run) {
    PairedRuns pairs = run.pairs();
    List<Figure> out = new ArrayList<>();
    if (pairs == null) {
      return out;
    }
    double confidence = pairs.settings().confidence();
    Calibration calibration = run.env().calibration();
    PairComparison.eachRow(
        run,
        c -> out.add(claim(pairs, c, confidence)),
        (g, v) -> out.add(variant(g, v, calibration, confidence)));
    return out;
  }

  private static Figure claim(PairedRuns pairs, PairedRuns.Claim c, double confidence) {
    boolean target = c.kind() == PairedRuns.Kind.AT_MOST;
    String name = PairComparison.claim(c, target, true).label();
    PairedRatio r = PairedClaims.ratio(pairs, c);
    String note =
        r.forks() == 0
            ? "no fork measured"
            : c.a()
                + " ÷ "
                + c.b()
                + " "
                + PairedClaims.now(r)
                + "; claimed "
                + ClaimVerdict.claimed(c)
                + ": "
                + ClaimVerdict.judge(c, r).label();
    return new Figure(
        name,
        target ? Comparison.PairKind.TARGET : Comparison.PairKind.CLAIM,
        r.forks() == 0 ? Double.NaN : r.ratio(),
        r.low(),
        r.high(),
        confidence,
        note);
  }

  private static Figure variant(
      PairedRuns.Group g, PairedRuns.Variant v, Calibration calibration, double confidence) {
    String name = PairComparison.variant(g.id(), v.id()).label();
    double[] costs = PairComparison.relative(g, v.id(), calibration);
    if (costs == null) {
      return new Figure(
          name,
          Comparison.PairKind.VARIANT,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          confidence,
          "the calibration does not hold one fork of equal rounds for each of the group's forks");
    }
    return new Figure(
        name,
        Comparison.PairKind.VARIANT,
        Ratio.geoMean(costs),
        Double.NaN,
        Double.NaN,
        confidence,
        Scores.format(
            "%s's cost ÷ the calibration (%s) timed in the same rounds, geometric mean"
                + " over %d forks; no interval: the forks share a run-level error"
                + " (log sd %.3f) they do not show, counted by compare between runs",
            v.id(), calibration.workload(), costs.length, PairComparison.RUN_LOG_SD));
  }
}
