package org.wirebench.bench.report;

import java.util.Locale;
import org.wirebench.results.JmhResult;

/**
 * Scores, errors and counters as every report section prints them: always {@link Locale#ROOT}, so a
 * report reads the same whatever the reader's locale.
 */
final class Scores {
  private Scores() {}

  static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }

  /** a / b, ± both scores' relative errors (JMH's 99.9% half-widths) in quadrature. */
  static String ratio(JmhResult a, JmhResult b) {
    double r = a.score() / b.score();
    double rel = Math.hypot(a.scoreError() / a.score(), b.scoreError() / b.score());
    return Double.isNaN(rel) ? format("%.2f", r) : format("%.2f ± %.2f", r, r * rel);
  }

  static String withError(JmhResult r) {
    return Double.isNaN(r.scoreError())
        ? format("%.1f", r.score())
        : format("%.1f ± %.1f", r.score(), r.scoreError());
  }

  /** An aux counter per iteration, as a whole number, or "" when not recorded. */
  static String perIteration(JmhResult r, String counter) {
    double v = r.perIteration(counter);
    return Double.isNaN(v) ? "" : format("%.0f", v);
  }

  static String secondary(JmhResult r, String metric, String pattern) {
    double v = r.secondaryScore(metric);
    return Double.isNaN(v) ? "" : format(pattern, v);
  }
}
