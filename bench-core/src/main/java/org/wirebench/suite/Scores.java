package org.wirebench.suite;

import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/** Reading scores, errors and counters out of JMH results, the same way in every report section. */
final class Scores {
  private Scores() {}

  static String ratio(RunResult a, RunResult b) {
    Result<?> x = a.getPrimaryResult();
    Result<?> y = b.getPrimaryResult();
    double r = x.getScore() / y.getScore();
    double rel = Math.hypot(relError(x), relError(y));
    return Double.isNaN(rel) ? String.format("%.2f", r) : String.format("%.2f ± %.2f", r, r * rel);
  }

  private static double relError(Result<?> r) {
    return r.getScoreError() / r.getScore();
  }

  static String withError(Result<?> r) {
    return Double.isNaN(r.getScoreError())
        ? String.format("%.1f", r.getScore())
        : String.format("%.1f ± %.1f", r.getScore(), r.getScoreError());
  }

  /**
   * An EVENTS counter as one iteration saw it. JMH sums such counters over every measured iteration
   * of every fork; the primary score has one sample per iteration, so its count is the divisor.
   */
  static String perIteration(RunResult r, String name) {
    Result<?> total = r.getSecondaryResults().get(name);
    long iterations = r.getPrimaryResult().getSampleCount();
    return total == null || iterations == 0
        ? ""
        : String.format("%.0f", total.getScore() / iterations);
  }

  static String secondary(RunResult r, String name, String format) {
    Result<?> s = r.getSecondaryResults().get(name);
    return s == null ? "" : String.format(format, s.getScore());
  }
}
