package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.wirebench.bench.report.ThenAndNow.Row;
import org.wirebench.bench.report.ThenAndNow.Verdict;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioResult.PointResult;
import org.wirebench.results.Statistic;

/**
 * The ql.io study's load figures beside the {@code finding} scenario's: numbers beside numbers (one
 * run per point in a quick suite has no interval), a point not measured at a steady rate said so
 * instead of quoted.
 */
final class FindingRows {
  static final String SCENARIO = "finding";
  static final String THINK = "900±100 ms";

  private FindingRows() {}

  static List<Row> rows(RunRecord run) {
    List<Row> rows = new ArrayList<>();
    ScenarioResult s = run.load().get(SCENARIO);
    PointResult xmlThink = point(s, "xml", THINK);
    PointResult pbThink = point(s, "protobuf", THINK);
    rows.add(
        pair(
            "With think time, 200 users: trans/s, XML vs protobuf (capped by the think time)",
            "203 vs 214 trans/s",
            xmlThink,
            pbThink,
            "%.0f vs %.0f trans/s",
            true,
            PointResult::throughput));
    rows.add(
        pair(
            "With think time: mean response time, XML vs protobuf",
            "72 vs 24 ms (max 1,002 vs 198)",
            xmlThink,
            pbThink,
            "%.2f vs %.2f ms",
            false,
            p -> p.latencyMs().get(Statistic.MEAN)));
    PointResult xmlSat = point(s, "xml", "none");
    PointResult pbSat = point(s, "protobuf", "none");
    rows.add(
        pair(
            "Without think time (saturation), 200 users: trans/s, XML vs protobuf",
            "not measured (the think time capped both)",
            xmlSat,
            pbSat,
            "%.0f vs %.0f trans/s",
            true,
            PointResult::throughput));
    String claim = "Protobuf path at saturation: trans/s per core, 10× the study's 214 or more";
    String then = "214 trans/s on one 2011 box";
    if (pbSat == null) {
      rows.add(new Row("Backend", claim, then, "missing (not in this run)", Verdict.MISSING));
    } else if (!pbSat.measuredAtSteadyState()) {
      rows.add(new Row("Backend", claim, then, unsteady(pbSat), Verdict.MISSING));
    } else {
      int cores = Math.max(1, run.env().cores());
      double perCore = pbSat.throughput() / cores;
      rows.add(
          new Row(
              "Backend",
              claim,
              then,
              Scores.format(
                  "%.0f trans/s on %d cores shared with the driver = %.0f per core, %.1f× the"
                      + " study; p99 %.1f ms",
                  pbSat.throughput(),
                  cores,
                  perCore,
                  perCore / 214,
                  pbSat.latencyMs().get(Statistic.P99)),
              Verdict.FIGURE));
    }
    return rows;
  }

  /**
   * XML's figure beside protobuf's, and their ratio in the claims' direction (XML the study's
   * slower side): protobuf ÷ XML for a rate, XML ÷ protobuf for a time.
   */
  private static Row pair(
      String claim,
      String then,
      PointResult a,
      PointResult b,
      String pattern,
      boolean rate,
      java.util.function.ToDoubleFunction<PointResult> value) {
    if (a == null || b == null) {
      return new Row("Backend", claim, then, "missing (not in this run)", Verdict.MISSING);
    }
    for (PointResult p : List.of(a, b)) {
      if (!p.measuredAtSteadyState()) {
        return new Row("Backend", claim, then, unsteady(p), Verdict.MISSING);
      }
    }
    double x = value.applyAsDouble(a);
    double y = value.applyAsDouble(b);
    return new Row(
        "Backend",
        claim,
        then,
        Scores.format(pattern, x, y)
            + (rate
                ? Scores.format("; protobuf ÷ XML trans/s %.2f×", y / x)
                : Scores.format("; XML ÷ protobuf time %.2f×", x / y)),
        Verdict.FIGURE);
  }

  private static String unsteady(PointResult p) {
    return Scores.format(
        "%s: not measured at a steady rate (warm-up windows %s req/s)",
        p.id(), p.warmup() == null ? "none" : p.warmup().ratesPerSecond());
  }

  static PointResult point(ScenarioResult s, String format, String think) {
    if (s == null) {
      return null;
    }
    for (PointResult p : s.points()) {
      if (p.param("format").equals(format) && p.param("think").equals(think)) {
        return p;
      }
    }
    return null;
  }
}
