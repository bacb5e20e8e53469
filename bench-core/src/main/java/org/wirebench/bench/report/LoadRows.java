package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.wirebench.bench.report.ThenAndNow.Row;
import org.wirebench.bench.report.ThenAndNow.Verdict;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioResult.PointResult;
import org.wirebench.results.Statistic;
import org.wirebench.results.Study;
import org.wirebench.results.Study.Claim;
import org.wirebench.results.Study.Load;

/**
 * A study's load claims beside the run's load scenarios. A load point is one run without an
 * interval, so a judged claim is judged on its figure with the claim's band as the margin: holds at
 * or above the bound, does not hold below bound ÷ (1 + band), inconclusive between; only a point
 * measured at a steady rate is judged. A context figure is a number beside the study's, its reason
 * given; a point whose steadiness was not checked (older runs) is still quoted, and said so.
 */
final class LoadRows {
  /** How the load rows are judged, for the section's text. */
  static final String NOTE =
      "A load figure is one run without an interval: a claim on it holds at or above its bound,"
          + " does not hold below the bound ÷ (1 + its band), and is inconclusive between; a"
          + " context figure is not judged, for the reason it gives.";

  private LoadRows() {}

  static Row row(RunRecord run, Study study, Claim c) {
    Load l = c.load();
    boolean judged = c.judged() == Study.Judged.AT_LEAST;
    List<PointResult> as = points(run, l, l.a());
    List<PointResult> bs = points(run, l, l.b());
    String claim = judged ? c.text() : c.text() + " [context: " + c.reason() + "]";
    if (bs.isEmpty() || (!l.a().isEmpty() && as.isEmpty())) {
      return missing(study, claim, c, "missing (no such load point in this run)");
    }
    PointResult a = null;
    PointResult b;
    if (l.quantity() == Study.Quantity.BEST_RATE_RATIO) {
      a = best(as);
      b = best(bs);
      if (a == null || b == null) {
        return missing(study, claim, c, "missing (no steady point of both sides in this run)");
      }
    } else {
      b = bs.get(0);
      a = l.a().isEmpty() ? null : as.get(0);
      for (PointResult p : a == null ? List.of(b) : List.of(a, b)) {
        // a context figure may quote an unchecked point (said so below), never a failed one
        String why =
            judged
                ? JudgedPoints.whyNot(p)
                : p.warmup() != null && !p.warmup().converged()
                    ? JudgedPoints.whyNot(p)
                    : JudgedPoints.whyFailed(p);
        if (why != null) {
          return missing(study, claim, c, p.id() + ": " + why);
        }
      }
    }
    double figure;
    String now;
    switch (l.quantity()) {
      case RATE_PER_CORE -> {
        int cores = Math.max(1, run.env().cores());
        double perCore = b.throughput() / cores;
        figure = perCore / l.reference();
        now =
            Scores.format(
                "%.0f %s on %s (server and driver share them) = %.0f per core, %.1f× the"
                    + " study; p99 %.1f ms",
                b.throughput(),
                l.unit(),
                run.env().machine(),
                perCore,
                figure,
                b.latency(Statistic.P99));
      }
      case RATE_RATIO -> {
        figure = b.throughput() / a.throughput();
        now =
            Scores.format(
                "%.0f vs %.0f %s; %s ÷ %s %s %.2f×",
                a.throughput(), b.throughput(), l.unit(), l.b(), l.a(), l.unit(), figure);
      }
      case TIME_RATIO -> {
        figure = a.latency(Statistic.MEAN) / b.latency(Statistic.MEAN);
        now =
            Scores.format(
                "%.2f vs %.2f ms; %s ÷ %s time %.2f×",
                a.latency(Statistic.MEAN), b.latency(Statistic.MEAN), l.a(), l.b(), figure);
      }
      case BEST_RATE_RATIO -> {
        figure = b.throughput() / a.throughput();
        now =
            Scores.format(
                "%s ÷ %s %s %.2f× (%.0f %s at %s users vs %.0f at %s users)",
                l.b(),
                l.a(),
                l.unit(),
                figure,
                b.throughput(),
                l.unit(),
                b.param("users"),
                a.throughput(),
                a.param("users"));
      }
      default -> throw new IllegalStateException(l.quantity().toString());
    }
    if (!judged) {
      boolean checked = b.warmup() != null && (a == null || a.warmup() != null);
      return new Row(
          study.name(),
          claim,
          c.then(),
          checked ? now : now + " (steady state not checked)",
          Verdict.FIGURE);
    }
    return new Row(
        study.name(), claim, c.then(), now + " (one run, no interval)", judge(figure, c));
  }

  /** A figure without an interval against the claim's bound, the band as the margin. */
  static Verdict judge(double figure, Claim c) {
    if (Double.isNaN(figure)) {
      return Verdict.MISSING;
    }
    if (figure >= c.bound()) {
      return Verdict.HOLDS;
    }
    return figure < c.bound() / (1 + c.band()) ? Verdict.DOES_NOT_HOLD : Verdict.INCONCLUSIVE;
  }

  private static Row missing(Study study, String claim, Claim c, String why) {
    return new Row(study.name(), claim, c.then(), why, Verdict.MISSING);
  }

  /**
   * The points at the load's parameters with {@code param=value}, in the claim's scenario or, when
   * the run has not that scenario, in whichever scenario measured them.
   */
  private static List<PointResult> points(RunRecord run, Load l, String value) {
    List<PointResult> out = new ArrayList<>();
    if (value.isEmpty()) {
      return out;
    }
    ScenarioResult own = run.load().get(l.scenario());
    for (ScenarioResult s : own != null ? List.of(own) : run.load().values()) {
      for (PointResult p : s.points()) {
        if (p.param(l.param()).equals(value) && matches(p, l.at())) {
          out.add(p);
        }
      }
    }
    return out;
  }

  private static boolean matches(PointResult p, Map<String, String> at) {
    return at.entrySet().stream().allMatch(e -> p.param(e.getKey()).equals(e.getValue()));
  }

  /** The fastest point a verdict may rest on ({@link JudgedPoints}), or null. */
  private static PointResult best(List<PointResult> points) {
    PointResult best = null;
    for (PointResult p : points) {
      if (JudgedPoints.judged(p) && (best == null || p.throughput() > best.throughput())) {
        best = p;
      }
    }
    return best;
  }
}
