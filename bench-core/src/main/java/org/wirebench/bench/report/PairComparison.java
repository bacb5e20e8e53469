package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.wirebench.bench.pair.Claims;
import org.wirebench.bench.pair.PairedRatio;
import org.wirebench.results.OtherWork;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunEnvironment.Calibration;
import org.wirebench.results.RunRecord;
import org.wirebench.results.UnreadableRunException;

/**
 * The pairs of two runs compared: each claim both measured, by the change NEW / BASE of its
 * within-run ratio a / b, and each variant both measured, by the change of its cost relative to the
 * calibration timed in the same forks. Welch's interval over the two runs' per-fork ratios, the
 * threshold of every other row.
 *
 * <p>A claim's ratio moves when either side does: xml / protobuf rose 1.04 → 1.59 between two runs
 * because protobuf got faster. So only a target's rise (AT_MOST: ours against its same-bytes floor)
 * is a regression; a study claim's change is {@link Comparison.Verdict#MOVED}, shown and never a
 * failure. Which side moved is what the per-variant rows say: a variant's cost against the
 * reference workload shuffled into the same rounds. That yardstick is pure core work; a codec's
 * cost against it depends on memory and caches too, so across machines that differ these rows are
 * {@link Comparison.Verdict#NOT_JUDGED}.
 */
final class PairComparison {
  /**
   * A run-level error of a variant's cost against the calibration, standard deviation on the log
   * scale, that the forks of one run share and so do not show: measured on three quick runs of one
   * build (dac75b2, 20261126-140200, -141547, -142940), the spread of the runs' means over 37
   * variants was 2.3 times (median) the variance their forks predict, a run-level part of 0.035
   * (method of moments, pooled; wfs-osm_mainroads 0.010, wfs-osm_places 0.046, soap-100 0.038,
   * soap-mesh 0.066, backend 0.004, raster 0). Without it two A/A compares called 2 of 37 variants
   * regressed (then improved); with it none, z-scores' spread 0.92 instead of 1.68. A claim's ratio
   * a / b needs none: both variants share the run (claims' A/A z spread 1.00).
   */
  static final double RUN_LOG_SD = 0.035;

  final List<Comparison.Row> rows = new ArrayList<>();
  final List<Comparison.Listed> unmatched = new ArrayList<>();
  final List<Comparison.Listed> missingInNew = new ArrayList<>();

  /**
   * @param machines the calibrations compared, null when either run has none or they timed
   *     different workloads (then no per-variant row: no common yardstick)
   * @param costs {@link #variantCosts} of the two runs, taken once for these rows and the workloads
   *     witness; null when there is no per-variant row
   */
  PairComparison(
      RunRecord base,
      RunRecord now,
      Machines machines,
      List<VariantCosts> costs,
      double threshold,
      double confidence)
      throws UnreadableRunException {
    if (base.pairs() == null && now.pairs() == null) {
      return;
    }
    if (now.pairs() == null || base.pairs() == null) {
      // a run without pairs (suite --pairs none, a run from before them) lacks every pair row the
      // other has, as a run without a benchmark lacks its row: listed, never an empty success
      oneSided(base.pairs() == null ? now : base, base.pairs() == null);
      return;
    }
    sameVariants(base.pairs(), now.pairs());
    claims(base.pairs(), now.pairs(), threshold, confidence);
    if (machines != null && machines.speed() != null && costs != null) {
      variants(
          costs,
          base.pairs(),
          now.pairs(),
          !machines.judges(OtherWork.Step.PAIRS),
          threshold,
          confidence);
    }
  }

  /**
   * A variant is compared with its namesake of the other run only if both ran the same benchmark
   * with the same parameters: xml run with protobuf's parameters in NEW is another quantity, and
   * its change (or a claim's over it) would read as "no change" of xml.
   */
  private static void sameVariants(PairedRuns base, PairedRuns now) throws UnreadableRunException {
    for (PairedRuns.Group g : now.groups()) {
      PairedRuns.Group old = base.group(g.id());
      if (old == null) {
        continue;
      }
      for (PairedRuns.Variant v : g.variants()) {
        int i = old.index(v.id());
        if (i < 0) {
          continue;
        }
        PairedRuns.Variant was = old.variants().get(i);
        if (!was.benchmark().equals(v.benchmark()) || !was.params().equals(v.params())) {
          throw new UnreadableRunException(
              "variant "
                  + v.id()
                  + " of group "
                  + g.id()
                  + " is "
                  + was.benchmark()
                  + " "
                  + new java.util.TreeMap<>(was.params())
                  + " in BASE but "
                  + v.benchmark()
                  + " "
                  + new java.util.TreeMap<>(v.params())
                  + " in NEW: not the same variant, so not compared");
        }
      }
    }
  }

  private void claims(PairedRuns base, PairedRuns now, double threshold, double confidence)
      throws UnreadableRunException {
    for (PairedRuns.Claim c : now.claims()) {
      PairedRuns.Claim old =
          base.claims().stream().filter(x -> x.id().equals(c.id())).findFirst().orElse(null);
      Comparison.Subject key = claim(c, c.kind() == PairedRuns.Kind.AT_MOST, true);
      if (old == null) {
        unmatched.add(new Comparison.Listed(key, "only in NEW: " + key.label()));
        continue;
      }
      if (!old.group().equals(c.group()) || !old.a().equals(c.a()) || !old.b().equals(c.b())) {
        // the same id over another ratio: its change NEW / BASE would compare two quantities
        throw new UnreadableRunException(
            "claim "
                + c.id()
                + " is "
                + old.a()
                + " / "
                + old.b()
                + " of group "
                + old.group()
                + " in BASE but "
                + c.a()
                + " / "
                + c.b()
                + " of group "
                + c.group()
                + " in NEW: not the same claim, so not compared");
      }
      // both runs' forks by NEW's estimator: a run before version 3 took the plain mean, and the
      // estimator alone moves a ratio by up to 1%, which a change between runs must not carry
      // (every round is kept, so BASE's forks are estimated again; Comparison warns of it)
      double trim = now.settings().trim();
      double[] was = exp(PairedRatio.forkLogMeans(base.group(old.group()), old.a(), old.b(), trim));
      double[] is = exp(PairedRatio.forkLogMeans(now.group(c.group()), c.a(), c.b(), trim));
      if (was.length == 0 || is.length == 0) {
        rows.add(invalid(key));
        continue;
      }
      Ratio r = Ratio.of(was, is, confidence);
      Comparison.Verdict v = Comparison.verdict(r, threshold);
      // a target in either run is judged as one: a claim made a study claim in NEW must not hide
      // its own rise
      boolean target = c.kind() == PairedRuns.Kind.AT_MOST || old.kind() == PairedRuns.Kind.AT_MOST;
      key = claim(c, target, true);
      if (!target && (v == Comparison.Verdict.REGRESSED || v == Comparison.Verdict.IMPROVED)) {
        v = Comparison.Verdict.MOVED;
      }
      rows.add(new Comparison.Row(key, "ratio", Ratio.geoMean(was), Ratio.geoMean(is), r, v));
    }
    for (PairedRuns.Claim c : base.claims()) {
      if (now.claims().stream().noneMatch(x -> x.id().equals(c.id()))) {
        Comparison.Subject key = claim(c, c.kind() == PairedRuns.Kind.AT_MOST, false);
        missingInNew.add(new Comparison.Listed(key, "pair " + c.id()));
      }
    }
  }

  /**
   * Every claim and per-variant row of the one run that has pairs, as only in NEW ({@code
   * onlyInNew}) or missing in NEW: the rows it could offer a run with pairs.
   */
  private void oneSided(RunRecord run, boolean onlyInNew) {
    List<Comparison.Listed> to = onlyInNew ? unmatched : missingInNew;
    String side = onlyInNew ? "BASE" : "NEW";
    eachRow(
        run,
        c ->
            to.add(
                listed(claim(c, c.kind() == PairedRuns.Kind.AT_MOST, onlyInNew), onlyInNew, side)),
        (g, v) -> to.add(listed(variant(g.id(), v.id()), onlyInNew, side)));
  }

  /**
   * Walks the pair rows one run offers, in compare's order: each claim and target, then, only where
   * the run's calibration was timed in its groups' forks (env.json version 4), each variant of
   * every group but the calibration's, whose variants are the yardstick itself.
   */
  static void eachRow(
      RunRecord run,
      Consumer<PairedRuns.Claim> claim,
      BiConsumer<PairedRuns.Group, PairedRuns.Variant> variant) {
    run.pairs().claims().forEach(claim);
    Calibration calibration = run.env().calibration();
    if (calibration == null || calibration.groups() == null) {
      return;
    }
    for (PairedRuns.Group g : run.pairs().groups()) {
      if (g.id().equals(Claims.CALIBRATION)) {
        continue;
      }
      for (PairedRuns.Variant v : g.variants()) {
        variant.accept(g, v);
      }
    }
  }

  private static Comparison.Listed listed(
      Comparison.Subject key, boolean onlyInNew, String without) {
    String why = " (" + without + " has no pairs.json)";
    return new Comparison.Listed(key, (onlyInNew ? "only in NEW: " : "") + key.label() + why);
  }

  private void variants(
      List<VariantCosts> costs,
      PairedRuns base,
      PairedRuns now,
      boolean machinesDiffer,
      double threshold,
      double confidence) {
    for (VariantCosts c : costs) {
      Comparison.Subject key = variant(c.group(), c.variant());
      if (!c.inBase()) {
        unmatched.add(new Comparison.Listed(key, "only in NEW: " + key.label()));
        continue;
      }
      if (c.was() == null || c.is() == null) {
        rows.add(invalid(key));
        continue;
      }
      Ratio r = Ratio.of(c.was(), c.is(), confidence, RUN_LOG_SD);
      rows.add(
          new Comparison.Row(
              key,
              "ratio",
              Ratio.geoMean(c.was()),
              Ratio.geoMean(c.is()),
              r,
              machinesDiffer ? Comparison.Verdict.NOT_JUDGED : Comparison.verdict(r, threshold)));
    }
    for (PairedRuns.Group old : base.groups()) {
      if (old.id().equals(Claims.CALIBRATION)) {
        continue;
      }
      PairedRuns.Group g = now.group(old.id());
      for (PairedRuns.Variant v : old.variants()) {
        if (g == null || g.index(v.id()) < 0) {
          Comparison.Subject key = variant(old.id(), v.id());
          missingInNew.add(new Comparison.Listed(key, key.label()));
        }
      }
    }
  }

  /**
   * A variant of NEW's pair groups (the calibration's are the yardstick itself) with its costs
   * against the calibration timed in the same forks, per fork, in each run.
   *
   * @param inBase whether BASE's group holds the variant
   * @param was BASE's costs ({@link #relative}); null when not in BASE or not to be taken
   * @param is NEW's costs; null when not to be taken
   */
  record VariantCosts(String group, String variant, boolean inBase, double[] was, double[] is) {}

  /**
   * Every variant of NEW's pair groups with its costs in both runs, in NEW's order, each taken once
   * for compare's per-variant rows and for the workloads witness; null when either run has no pairs
   * or no calibration timed in its groups' forks (env.json version 4).
   */
  static List<VariantCosts> variantCosts(RunRecord base, RunRecord now) {
    if (base.pairs() == null || now.pairs() == null) {
      return null;
    }
    Calibration was = base.env().calibration();
    Calibration is = now.env().calibration();
    if (was == null || is == null || was.groups() == null || is.groups() == null) {
      return null;
    }
    List<VariantCosts> costs = new ArrayList<>();
    for (PairedRuns.Group g : now.pairs().groups()) {
      if (g.id().equals(Claims.CALIBRATION)) {
        continue;
      }
      PairedRuns.Group old = base.pairs().group(g.id());
      for (PairedRuns.Variant v : g.variants()) {
        boolean inBase = old != null && old.index(v.id()) >= 0;
        costs.add(
            inBase
                ? new VariantCosts(
                    g.id(), v.id(), true, relative(old, v.id(), was), relative(g, v.id(), is))
                : new VariantCosts(g.id(), v.id(), false, null, null));
      }
    }
    return costs;
  }

  /**
   * The variants both runs timed against a version 4 calibration, together; null when {@code costs}
   * is null or no variant has costs in both.
   */
  static Workloads workloads(List<VariantCosts> costs) {
    if (costs == null) {
      return null;
    }
    List<Double> ratios = new ArrayList<>();
    java.util.Set<String> groups = new java.util.HashSet<>();
    for (VariantCosts c : costs) {
      if (c.was() != null && c.is() != null) {
        ratios.add(Ratio.geoMean(c.is()) / Ratio.geoMean(c.was()));
        groups.add(c.group());
      }
    }
    if (ratios.isEmpty()) {
      return null;
    }
    double[] sorted = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : Math.sqrt(sorted[n / 2 - 1] * sorted[n / 2]);
    int rose = (int) ratios.stream().filter(r -> r > 1).count();
    return new Workloads(median, n, groups.size(), rose);
  }

  /**
   * Per fork of the group, the variant's cost over the calibration's in the same rounds; null when
   * the calibration does not hold one fork of equal rounds for each of the group's forks.
   */
  static double[] relative(PairedRuns.Group g, String variant, Calibration c) {
    List<double[]> reference = c.forksOf(g.id());
    int index = g.index(variant);
    List<double[]> costs = g.forks().stream().map(f -> f.nsPerOp().get(index)).toList();
    if (costs.isEmpty() || reference.size() != costs.size()) {
      return null;
    }
    for (int f = 0; f < costs.size(); f++) {
      if (costs.get(f).length != reference.get(f).length) {
        return null;
      }
    }
    // untrimmed: a variant's own cost counts the rounds in which the collector paused it, which a
    // trim would leave out more often for the variant that allocates (the reference allocates
    // nothing); RUN_LOG_SD was measured on these plain means
    return exp(PairedRatio.forkLogMeans(costs, reference, 0));
  }

  private static double[] exp(double[] logs) {
    return Arrays.stream(logs).map(Math::exp).toArray();
  }

  private static Comparison.Row invalid(Comparison.Subject key) {
    return new Comparison.Row(
        key, "ratio", Double.NaN, Double.NaN, null, Comparison.Verdict.INVALID);
  }

  /** A claim or a target, with its two variants after its id or not. */
  static Comparison.Subject claim(PairedRuns.Claim c, boolean target, boolean variants) {
    return new Comparison.Subject(
        Comparison.Kind.PAIR,
        "pair",
        variants ? c.id() + " (" + c.a() + " / " + c.b() + ")" : c.id(),
        Map.of(),
        target ? Comparison.PairKind.TARGET : Comparison.PairKind.CLAIM);
  }

  /** "pair backend protobuf ÷ calibration". */
  static Comparison.Subject variant(String group, String variant) {
    return new Comparison.Subject(
        Comparison.Kind.PAIR,
        "pair",
        group + " " + variant + " ÷ calibration",
        Map.of(),
        Comparison.PairKind.VARIANT);
  }
}
