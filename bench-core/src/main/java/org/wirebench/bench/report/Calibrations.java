package org.wirebench.bench.report;

import java.util.Arrays;
import org.wirebench.results.RunEnvironment.Calibration;

/**
 * Two runs' machines compared on their calibrations: the ratio NEW / BASE of the reference
 * workload's cost, with the same interval the paired claims get — Student's t over the forks' mean
 * log costs (Welch, the two runs' forks being independent). Since env.json version 4 every fork of
 * every pair group samples the workload, 30-odd forks a quick run, so the interval is narrow and
 * the check is bounded by how much one machine's speed moves from run to run: {@link #TOLERANCE}.
 */
public final class Calibrations {
  /**
   * Machines differ when their calibrations differ by more than this (and the interval excludes 1):
   * the reference workload's run-to-run movement on one machine, measured (docs/measuring.md).
   */
  public static final double TOLERANCE = 0.03;

  /**
   * Runs' conditions differ when the median of their pair variants' costs against the calibration
   * moves by more than this (Workloads). Measured over the committed quick runs, each against the
   * one before (docs/measuring.md, "The workloads together"): runs of one build on the quiet VM
   * moved it by 0.966–1.066; a run beside other work by 1.11–1.21 (20261127-205756 1.135,
   * 20261128-024006 1.208, and the runs after them 0.899–0.901).
   */
  public static final double WORKLOADS_TOLERANCE = 0.08;

  /** The fewest pair groups whose variants' median says something of the run, not of a group. */
  public static final int WORKLOADS_MIN_GROUPS = 3;

  /** The fewest variants, likewise. */
  public static final int WORKLOADS_MIN_VARIANTS = 12;

  private Calibrations() {}

  /** Whether a calibration ratio NEW / BASE says the machines differ. */
  public static boolean differ(Ratio speed) {
    return speed.hasInterval()
        && ((speed.low() > 1 && speed.ratio() > 1 + TOLERANCE)
            || (speed.high() < 1 && speed.ratio() < 1 / (1 + TOLERANCE)));
  }

  /** The median over forks of each fork's mean cost, ns. */
  public static double medianNs(Calibration c) {
    return median(forkMeans(c));
  }

  /**
   * NEW / BASE of the calibration's cost; null when either run has none or their workloads differ
   * (a different yardstick is a different scale).
   */
  public static Ratio compare(Calibration base, Calibration now, double confidence) {
    if (base == null || now == null || !base.workload().equals(now.workload())) {
      return null;
    }
    return Ratio.of(forkMeans(base), forkMeans(now), confidence);
  }

  /**
   * How the calibration moved over the run: its forks' mean costs, lowest and highest, and the
   * median of the first and of the last quarter of the forks in the order they ran (ns).
   */
  public record Drift(
      double lowestNs, double highestNs, double firstQuarterNs, double lastQuarterNs) {}

  public static Drift drift(Calibration c) {
    double[] means = forkMeans(c);
    int quarter = Math.max(1, means.length / 4);
    return new Drift(
        Arrays.stream(means).min().orElse(Double.NaN),
        Arrays.stream(means).max().orElse(Double.NaN),
        median(Arrays.copyOfRange(means, 0, quarter)),
        median(Arrays.copyOfRange(means, means.length - quarter, means.length)));
  }

  private static double median(double[] xs) {
    double[] s = Arrays.stream(xs).sorted().toArray();
    int n = s.length;
    return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  private static double[] forkMeans(Calibration c) {
    return c.nsPerOp().stream().mapToDouble(Ratio::geoMean).toArray();
  }
}
