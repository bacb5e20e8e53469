package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.wirebench.bench.report.Comparison.Kind;
import org.wirebench.bench.report.Comparison.Listed;
import org.wirebench.bench.report.Comparison.Row;
import org.wirebench.bench.report.Comparison.Subject;
import org.wirebench.bench.report.Comparison.Verdict;
import org.wirebench.results.LoadResult;
import org.wirebench.results.OtherWork;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.Statistic;

/**
 * The load scenarios of two runs compared: each load point both measured at a steady rate, by the
 * ratio NEW / BASE of its throughput's and its p99's cost with their intervals over the runs. A
 * point either side did not check or did not reach a steady rate is listed not steady, one with a
 * failed run (0 req/s or failed requests) listed without a ratio ({@link JudgedPoints}).
 */
final class LoadComparison {
  final List<Row> rows = new ArrayList<>();
  final List<Listed> unmatched = new ArrayList<>();
  final List<Listed> missingInNew = new ArrayList<>();
  private final Machines machines;
  private final double threshold;
  private final double confidence;

  /**
   * @param machines the calibrations compared, null when either run has none or they differ
   */
  LoadComparison(
      RunRecord base, RunRecord now, Machines machines, double threshold, double confidence) {
    this.machines = machines;
    this.threshold = threshold;
    this.confidence = confidence;
    for (String scenario : now.load().keySet()) {
      ScenarioResult a = base.load().get(scenario);
      if (a == null) {
        unmatched.add(
            new Listed(
                new Subject(Kind.LOAD, "load " + scenario, "", Map.of()),
                "load scenario only in NEW: " + scenario));
        continue;
      }
      compare(scenario, a, now.load().get(scenario));
    }
    for (String scenario : base.load().keySet()) {
      if (!now.load().containsKey(scenario)) {
        missingInNew.add(
            new Listed(
                new Subject(Kind.LOAD, "load " + scenario, "", Map.of()),
                "load scenario " + scenario));
      }
    }
  }

  private void compare(String scenario, ScenarioResult base, ScenarioResult now) {
    Map<String, ScenarioResult.PointResult> before = new LinkedHashMap<>();
    base.points().forEach(p -> before.put(p.id(), p));
    for (ScenarioResult.PointResult p : now.points()) {
      ScenarioResult.PointResult a = before.remove(p.id());
      if (a == null) {
        unmatched.add(
            new Listed(
                point(scenario, p, ""), "load point only in NEW: " + scenario + " " + p.id()));
        continue;
      }
      // the report's rule (JudgedPoints): unchecked or unsteady is not steady, a failed run is
      // no ratio; a run at 0 req/s is never dropped from the interval
      boolean unsteady = notSteady(a) || notSteady(p);
      boolean failed = JudgedPoints.whyFailed(a) != null || JudgedPoints.whyFailed(p) != null;
      double[] was = perRun(a, LoadResult::throughput);
      double[] is = perRun(p, LoadResult::throughput);
      boolean judged = !unsteady && !failed;
      // throughput: higher is better, so the cost is BASE/NEW
      Ratio t = judged ? Ratio.of(is, was, confidence) : null;
      rows.add(
          new Row(
              point(scenario, p, " throughput"),
              "req/s",
              a.throughput(),
              p.throughput(),
              geoMean(was),
              geoMean(is),
              t,
              judged
                  ? Comparison.absolute(t, machines, OtherWork.Step.LOAD, threshold)
                  : failed ? Verdict.INVALID : Verdict.NOT_STEADY));
      if (!judged) {
        continue;
      }
      ToDoubleFunction<LoadResult> p99 = r -> r.latency(Statistic.P99);
      double[] wasP99 = perRun(a, p99);
      double[] isP99 = perRun(p, p99);
      // a run that succeeded without a recorded p99 is no ratio, never a run left out
      boolean timed = positive(wasP99) && positive(isP99);
      Ratio l = timed ? Ratio.of(wasP99, isP99, confidence) : null;
      rows.add(
          new Row(
              point(scenario, p, " p99"),
              "ms",
              a.latency(Statistic.P99),
              p.latency(Statistic.P99),
              geoMean(wasP99),
              geoMean(isP99),
              l,
              timed
                  ? Comparison.absolute(l, machines, OtherWork.Step.LOAD, threshold)
                  : Verdict.INVALID));
    }
    before
        .values()
        .forEach(
            a ->
                missingInNew.add(
                    new Listed(point(scenario, a, ""), "load point " + scenario + " " + a.id())));
  }

  /** A load point, {@code measure} (" throughput", " p99" or "") after its id. */
  private static Subject point(String scenario, ScenarioResult.PointResult p, String measure) {
    Map<String, String> params = new LinkedHashMap<>();
    p.params().forEach((k, v) -> params.put(k, String.valueOf(v)));
    return new Subject(Kind.LOAD, "load " + scenario, p.id() + measure, params);
  }

  /** One value per run of a load point. */
  private static double[] perRun(
      ScenarioResult.PointResult point, ToDoubleFunction<LoadResult> value) {
    return point.runs().stream().mapToDouble(value).toArray();
  }

  private static boolean positive(double[] xs) {
    return java.util.Arrays.stream(xs).allMatch(x -> x > 0 && Double.isFinite(x));
  }

  private static boolean notSteady(ScenarioResult.PointResult p) {
    return !p.measuredAtSteadyState();
  }

  private static double geoMean(double[] xs) {
    return xs.length == 0 ? Double.NaN : Ratio.geoMean(xs);
  }
}
