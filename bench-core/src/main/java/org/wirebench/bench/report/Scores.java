package org.wirebench.bench.report;

import java.util.Collection;
import java.util.Locale;
import java.util.TreeSet;
import org.wirebench.results.AuxSize;
import org.wirebench.results.JmhResult;

/**
 * Scores, errors, ratios and counters as every report section prints them: always {@link
 * Locale#ROOT}, so a report reads the same whatever the reader's locale. Every ratio of two JMH
 * results in a report is made here, once, so the same ratio shows the same interval wherever it
 * appears.
 */
final class Scores {
  private Scores() {}

  /** The confidence of every ratio's interval. */
  static final double RATIO_CONFIDENCE = 0.99;

  /** Relative half-width above which a JMH score is marked unconverged. */
  static final double WIDE = 0.5;

  /** What "(wide)" means, for a chart's legend and a section's text. */
  static final String WIDE_NOTE =
      "(wide): the score's 99.9% half-width is above half the score; read it as unconverged";

  /** What a hollow mark of a JMH score means, for a chart's legend. */
  static final String WIDE_LEGEND = "wide: the 99.9% half-width is above half the score";

  /** How every JMH ratio is computed, for a section's text. */
  static final String RATIO_NOTE =
      "A ratio A ÷ B is of the two times, with its 99% interval (Welch's t on the log scale, over"
          + " the forks' means, or over the iterations of a single fork): never below 0.";

  static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }

  /** JMH's unit as text is written: "us/op" is µs/op. */
  static String unit(String jmhUnit) {
    return jmhUnit.replace("us/", "µs/");
  }

  /** A / B of two JMH results' times with its interval: the one ratio every section prints. */
  static Ratio ratioOf(JmhResult a, JmhResult b) {
    return Ratio.of(b.samples(), a.samples(), RATIO_CONFIDENCE);
  }

  /** "1.13× [1.05, 1.22]", or "1.13× (no interval)" when a sample has fewer than 2 values. */
  static String ratio(JmhResult a, JmhResult b) {
    return ratio(ratioOf(a, b));
  }

  static String ratio(Ratio r) {
    return r.hasInterval()
        ? format("%.2f× [%s, %s]", r.ratio(), bound(r.low()), bound(r.high()))
        : format("%.2f× (no interval)", r.ratio());
  }

  /**
   * An interval's end: two decimals, whole numbers from 100 up, and "<0.01" for what two decimals
   * would show as 0.00 (a ratio's interval never reaches 0; two forks can put its end close).
   */
  private static String bound(double v) {
    return v >= 100 ? format("%,.0f", v) : v < 0.005 ? "<0.01" : format("%.2f", v);
  }

  static boolean wide(JmhResult r) {
    return !Double.isNaN(r.scoreError()) && r.scoreError() > WIDE * r.score();
  }

  /**
   * The score ± its 99.9% half-width; "(wide)" when the half-width is above {@value #WIDE} of the
   * score: the run did not settle (too little warm-up), so read it as unconverged. A half-width
   * above the score itself would put a time below 0: that interval is written from 0, and says so.
   */
  static String withError(JmhResult r) {
    if (Double.isNaN(r.scoreError())) {
      return format("%.1f", r.score());
    }
    if (r.scoreError() > r.score()) {
      return format("%.1f [0, %.1f] (wide; clipped at 0)", r.score(), r.score() + r.scoreError());
    }
    String s = format("%.1f ± %.1f", r.score(), r.scoreError());
    return wide(r) ? s + " (wide)" : s;
  }

  /** "1 fork × 4 iterations" (or several such, "; "-joined) of these results. */
  static String iterations(Collection<JmhResult> results) {
    TreeSet<String> distinct = new TreeSet<>();
    for (JmhResult r : results) {
      int forks = Math.max(1, r.forks());
      int per = r.raw().length / forks;
      distinct.add(
          format(
              "%d fork%s × %d iteration%s",
              forks, forks == 1 ? "" : "s", per, per == 1 ? "" : "s"));
    }
    return String.join("; ", distinct);
  }

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
