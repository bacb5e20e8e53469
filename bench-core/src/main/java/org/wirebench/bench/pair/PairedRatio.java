package org.wirebench.bench.pair;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;
import org.wirebench.results.PairedRuns;

/**
 * The time ratio a / b of two variants of a paired group, from its rounds: in each round both ran
 * back to back, so the round's log ratio ln(a/b) carries what the machine did to both only once. A
 * fork's estimate is the mean of its rounds' log ratios; forks differ by more than rounds do (each
 * JVM compiles its own code), so the interval is Student's t over the fork means (n − 1 degrees of
 * freedom), never over rounds pooled across forks. Logs make a slowdown and a speed-up of one
 * factor symmetric.
 *
 * @param ratio exp(mean of the fork means)
 * @param low and {@code high}: the interval; NaN with fewer than two forks
 * @param forks forks measured
 * @param pairs rounds measured over all forks (one pair of timings each)
 */
public record PairedRatio(
    double ratio, double low, double high, double confidence, int forks, int pairs) {

  public static PairedRatio of(PairedRuns.Group group, String a, String b, double confidence) {
    double[] means = forkLogMeans(group, a, b);
    int pairs = 0;
    for (PairedRuns.Fork f : group.forks()) {
      pairs += f.nsPerOp().get(group.index(a)).length;
    }
    return fromForkMeans(means, confidence, pairs);
  }

  /** Each fork's mean over its rounds of ln(a / b). */
  public static double[] forkLogMeans(PairedRuns.Group group, String a, String b) {
    int ia = group.index(a);
    int ib = group.index(b);
    if (ia < 0 || ib < 0) {
      throw new IllegalArgumentException(group.id() + " has no variant " + (ia < 0 ? a : b));
    }
    List<double[]> x = new ArrayList<>();
    List<double[]> y = new ArrayList<>();
    for (PairedRuns.Fork f : group.forks()) {
      x.add(f.nsPerOp().get(ia));
      y.add(f.nsPerOp().get(ib));
    }
    return forkLogMeans(x, y);
  }

  /**
   * Each fork's mean over its rounds of ln(a / b), from the two's per-fork, per-round costs (a
   * fork's a and b timed in the same rounds, so of equal length).
   */
  public static double[] forkLogMeans(List<double[]> a, List<double[]> b) {
    if (a.size() != b.size()) {
      throw new IllegalArgumentException(a.size() + " forks against " + b.size());
    }
    double[] means = new double[a.size()];
    for (int f = 0; f < a.size(); f++) {
      double[] x = a.get(f);
      double[] y = b.get(f);
      if (x.length != y.length || x.length == 0) {
        throw new IllegalArgumentException(
            "fork " + f + ": " + x.length + " rounds against " + y.length);
      }
      double s = 0;
      for (int r = 0; r < x.length; r++) {
        // a difference of logs: x / y overflows for costs far apart, ln x − ln y does not
        s += Math.log(x[r]) - Math.log(y[r]);
      }
      means[f] = s / x.length;
    }
    return means;
  }

  /** The interval over per-fork mean log ratios. */
  static PairedRatio fromForkMeans(double[] logMeans, double confidence, int pairs) {
    int n = logMeans.length;
    if (n == 0) {
      return new PairedRatio(Double.NaN, Double.NaN, Double.NaN, confidence, 0, 0);
    }
    double m = 0;
    for (double x : logMeans) {
      m += x;
    }
    m /= n;
    if (n < 2) {
      return new PairedRatio(Math.exp(m), Double.NaN, Double.NaN, confidence, n, pairs);
    }
    double v = 0;
    for (double x : logMeans) {
      v += (x - m) * (x - m);
    }
    double se = Math.sqrt(v / (n - 1) / n);
    double t = TDistribution.of(n - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    return new PairedRatio(
        Math.exp(m), Math.exp(m - t * se), Math.exp(m + t * se), confidence, n, pairs);
  }

  public boolean hasInterval() {
    return !Double.isNaN(low);
  }

  /** The larger distance from the ratio to an end of its interval, as a share of the ratio. */
  public double halfWidth() {
    return hasInterval() ? Math.max(high / ratio - 1, 1 - low / ratio) : Double.POSITIVE_INFINITY;
  }

  /** This ratio turned round: b / a. */
  public PairedRatio inverse() {
    return new PairedRatio(1 / ratio, 1 / high, 1 / low, confidence, forks, pairs);
  }
}
