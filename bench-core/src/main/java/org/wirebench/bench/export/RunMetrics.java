package org.wirebench.bench.export;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.wirebench.bench.report.Comparison;
import org.wirebench.bench.report.PairFigures;
import org.wirebench.results.AuxSize;
import org.wirebench.results.JmhResult;
import org.wirebench.results.JmhUnits;
import org.wirebench.results.LoadResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.Statistic;
import org.wirebench.results.UnreadableRunException;

/**
 * Every JMH result and load point of a run as {@link Metric}s: JMH's score (in ns per operation or
 * operations per second) with its 99.9% interval, the sizes per operation and the bytes allocated
 * per operation; a load point's req/s and its latency statistics in ms, with the runs' range. A
 * load point measured before its rate was steady is left out (a tracker would take its number for a
 * measurement), and so is a NaN score: both are listed in {@link #leftOut}.
 *
 * <p>A run's pairs (pairs.json) as {@link PairFigures} computes them, the figures the report judges
 * and compare names: each claim's and target's ratio a / b (measure "ratio" for a target, smaller
 * is better; "claim-ratio" for a study claim, which has no better direction, so that a tracker's
 * threshold on "ratio" never alerts on one) with the run's interval, and each variant's cost ÷ the
 * calibration (measure "ratio", smaller is better, no interval).
 */
final class RunMetrics {
  /** A load point's latency statistics, as recorded (ms), and their measure names. */
  private static final Map<Statistic, String> LATENCIES =
      Map.of(
          Statistic.MEAN, "latency-mean-ms",
          Statistic.P50, "latency-p50-ms",
          Statistic.P90, "latency-p90-ms",
          Statistic.P99, "latency-p99-ms",
          Statistic.P99_9, "latency-p999-ms",
          Statistic.MAX, "latency-max-ms");

  private static final List<Statistic> LATENCY_ORDER =
      List.of(
          Statistic.MEAN,
          Statistic.P50,
          Statistic.P90,
          Statistic.P99,
          Statistic.P99_9,
          Statistic.MAX);

  final List<Metric> metrics = new ArrayList<>();
  final List<String> leftOut = new ArrayList<>();

  /**
   * Why each metric of {@link Metric.Direction#NONE} is in neither github-action-benchmark file.
   */
  final List<String> withoutDirection = new ArrayList<>();

  private RunMetrics() {}

  static RunMetrics of(RunRecord run) throws UnreadableRunException {
    RunMetrics m = new RunMetrics();
    for (JmhResult r : run.benchmarks()) {
      m.jmh(run, r);
    }
    run.load().forEach((scenario, result) -> result.points().forEach(p -> m.load(scenario, p)));
    PairFigures.of(run).forEach(m::pair);
    if (run.pairs() != null
        && (run.env().calibration() == null || run.env().calibration().groups() == null)) {
      // said, as compare warns of it: a tracker would otherwise lose these series without a word
      m.leftOut.add(
          "pair GROUP VARIANT ÷ calibration: none, the run's calibration was not timed in its pair"
              + " groups' forks (env.json before version 4)");
    }
    m.checkNamesAreUnique(run);
    return m;
  }

  /** "GeoEncodingBenchmark.encode codec=gml32 count=200 dataset=osm_places" */
  static String name(String prefix, Map<String, String> params) {
    StringBuilder b = new StringBuilder(prefix);
    new TreeMap<>(params).forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
    return b.toString();
  }

  private void jmh(RunRecord run, JmhResult r) throws UnreadableRunException {
    String name = name(r.name(), r.params());
    if (!Double.isFinite(r.score())) {
      leftOut.add(name + ": its score is " + r.score());
      return;
    }
    Scale scale = Scale.of(run, r);
    double error = r.scoreError() * scale.factor;
    double lower =
        Double.isFinite(error) ? Math.max(0, (r.score() * scale.factor) - error) : Double.NaN;
    double upper = Double.isFinite(error) ? (r.score() * scale.factor) + error : Double.NaN;
    int iterations = r.forks() > 0 ? r.raw().length / r.forks() : r.raw().length;
    String note =
        String.format(
            Locale.ROOT,
            "JMH %s, %d fork(s) x %d iteration(s); score %.4g %s, 99.9%% interval ± %.4g",
            r.mode(),
            r.forks(),
            iterations,
            r.score(),
            r.unit(),
            r.scoreError());
    metrics.add(
        new Metric(
            name,
            scale.measure,
            scale.unit,
            r.score() * scale.factor,
            lower,
            upper,
            r.higherIsBetter() ? Metric.Direction.BIGGER : Metric.Direction.SMALLER,
            true,
            note));
    for (AuxSize size : AuxSize.values()) {
      double v = r.perOperation(size);
      if (!Double.isNaN(v)) {
        metrics.add(
            new Metric(
                name,
                size.measure(),
                size.unit(),
                v,
                Double.NaN,
                Double.NaN,
                Metric.Direction.SMALLER,
                false,
                size.measure().replace('-', ' ')
                    + (r.secondary().containsKey(AuxSize.OPERATIONS)
                        ? " (JMH aux counters: total over operations)"
                        : " (JMH aux counter as JMH sums it, over the "
                            + r.raw().length
                            + " measured iterations)")));
      }
    }
    double alloc = r.secondaryScore("gc.alloc.rate.norm");
    if (Double.isFinite(alloc)) {
      metrics.add(
          new Metric(
              name,
              "allocated-bytes-per-op",
              "B/op",
              alloc,
              Double.NaN,
              Double.NaN,
              Metric.Direction.SMALLER,
              false,
              "bytes allocated per operation (JMH -prof gc, gc.alloc.rate.norm)"));
    }
  }

  private void load(String scenario, ScenarioResult.PointResult p) {
    Map<String, String> params = new TreeMap<>();
    p.params().forEach((k, v) -> params.put(k, String.valueOf(v)));
    String name = name("load " + scenario, params);
    if (p.warmup() != null && !p.warmup().converged()) {
      leftOut.add(name + ": not measured at a steady rate (listed in the reports, never judged)");
      return;
    }
    String note =
        String.format(
            Locale.ROOT,
            "%d run(s), %d error(s)%s%s",
            p.runs().size(),
            p.errors(),
            p.warmup() == null ? ", steady state not checked (a run from before 2026-11-23)" : "",
            p.runs().size() > 1 ? "; range: the runs' lowest and highest" : "");
    metrics.add(
        range(
            name,
            "throughput",
            "req/s",
            p.throughput(),
            Metric.Direction.BIGGER,
            true,
            note,
            p,
            LoadResult::throughput));
    for (Statistic stat : LATENCY_ORDER) {
      double v = p.latency(stat);
      if (Double.isFinite(v)) {
        metrics.add(
            range(
                name,
                LATENCIES.get(stat),
                "ms",
                v,
                Metric.Direction.SMALLER,
                false,
                stat + " latency; " + note,
                p,
                r -> r.latency(stat)));
      }
    }
  }

  private void pair(PairFigures.Figure f) {
    if (!Double.isFinite(f.value())) {
      leftOut.add(f.name() + ": " + f.note());
      return;
    }
    boolean claim = f.kind() == Comparison.PairKind.CLAIM;
    Metric m =
        new Metric(
            f.name(),
            claim ? "claim-ratio" : "ratio",
            "x",
            f.value(),
            f.low(),
            f.high(),
            claim ? Metric.Direction.NONE : Metric.Direction.SMALLER,
            true,
            f.kind() == Comparison.PairKind.VARIANT
                ? f.note()
                : String.format(Locale.ROOT, "%.0f%% interval; ", 100 * f.confidence()) + f.note());
    metrics.add(m);
    if (claim) {
      withoutDirection.add(
          f.name()
              + ": a study claim's ratio has no better direction (either variant moves it), so"
              + " it is in neither customSmallerIsBetter nor customBiggerIsBetter; bencher"
              + " carries it as claim-ratio");
    }
  }

  /** A load point's number with the range of its runs' (when it has two runs or more). */
  private static Metric range(
      String name,
      String measure,
      String unit,
      double value,
      Metric.Direction direction,
      boolean primary,
      String note,
      ScenarioResult.PointResult p,
      ToDoubleFunction<LoadResult> perRun) {
    double[] runs = p.runs().stream().mapToDouble(perRun).filter(Double::isFinite).toArray();
    double lower = Double.NaN;
    double upper = Double.NaN;
    if (runs.length >= 2) {
      lower = Math.min(value, java.util.Arrays.stream(runs).min().getAsDouble());
      upper = Math.max(value, java.util.Arrays.stream(runs).max().getAsDouble());
    }
    return new Metric(name, measure, unit, value, lower, upper, direction, primary, note);
  }

  /** Two numbers under one benchmark and measure would overwrite each other in a tracker. */
  private void checkNamesAreUnique(RunRecord run) throws UnreadableRunException {
    Set<String> seen = new LinkedHashSet<>();
    for (Metric m : metrics) {
      if (!seen.add(m.benchmark() + "\u0000" + m.measure())) {
        throw new UnreadableRunException(
            run.folder()
                + " holds two results named '"
                + m.benchmark()
                + "' ("
                + m.measure()
                + "): a tracker could keep only one");
      }
    }
  }

  /** How a JMH score becomes Bencher's latency (ns) or throughput (ops/s). */
  private record Scale(String measure, String unit, double factor) {
    static Scale of(RunRecord run, JmhResult r) throws UnreadableRunException {
      String u = r.unit();
      double ns = JmhUnits.nanos(r.mode(), u);
      if (!Double.isNaN(ns)) {
        return r.higherIsBetter()
            ? new Scale("throughput", "ops/s", 1e9 / ns)
            : new Scale("latency", "ns/op", ns);
      }
      throw new UnreadableRunException(
          run.folder()
              + ": "
              + r.name()
              + " has the unit '"
              + u
              + "' in mode "
              + r.mode()
              + ": not a time per operation or operations per time unit JMH writes");
    }
  }
}
