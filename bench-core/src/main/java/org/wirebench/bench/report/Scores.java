package org.wirebench.bench.report;

import java.util.Locale;
import org.wirebench.results.AuxSize;
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

  /**
   * The score ± its 99.9% half-width; "(wide)" when the half-width is above {@value #WIDE} of the
   * score: the run did not settle (too little warm-up), so read it as unconverged.
   */
  static String withError(JmhResult r) {
    if (Double.isNaN(r.scoreError())) {
      return format("%.1f", r.score());
    }
    String s = format("%.1f ± %.1f", r.score(), r.scoreError());
    return r.scoreError() > WIDE * r.score() ? s + " (wide)" : s;
  }

  /** Relative half-width above which a JMH score is marked unconverged. */
  static final double WIDE = 0.5;

  /** A size per operation, as a whole number, or "" when not recorded. */
  static String perOperation(JmhResult r, AuxSize size) {
    double v = r.perOperation(size);
    return Double.isNaN(v) ? "" : format("%.0f", v);
  }

  static String secondary(JmhResult r, String metric, String pattern) {
    double v = r.secondaryScore(metric);
    return Double.isNaN(v) ? "" : format(pattern, v);
  }
}
