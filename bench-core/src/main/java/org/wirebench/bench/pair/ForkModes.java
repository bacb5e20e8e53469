package org.wirebench.bench.pair;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;
import org.wirebench.results.PairedRuns;

/**
 * Whether a variant's forks fall into two modes: each JVM compiles its own code, and some code
 * compiles two ways (gml2 on osm_mainroads: fork medians 245–251 µs in most forks, 196–199 µs in
 * about one fork of seven, 2026-11-26). Then the ratio's fork means are bimodal, their spread is
 * the modes' distance rather than noise, and the interval stays wide however the rounds fall.
 *
 * <p>The rule: with at least {@value #MIN_FORKS} forks, the variant's fork medians (of its rounds'
 * cost), on a log scale and sorted, are split at their widest gap into a faster and a slower
 * cluster; they are two modes when that gap is at least {@value #MIN_GAP} (about 5%), at least
 * {@value #GAP_OVER_SPREAD} times the wider cluster's own range, and at least {@value
 * #GAP_OVER_NOISE} times a fork median's round-to-round standard error (1.25 × the forks' median sd
 * of their rounds' log cost ÷ √rounds). A cluster may be a single fork.
 *
 * @param forks forks measured
 * @param fastForks forks in the faster mode; the rest are in the slower one
 * @param fastNs the median of the faster mode's fork medians, ns an operation
 * @param slowNs the same for the slower mode
 */
public record ForkModes(int forks, int fastForks, double fastNs, double slowNs) {
  static final int MIN_FORKS = 4;
  static final double MIN_GAP = 0.05;
  static final double GAP_OVER_SPREAD = 3;
  static final double GAP_OVER_NOISE = 6;

  /** The two modes of a variant's forks, or empty when they form one. */
  public static Optional<ForkModes> of(PairedRuns.Group group, String variant) {
    int v = group.index(variant);
    if (v < 0) {
      throw new IllegalArgumentException(group.id() + " has no variant " + variant);
    }
    List<PairedRuns.Fork> forks = group.forks();
    int n = forks.size();
    if (n < MIN_FORKS) {
      return Optional.empty();
    }
    double[] x = new double[n];
    int split = split(forks.stream().map(f -> logs(f.nsPerOp().get(v))).toList(), x);
    if (split < 0) {
      return Optional.empty();
    }
    return Optional.of(
        new ForkModes(
            n,
            split,
            Math.exp(median(Arrays.copyOfRange(x, 0, split))),
            Math.exp(median(Arrays.copyOfRange(x, split, n)))));
  }

  /** "196 µs in 1 of 5 forks, 248 µs in 4": the faster mode first. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%s µs in %d of %d forks, %s µs in %d",
        micros(fastNs),
        fastForks,
        forks,
        micros(slowNs),
        forks - fastForks);
  }

  private static String micros(double ns) {
    double us = ns / 1000;
    return String.format(Locale.ROOT, us >= 100 ? "%,.0f" : us >= 10 ? "%.1f" : "%.2f", us);
  }

  /**
   * Every variant of the claim's pair whose forks form two modes, a's first; empty unless the
   * claim's own fork ratios (each fork's median of its rounds' a ÷ b) form two modes too. A fork in
   * which every variant ran slower (the machine, not the code: all three gateway variants 1.4×
   * slower in one fork of eight on the quiet VM, 2026-11-26) leaves the ratio alone, so it neither
   * widens the interval nor earns the group more forks.
   */
  public static List<Named> ofPair(PairedRuns.Group group, String a, String b) {
    List<Named> out = new ArrayList<>();
    for (String v : List.of(a, b)) {
      if (group.index(v) < 0) {
        throw new IllegalArgumentException(group.id() + " has no variant " + v);
      }
    }
    if (!ratioSplits(group, group.index(a), group.index(b))) {
      return out;
    }
    for (String v : List.of(a, b)) {
      of(group, v).ifPresent(m -> out.add(new Named(v, m)));
    }
    return out;
  }

  private static boolean ratioSplits(PairedRuns.Group group, int a, int b) {
    List<PairedRuns.Fork> forks = group.forks();
    int n = forks.size();
    if (n < MIN_FORKS) {
      return false;
    }
    List<double[]> ratios = new ArrayList<>();
    for (PairedRuns.Fork f : forks) {
      double[] la = logs(f.nsPerOp().get(a));
      double[] lb = logs(f.nsPerOp().get(b));
      ratios.add(IntStream.range(0, la.length).mapToDouble(r -> la[r] - lb[r]).toArray());
    }
    return split(ratios, new double[n]) > 0;
  }

  /** A variant's two modes. */
  public record Named(String variant, ForkModes modes) {}

  private static double[] logs(double[] costs) {
    return Arrays.stream(costs).map(Math::log).toArray();
  }

  /**
   * Where the forks' medians of their rounds' logs split into two modes (the index of the slower
   * mode's first), or -1; the medians, sorted, are written to {@code x}.
   */
  private static int split(List<double[]> logsPerFork, double[] x) {
    int n = x.length;
    double[] se = new double[n];
    for (int f = 0; f < n; f++) {
      double[] logs = logsPerFork.get(f);
      x[f] = median(logs);
      se[f] = sd(logs) / Math.sqrt(logs.length);
    }
    Arrays.sort(x);
    double noise = 1.25 * median(se);
    int split = -1;
    double widest = 0;
    for (int k = 1; k < n; k++) {
      double gap = x[k] - x[k - 1];
      double spread = Math.max(x[k - 1] - x[0], x[n - 1] - x[k]);
      if (gap >= MIN_GAP
          && gap >= GAP_OVER_SPREAD * spread
          && gap >= GAP_OVER_NOISE * noise
          && gap > widest) {
        widest = gap;
        split = k;
      }
    }
    return split;
  }

  private static double median(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  private static double sd(double[] values) {
    if (values.length < 2) {
      return 0;
    }
    double m = 0;
    for (double x : values) {
      m += x;
    }
    m /= values.length;
    double v = 0;
    for (double x : values) {
      v += (x - m) * (x - m);
    }
    return Math.sqrt(v / (values.length - 1));
  }
}
