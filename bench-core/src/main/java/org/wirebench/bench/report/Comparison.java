package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import org.wirebench.bench.pair.PairedRatio;
import org.wirebench.results.JmhResult;
import org.wirebench.results.LoadResult;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;

/**
 * NEW against BASE: every benchmark (by name and parameters) and every load point (throughput and
 * p99) present in both, as a ratio with its 99% interval and a verdict, plus warnings where the two
 * runs' machines or JVMs differ.
 */
public final class Comparison {
  public enum Verdict {
    IMPROVED,
    REGRESSED,
    NO_CHANGE,
    /** a ratio without an interval (one run a side): never called a change */
    UNKNOWN,
    /** a score that is NaN, zero or negative on either side: could not compare, never a change */
    INVALID,
    /** a load point not measured at a steady rate on either side: listed, never judged */
    NOT_STEADY,
    /**
     * an absolute time or rate of two runs whose machines differ (their calibrations): listed,
     * never judged — the pairs' within-run ratios are
     */
    NOT_JUDGED
  }

  /**
   * The two runs' machines: NEW / BASE of the calibration's cost, and whether it differs beyond its
   * own noise (interval excludes 1 and the change passes the threshold).
   */
  public record Machines(Ratio speed, boolean differ) {}

  /**
   * @param slowdown NEW/BASE as a cost: time ratio, or the inverse of a throughput ratio
   */
  public record Row(
      String key, String unit, double base, double now, Ratio slowdown, Verdict verdict) {}

  private final List<Row> rows = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private final List<String> unmatched = new ArrayList<>();
  private final List<String> missingInNew = new ArrayList<>();
  private Machines machines;

  /**
   * @param threshold relative change below which nothing is called a change, e.g. 0.05
   */
  public Comparison(RunRecord base, RunRecord now, double threshold, double confidence) {
    Ratio speed =
        Calibrations.compare(base.env().calibration(), now.env().calibration(), confidence);
    machines =
        speed == null ? null : new Machines(speed, verdict(speed, threshold) != Verdict.NO_CHANGE);
    warnDifferences(base.env(), now.env());
    comparePairs(base, now, threshold, confidence);
    Map<String, JmhResult> before = new LinkedHashMap<>();
    base.benchmarks().forEach(b -> before.put(b.key(), b));
    for (JmhResult b : now.benchmarks()) {
      JmhResult a = before.remove(b.key());
      if (a == null) {
        unmatched.add("only in NEW: " + b.key());
        continue;
      }
      if (!usable(a.samples()) || !usable(b.samples())) {
        rows.add(new Row(b.key(), b.unit(), a.score(), b.score(), null, Verdict.INVALID));
        continue;
      }
      Ratio r = Ratio.of(a.samples(), b.samples(), confidence);
      if (a.forks() < 2 || b.forks() < 2) {
        // one fork's iterations show nothing of how the next JVM compiles the same code: in quick
        // runs a same-build pair was called 1.1-2.4x slower with tight intervals. No interval, no
        // verdict; the pairs carry the quick suite's comparisons
        r = new Ratio(r.ratio(), Double.NaN, Double.NaN, confidence);
      }
      if (b.higherIsBetter()) {
        r = new Ratio(1 / r.ratio(), 1 / r.high(), 1 / r.low(), confidence);
      }
      rows.add(new Row(b.key(), b.unit(), a.score(), b.score(), r, absolute(r, threshold)));
    }
    missingInNew.addAll(before.keySet());
    for (String scenario : now.load().keySet()) {
      ScenarioResult a = base.load().get(scenario);
      if (a == null) {
        unmatched.add("load scenario only in NEW: " + scenario);
        continue;
      }
      compareLoad(scenario, a, now.load().get(scenario), threshold, confidence);
    }
    for (String scenario : base.load().keySet()) {
      if (!now.load().containsKey(scenario)) {
        missingInNew.add("load scenario " + scenario);
      }
    }
  }

  private void compareLoad(
      String scenario,
      ScenarioResult base,
      ScenarioResult now,
      double threshold,
      double confidence) {
    Map<String, ScenarioResult.PointResult> before = new LinkedHashMap<>();
    base.points().forEach(p -> before.put(p.id(), p));
    for (ScenarioResult.PointResult p : now.points()) {
      ScenarioResult.PointResult a = before.remove(p.id());
      if (a == null) {
        unmatched.add("load point only in NEW: " + scenario + " " + p.id());
        continue;
      }
      String key = "load " + scenario + " " + p.id();
      boolean unsteady =
          (p.warmup() != null && !p.warmup().converged())
              || (a.warmup() != null && !a.warmup().converged());
      if (unsteady
          || perRun(p, LoadResult::throughput).length == 0
          || perRun(a, LoadResult::throughput).length == 0) {
        rows.add(
            new Row(
                key + " throughput",
                "req/s",
                a.throughput(),
                p.throughput(),
                null,
                unsteady ? Verdict.NOT_STEADY : Verdict.INVALID));
        continue;
      }
      // throughput: higher is better, so the cost is BASE/NEW
      Ratio t =
          Ratio.of(
              perRun(p, LoadResult::throughput), perRun(a, LoadResult::throughput), confidence);
      rows.add(
          new Row(
              key + " throughput",
              "req/s",
              a.throughput(),
              p.throughput(),
              t,
              absolute(t, threshold)));
      ToDoubleFunction<LoadResult> p99 = r -> r.latency("p99");
      Ratio l = Ratio.of(perRun(a, p99), perRun(p, p99), confidence);
      rows.add(
          new Row(
              key + " p99", "ms", a.latency("p99"), p.latency("p99"), l, absolute(l, threshold)));
    }
    before.keySet().forEach(id -> missingInNew.add("load point " + scenario + " " + id));
  }

  /** An absolute figure's verdict: none across machines that differ. */
  private Verdict absolute(Ratio slowdown, double threshold) {
    return machines != null && machines.differ()
        ? Verdict.NOT_JUDGED
        : verdict(slowdown, threshold);
  }

  /**
   * Each claim both runs measured as a pair: the change of its within-run ratio a / b, NEW over
   * BASE, with Welch's interval over the two runs' per-fork ratios. A machine's speed cancels in
   * such a ratio, so these are judged whatever the machines.
   */
  private void comparePairs(RunRecord base, RunRecord now, double threshold, double confidence) {
    if (base.pairs() == null || now.pairs() == null) {
      return;
    }
    for (PairedRuns.Claim c : now.pairs().claims()) {
      PairedRuns.Claim old =
          base.pairs().claims().stream()
              .filter(x -> x.id().equals(c.id()))
              .findFirst()
              .orElse(null);
      String key = "pair " + c.id() + " (" + c.a() + " / " + c.b() + ")";
      if (old == null) {
        unmatched.add("only in NEW: " + key);
        continue;
      }
      double[] was = forkRatios(base.pairs(), old);
      double[] is = forkRatios(now.pairs(), c);
      if (was.length == 0 || is.length == 0) {
        rows.add(new Row(key, "ratio", Double.NaN, Double.NaN, null, Verdict.INVALID));
        continue;
      }
      Ratio r = Ratio.of(was, is, confidence);
      rows.add(
          new Row(key, "ratio", Ratio.geoMean(was), Ratio.geoMean(is), r, verdict(r, threshold)));
    }
    for (PairedRuns.Claim c : base.pairs().claims()) {
      if (now.pairs().claims().stream().noneMatch(x -> x.id().equals(c.id()))) {
        missingInNew.add("pair " + c.id());
      }
    }
  }

  /** Each fork's ratio a / b: the exponential of its rounds' mean log ratio. */
  private static double[] forkRatios(PairedRuns runs, PairedRuns.Claim c) {
    return java.util.Arrays.stream(PairedRatio.forkLogMeans(runs.group(c.group()), c.a(), c.b()))
        .map(Math::exp)
        .toArray();
  }

  /** One value per run of a load point. */
  private static double[] perRun(
      ScenarioResult.PointResult point, ToDoubleFunction<LoadResult> value) {
    return point.runs().stream().mapToDouble(value).filter(x -> x > 0).toArray();
  }

  /** Scores a ratio can be taken of: at least one, every one finite and above zero. */
  private static boolean usable(double[] samples) {
    if (samples.length == 0) {
      return false;
    }
    for (double x : samples) {
      if (!(x > 0) || Double.isInfinite(x)) {
        return false;
      }
    }
    return true;
  }

  static Verdict verdict(Ratio slowdown, double threshold) {
    if (!slowdown.hasInterval()) {
      return Verdict.UNKNOWN;
    }
    if (slowdown.low() > 1 && slowdown.ratio() > 1 + threshold) {
      return Verdict.REGRESSED;
    }
    if (slowdown.high() < 1 && slowdown.ratio() < 1 / (1 + threshold)) {
      return Verdict.IMPROVED;
    }
    return Verdict.NO_CHANGE;
  }

  private void warnDifferences(RunEnvironment a, RunEnvironment b) {
    warn("JDK", a.jdk(), b.jdk());
    warn("forked JDK", a.forkedJdkMajor(), b.forkedJdkMajor());
    warn("forked JVM", a.forkedJvm(), b.forkedJvm());
    warn("CPU", a.cpuModel(), b.cpuModel());
    warn("core count", a.cores(), b.cores());
    warn(
        "launcher JVM flags", withoutPaths(a.launcherJvmArgs()), withoutPaths(b.launcherJvmArgs()));
    warn("forked JVM flags", forks(a.forkJvmArgs()), forks(b.forkJvmArgs()));
    warn("server JVM flags", a.serverJvms(), b.serverJvms());
    warn("library versions", a.libraries(), b.libraries());
  }

  /** Only what both runs recorded is compared (version 1 env.json lacks some fields). */
  private void warn(String what, Object x, Object y) {
    if (x != null && y != null && !Objects.equals(x, y)) {
      warnings.add("the runs differ in " + what + ": " + x + " vs " + y);
    }
  }

  private static List<List<String>> forks(List<List<String>> perFork) {
    return perFork == null ? null : perFork.stream().map(Comparison::withoutPaths).toList();
  }

  /** JVM arguments that only name where wirebench's own files are do not change performance. */
  private static List<String> withoutPaths(List<String> args) {
    return args == null ? null : args.stream().filter(a -> !a.startsWith("-Dwirebench.")).toList();
  }

  /** The machines' calibrations compared; null when either run has none. */
  public Machines machines() {
    return machines;
  }

  public List<Row> rows() {
    return rows;
  }

  public List<String> warnings() {
    return warnings;
  }

  public List<String> unmatched() {
    return unmatched;
  }

  /** Benchmarks BASE measured and NEW did not: a failure, never a silent pass. */
  public List<String> missingInNew() {
    return missingInNew;
  }

  public long count(Verdict v) {
    return rows.stream().filter(r -> r.verdict() == v).count();
  }
}
