package org.wirebench.bench.report;

import java.io.UncheckedIOException;
import org.wirebench.results.JmhResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.UnreadableRunException;

/**
 * A JMH result's parameter that a section reads as more than text (a SOAP array's size, a backend
 * answer's items, a name it keys a table by), checked as the readers check every recorded figure:
 * jmh.json holds each parameter as text, so a crafted or future file's "abc", "99999999999" or
 * missing parameter failed the report with a NumberFormatException (exit 1, no file named), and two
 * results keyed into one cell ("05" and "5" are one size) showed one, the other silently dropped.
 * Refused in one line naming the file, the result and the parameter (exit 2).
 */
final class RecordedParams {
  private RecordedParams() {}

  /** A whole number as JMH records an int parameter: digits alone, at most 2^31-1. */
  private static final String COUNT = "[0-9]{1,10}";

  /** {@code param} of {@code r}: a whole number 0..2^31-1. */
  static int count(RunRecord run, JmhResult r, String param) {
    String v = r.param(param);
    if (v != null && v.matches(COUNT) && Long.parseLong(v) <= Integer.MAX_VALUE) {
      return Integer.parseInt(v);
    }
    throw refused(
        run,
        r,
        "params." + param + " " + (v == null ? "is missing" : "is '" + v + "'"),
        "not a whole number 0.." + Integer.MAX_VALUE);
  }

  /**
   * Puts {@code r} into its cell of a section's table, refusing a second result for one cell: the
   * table would show one of them, as if the other had not been measured.
   */
  static <K> void once(RunRecord run, java.util.Map<K, JmhResult> cells, K key, JmhResult r) {
    JmhResult before = cells.putIfAbsent(key, r);
    if (before != null) {
      throw refused(
          run, r, "is in the report's cell of " + before.key(), "two results of one measurement");
    }
  }

  /** {@code param} of {@code r}: a name, present and not blank. */
  static String name(RunRecord run, JmhResult r, String param) {
    String v = r.param(param);
    if (v != null && !v.isBlank()) {
      return v;
    }
    throw refused(
        run, r, "params." + param + " is " + (v == null ? "missing" : "blank"), "not a name");
  }

  /**
   * An unreadable run, unchecked as a section cannot throw IOException; the command's handler finds
   * the {@link UnreadableRunException} inside (exit 2) and prints this line.
   */
  private static UncheckedIOException refused(RunRecord run, JmhResult r, String what, String why) {
    String line = run.folder().resolve(JmhResult.FILE) + ": " + r.key() + ": " + what + ", " + why;
    return new UncheckedIOException(line, new UnreadableRunException(line));
  }
}
