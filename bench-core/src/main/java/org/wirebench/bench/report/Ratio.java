package org.wirebench.bench.report;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The ratio of two samples' geometric means with a confidence interval: Welch's t interval on the
 * log scale (unequal variances, Welch–Satterthwaite degrees of freedom), turned back into a ratio.
 * Logs make a slowdown and a speed-up of the same factor symmetric, and timing data is closer to
 * log-normal than normal.
 *
 * @param ratio NEW / BASE
 * @param low and {@code high}: the interval; NaN when either sample has fewer than 2 values
 */
public record Ratio(double ratio, double low, double high, double confidence) {

  public static Ratio of(double[] base, double[] now, double confidence) {
    return of(base, now, confidence, 0);
  }

  /**
   * As {@link #of(double[], double[], double)}, where each sample's mean also carries a run-level
   * error of standard deviation {@code runLogSd} on the log scale, which the values within one run
   * share and so do not show: its variance is added once per run, taken as known (no degrees of
   * freedom of its own).
   */
  public static Ratio of(double[] base, double[] now, double confidence, double runLogSd) {
    if (base.length == 0 || now.length == 0) {
      return new Ratio(Double.NaN, Double.NaN, Double.NaN, confidence);
    }
    double mb = meanLog(base);
    double mn = meanLog(now);
    double r = Math.exp(mn - mb);
    if (base.length < 2 || now.length < 2) {
      return new Ratio(r, Double.NaN, Double.NaN, confidence);
    }
    double vb = varLog(base, mb) / base.length;
    double vn = varLog(now, mn) / now.length;
    double shared = 2 * runLogSd * runLogSd;
    double se = Math.sqrt(vb + vn + shared);
    if (se == 0) {
      return new Ratio(r, r, r, confidence);
    }
    double sampled = vb * vb / (base.length - 1) + vn * vn / (now.length - 1);
    // Welch–Satterthwaite, the known run-level part adding none; forks that agree exactly leave
    // only that part, whose t is the normal's
    double df = sampled == 0 ? 1e9 : (vb + vn + shared) * (vb + vn + shared) / sampled;
    double t = TDistribution.of(df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    return new Ratio(r, Math.exp(mn - mb - t * se), Math.exp(mn - mb + t * se), confidence);
  }

  public boolean hasInterval() {
    return !Double.isNaN(low);
  }

  /** The interval lies entirely above or below 1. */
  public boolean excludesOne() {
    return hasInterval() && (low > 1 || high < 1);
  }

  /** The geometric mean. */
  static double geoMean(double[] xs) {
    return Math.exp(meanLog(xs));
  }

  private static double meanLog(double[] xs) {
    double s = 0;
    for (double x : xs) {
      s += Math.log(x);
    }
    return s / xs.length;
  }

  private static double varLog(double[] xs, double mean) {
    double s = 0;
    for (double x : xs) {
      double d = Math.log(x) - mean;
      s += d * d;
    }
    return s / (xs.length - 1);
  }

  @Override
  public String toString() {
    return hasInterval()
        ? String.format(java.util.Locale.ROOT, "%.3f [%.3f, %.3f]", ratio, low, high)
        : String.format(java.util.Locale.ROOT, "%.3f [no interval]", ratio);
  }
}
