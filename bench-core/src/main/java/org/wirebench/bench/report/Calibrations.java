package org.wirebench.bench.report;

import java.util.Arrays;
import org.wirebench.results.RunEnvironment.Calibration;

/**
 * Two runs' machines compared on their calibrations: the ratio NEW / BASE of the reference
 * workload's cost, with the same interval the paired claims get — Student's t over the forks' mean
 * log costs (Welch, the two runs' forks being independent).
 */
public final class Calibrations {
  private Calibrations() {}

  /** The median over forks of each fork's mean cost, ns. */
  public static double medianNs(Calibration c) {
    double[] means = Arrays.stream(forkMeans(c)).sorted().toArray();
    int n = means.length;
    return n == 0 ? Double.NaN : n % 2 == 1 ? means[n / 2] : (means[n / 2 - 1] + means[n / 2]) / 2;
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

  private static double[] forkMeans(Calibration c) {
    return c.nsPerOp().stream().mapToDouble(Ratio::geoMean).toArray();
  }
}
