package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.wirebench.results.OtherWork;
import org.wirebench.results.RunRecord;
import org.wirebench.results.UnreadableRunException;

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
    /**
     * a score that is NaN, zero or negative on either side, or a load point with a failed run (0
     * req/s or failed requests): could not compare, never a change
     */
    INVALID,
    /** a load point not measured at a steady rate on either side: listed, never judged */
    NOT_STEADY,
    /**
     * an absolute time or rate, or a pair variant's cost against the calibration, of two runs whose
     * machines differ (their calibrations), or measured in a step either run shared with other
     * work: listed, never judged — the claims' within-run ratios are
     */
    NOT_JUDGED,
    /**
     * a study claim's within-run ratio a / b changed (interval excludes 1, past the threshold):
     * either variant may have moved, so shown, never a regression; the per-variant rows say which
     */
    MOVED
  }

  /** What a row, or a result only one run has, is about. */
  public enum Kind {
    /** a JMH benchmark with its parameters */
    JMH,
    /** a load point's throughput or p99, or a whole load scenario */
    LOAD,
    /** a claim both runs measured as an interleaved pair */
    PAIR
  }

  /** What a {@link Kind#PAIR} row is: every such row's group is "pair". */
  public enum PairKind {
    /** a study claim's within-run ratio a / b (AT_LEAST, or the A/A NO_DIFFERENCE): moves */
    CLAIM,
    /** a target's ratio a / b (AT_MOST in either run: ours against its floor): regresses */
    TARGET,
    /** a variant's cost against the calibration timed in the same forks */
    VARIANT
  }

  /**
   * One compared thing, named as the text output names it ({@link #label}) and in parts for the
   * other outputs.
   *
   * @param group the benchmark (GeoEncodingBenchmark.encode), "load SCENARIO" or "pair"
   * @param item the rest of the label: the parameters, "POINT-ID throughput", "CLAIM (a / b)",
   *     "GROUP VARIANT ÷ calibration"; "" for a benchmark without parameters or a whole scenario
   * @param params a benchmark's or load point's parameters, name to value; empty for pairs and
   *     scenarios
   * @param pairKind what a pair row is; null for every other kind
   */
  public record Subject(
      Kind kind, String group, String item, Map<String, String> params, PairKind pairKind) {
    public Subject(Kind kind, String group, String item, Map<String, String> params) {
      this(kind, group, item, params, null);
    }

    public String label() {
      return item.isEmpty() ? group : group + " " + item;
    }
  }

  /**
   * A result only one of the two runs has.
   *
   * @param text how the text output lists it, e.g. "load point wfs osm_places/gml2/4"
   */
  public record Listed(Subject subject, String text) {}

  /**
   * @param base and {@code now}: each side's figure as its run reports it (JMH's score, the
   *     arithmetic mean of the iterations; a load point's throughput and merged p99)
   * @param baseMean and {@code nowMean}: what {@code slowdown} is the quotient of, the geometric
   *     mean of the samples the interval is taken over (a JMH result's iterations, or its forks'
   *     geometric means; a load point's runs; a pair's per-fork ratios); NaN when a side has none
   * @param slowdown NEW/BASE as a cost: nowMean / baseMean for times, baseMean / nowMean for rates
   */
  public record Row(
      Subject subject,
      String unit,
      double base,
      double now,
      double baseMean,
      double nowMean,
      Ratio slowdown,
      Verdict verdict) {
    /** A row whose reported figures are the geometric means its cost is taken of (pairs). */
    public Row(
        Subject subject, String unit, double base, double now, Ratio slowdown, Verdict verdict) {
      this(subject, unit, base, now, base, now, slowdown, verdict);
    }

    /** The text output's name of the row, e.g. "GeoEncodingBenchmark.encode {codec=gml2, ...}". */
    public String key() {
      return subject.label();
    }
  }

  private final List<Row> rows = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private final List<Listed> unmatched = new ArrayList<>();
  private final List<Listed> missingInNew = new ArrayList<>();
  private final double threshold;
  private final double confidence;
  private final Machines machines;
  private final boolean yardsticksDiffer;
  private final List<String> jvms;
  private final boolean pairsAlone;
  private final String yardsticks;

  /**
   * @param threshold relative change below which nothing is called a change, e.g. 0.05
   * @throws UnreadableRunException when the two runs disagree on what a pair claim's id measures
   */
  public Comparison(RunRecord base, RunRecord now, double threshold, double confidence)
      throws UnreadableRunException {
    this.threshold = threshold;
    this.confidence = confidence;
    Ratio speed =
        Calibrations.compare(base.env().calibration(), now.env().calibration(), confidence);
    EnvironmentDifferences env = EnvironmentDifferences.of(base.env(), now.env());
    // each variant's costs taken once: the workloads witness and the per-variant rows read them
    List<PairComparison.VariantCosts> costs =
        speed == null ? null : PairComparison.variantCosts(base, now);
    Set<OtherWork.Step> shared = EnumSet.noneOf(OtherWork.Step.class);
    shared.addAll(SharedSteps.of("BASE", base.env(), warnings));
    shared.addAll(SharedSteps.of("NEW", now.env(), warnings));
    SharedSteps.unrecorded(base.env(), now.env(), warnings);
    machines = Machines.of(speed, env.hardware(), PairComparison.workloads(costs), shared);
    jvms = env.jvms();
    pairsAlone = SharedSteps.pairsAlone(base.env()) && SharedSteps.pairsAlone(now.env());
    yardsticksDiffer =
        speed == null && base.env().calibration() != null && now.env().calibration() != null;
    yardsticks =
        yardsticksDiffer
            ? workloadName(base.env().calibration().workload())
                + " in BASE, "
                + workloadName(now.env().calibration().workload())
                + " in NEW"
            : null;
    warnings.addAll(env.warnings());
    if (speed != null
        && base.pairs() != null
        && now.pairs() != null
        && (base.env().calibration().groups() == null
            || now.env().calibration().groups() == null)) {
      // rows left out must say so: a version 3 calibration ran only at the run's start
      warnings.add(
          "no per-variant pair rows: "
              + (base.env().calibration().groups() == null ? "BASE" : "NEW")
              + "'s calibration (env.json before version 4) was not timed in the pair groups'"
              + " forks");
    }
    if (base.pairs() != null
        && now.pairs() != null
        && base.pairs().settings().trim() != now.pairs().settings().trim()) {
      // the claims' rows take both runs by NEW's estimator (PairComparison): BASE's column is
      // then not what BASE's own report printed, which the reader must be told
      warnings.add(
          Scores.format(
              "pairs: a fork's estimate trims %.0f%% of its rounds at each end in BASE, %.0f%% in"
                  + " NEW (pairs.json version 3); the claims' rows estimate BASE's forks again as"
                  + " NEW does, so BASE's column may differ from its report by up to 1%%"
                  + " (docs/measuring.md)",
              100 * base.pairs().settings().trim(), 100 * now.pairs().settings().trim()));
    }
    String warmups = PairWarmups.differ(base.pairs(), now.pairs());
    if (warmups != null) {
      warnings.add(warmups);
    }
    PairComparison pairs = new PairComparison(base, now, machines, costs, threshold, confidence);
    rows.addAll(pairs.rows);
    unmatched.addAll(pairs.unmatched);
    missingInNew.addAll(pairs.missingInNew);
    JmhComparison jmh = new JmhComparison(base, now, machines, threshold, confidence);
    rows.addAll(jmh.rows);
    unmatched.addAll(jmh.unmatched);
    missingInNew.addAll(jmh.missingInNew);
    LoadComparison load = new LoadComparison(base, now, machines, threshold, confidence);
    rows.addAll(load.rows);
    unmatched.addAll(load.unmatched);
    missingInNew.addAll(load.missingInNew);
  }

  /**
   * An absolute figure's verdict: none across machines that differ, nor where either run's step
   * that measured it shared its machine.
   */
  static Verdict absolute(
      Ratio slowdown, Machines machines, OtherWork.Step step, double threshold) {
    return machines != null && !machines.judges(step)
        ? Verdict.NOT_JUDGED
        : verdict(slowdown, threshold);
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

  /** The machines' calibrations compared; null when either run has none or they differ. */
  public Machines machines() {
    return machines;
  }

  /**
   * What the JVMs the benchmarks and pair forks ran on differ in ("forked JVM flags"): empty when
   * nothing; a cause of every workload moving together besides the machine.
   */
  public List<String> jvmDifferences() {
    return jvms;
  }

  /**
   * Whether both runs recorded their pairs step and neither shared it with other work on its
   * machine: workloads that moved together then moved for something this machine's accounts do not
   * see (a neighbour on the host, or the code or JVM).
   */
  public boolean pairsAlone() {
    return pairsAlone;
  }

  /** Both runs have a calibration but of different reference workloads: not comparable. */
  public boolean yardsticksDiffer() {
    return yardsticksDiffer;
  }

  /**
   * "wirebench-reference-2" of "wirebench-reference-2: Horner's rule ...": its name, not the gist.
   */
  private static String workloadName(String workload) {
    int colon = workload.indexOf(':');
    return colon < 0 ? workload : workload.substring(0, colon);
  }

  /**
   * The two runs' reference workloads by name when they differ ("X in BASE, Y in NEW"), else null.
   */
  public String yardsticks() {
    return yardsticks;
  }

  public List<Row> rows() {
    return rows;
  }

  public List<String> warnings() {
    return warnings;
  }

  /** Results NEW measured and BASE did not: listed, never judged. */
  public List<Listed> unmatched() {
    return unmatched;
  }

  /** Benchmarks BASE measured and NEW did not: a failure, never a silent pass. */
  public List<Listed> missingInNew() {
    return missingInNew;
  }

  public long count(Verdict v) {
    return rows.stream().filter(r -> r.verdict() == v).count();
  }

  /** The smallest change called one, e.g. 0.05. */
  public double threshold() {
    return threshold;
  }

  /** The intervals' confidence, e.g. 0.99. */
  public double confidence() {
    return confidence;
  }

  /**
   * What compare exits with, whatever it prints: 1 when something regressed or is missing in NEW;
   * else 2 when nothing could be compared or a score is NaN or zero; else 0.
   */
  public int exitCode() {
    if (count(Verdict.REGRESSED) > 0 || !missingInNew.isEmpty()) {
      return 1;
    }
    return problem() == null ? 0 : 2;
  }

  /** Why the comparison could not decide (exit 2), or null. */
  public String problem() {
    if (rows.isEmpty()) {
      return "nothing to compare: the two runs have no benchmark or load point in common";
    }
    if (count(Verdict.INVALID) > 0) {
      return "some scores are NaN or zero, a load point has a failed run (0 req/s or failed"
          + " requests), or a pair group's calibration samples do not match its forks: those could"
          + " not be compared";
    }
    return null;
  }
}
