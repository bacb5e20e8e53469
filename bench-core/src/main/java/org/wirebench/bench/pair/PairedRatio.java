package org.wirebench.bench.pair;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;
import org.wirebench.results.PairedRuns;

/**
 * The time ratio a / b of two variants of a paired group, from its rounds: in each round both ran
 * back to back, so the round's log ratio ln(a/b) carries what the machine did to both only once. A
 * fork's estimate is the trimmed mean of its rounds' log ratios (the run's {@link
 * PairedRuns.Settings#trimShare}: the mean of what is left once that share of the rounds is left
 * out at each end; a run before it took the plain mean); forks differ by more than rounds do (each
 * JVM compiles its own code), so the interval is Student's t over the fork estimates (n − 1 degrees
 * of freedom), never over rounds pooled across forks. Logs make a slowdown and a speed-up of one
 * factor symmetric.
 *
 * <p>Why trimmed: a round now and then runs 20–40% off its fork's others (a variant's code still
 * compiling after the warm-up, another process's burst in one variant's batch), and with 4–6 forks
 * one such round moves its fork's mean enough to widen the interval over forks. Over the 32 quick
 * runs recorded with 20 rounds a fork, the 20% trimmed mean narrowed the median interval from ±6.0%
 * to ±4.8% and left the claims' ratios where they were (a fork's trimmed estimate less its mean:
 * within ±0.3% on average for every claim, 1% for the gateway's protobuf, whose first rounds still
 * warm up); replaying the scheduler on the recorded forks, claims wider than ±10% a run fell from
 * 1.8–2.3 to 0.3–0.6 (docs/measuring.md, "A fork's estimate: the trimmed mean").
 *
 * @param ratio exp(mean of the fork estimates)
 * @param low and {@code high}: the interval; NaN with fewer than two forks
 * @param forks forks measured
 * @param pairs rounds measured over all forks (one pair of timings each)
 */
public record PairedRatio(
    double ratio, double low, double high, double confidence, int forks, int pairs) {

  /**
   * a / b in {@code group} as a run with {@code settings} measured it (its confidence and trim).
   */
  public static PairedRatio of(
      PairedRuns.Settings settings, PairedRuns.Group group, String a, String b) {
    double[] means = forkLogMeans(group, a, b, settings.trim());
    int pairs = 0;
    for (PairedRuns.Fork f : group.forks()) {
      pairs += f.nsPerOp().get(group.index(a)).length;
    }
    return fromForkMeans(means, settings.confidence(), pairs);
  }

  /**
   * Each fork's estimate of ln(a / b): the mean of its rounds' log ratios less {@code trimShare} of
   * them at each end ({@link #trimmedMean}).
   */
  public static double[] forkLogMeans(
      PairedRuns.Group group, String a, String b, double trimShare) {
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
    return forkLogMeans(x, y, trimShare);
  }

  /**
   * Each fork's estimate of ln(a / b), from the two's per-fork, per-round costs (a fork's a and b
   * timed in the same rounds, so of equal length).
   */
  public static double[] forkLogMeans(List<double[]> a, List<double[]> b, double trimShare) {
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
      double[] logs = new double[x.length];
      for (int r = 0; r < x.length; r++) {
        // a difference of logs: x / y overflows for costs far apart, ln x − ln y does not
        logs[r] = Math.log(x[r]) - Math.log(y[r]);
      }
      means[f] = trimmedMean(logs, trimShare);
    }
    return means;
  }

  /**
   * The mean of {@code values} once ⌊n × share⌋ of them are left out at each end of their order:
   * share 0 is the plain mean; of 20 values 0.2 leaves out 4 and 4, of 3 none.
   *
   * @param share 0 ≤ share &lt; 0.5, so that at least one value is kept
   */
  public static double trimmedMean(double[] values, double share) {
    if (!(share >= 0 && share < 0.5)) {
      throw new IllegalArgumentException("trim share must be in [0, 0.5), was " + share);
    }
    if (values.length == 0) {
      throw new IllegalArgumentException("no values to take the mean of");
    }
    // n × share a hair under a whole number (20 × 0.29 = 5.799…, 100 × 0.29 = 28.999…) is that
    // number: the share is a decimal written by a person, not a binary fraction
    int cut = (int) Math.floor(values.length * share + 1e-9);
    double[] sorted = values;
    if (cut > 0) {
      sorted = values.clone();
      java.util.Arrays.sort(sorted);
    }
    double s = 0;
    for (int i = cut; i < sorted.length - cut; i++) {
      s += sorted[i];
    }
    return s / (sorted.length - 2 * cut);
  }

  /** The interval over the forks' estimates of the log ratio. */
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
