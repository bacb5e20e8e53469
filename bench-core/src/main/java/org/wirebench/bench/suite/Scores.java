package org.wirebench.bench.suite;

import org.wirebench.bench.report.RunRecord.Benchmark;

/** Reading scores, errors and counters out of JMH results, the same way in every report section. */
final class Scores {
  private Scores() {}

  /** a / b, ± both scores' relative errors (JMH's 99.9% half-widths) in quadrature. */
  static String ratio(Benchmark a, Benchmark b) {
    double r = a.score() / b.score();
    double rel = Math.hypot(relError(a), relError(b));
    return Double.isNaN(rel) ? String.format("%.2f", r) : String.format("%.2f ± %.2f", r, r * rel);
  }

  private static double relError(Benchmark r) {
    return r.scoreError() / r.score();
  }

  static String withError(Benchmark r) {
    return Double.isNaN(r.scoreError())
        ? String.format("%.1f", r.score())
        : String.format("%.1f ± %.1f", r.score(), r.scoreError());
  }

  /**
   * An EVENTS counter as one iteration saw it. JMH sums such counters over every measured iteration
   * of every fork; the primary score has one sample per iteration, so its count is the divisor.
   */
  static String perIteration(Benchmark r, String name) {
    Double total = r.secondary().get(name);
    long iterations = r.raw().length;
    return total == null || iterations == 0 ? "" : String.format("%.0f", total / iterations);
  }

  static String secondary(Benchmark r, String name, String format) {
    Double s = r.secondary().get(name);
    return s == null ? "" : String.format(format, s);
  }
}
