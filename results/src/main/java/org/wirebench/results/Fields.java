package org.wirebench.results;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.Map;

/**
 * The range checks every file kind's validate step makes of what it read: each refusal is one line
 * naming the file, where in it (a point, a group) and the field, with the value as read. A figure
 * that reaches a report or a verdict is never taken on trust: NaN and ±∞ are no figure, nor is one
 * outside {@link Figures}' range, and a count below zero is no count.
 */
final class Fields {
  private final Path file;
  private final String where;

  private Fields(Path file, String where) {
    this.file = file;
    this.where = where;
  }

  /** Checks of the file's top-level fields. */
  static Fields of(Path file) {
    return new Fields(file, "");
  }

  /** Checks of the fields of one part of the file, e.g. "point osm/geojson/4". */
  Fields in(String part) {
    return new Fields(file, where.isEmpty() ? part : where + ", " + part);
  }

  UnreadableRunException refuse(String field, String problem) {
    return new UnreadableRunException(
        file + ": " + (where.isEmpty() ? "" : where + ": ") + field + " " + problem);
  }

  /** The field is there and not null. */
  <T> T present(String field, T value) throws UnreadableRunException {
    if (value == null) {
      throw refuse(field, "is missing or null");
    }
    return value;
  }

  /** A text that is there and not blank. */
  String text(String field, String value) throws UnreadableRunException {
    if (present(field, value).isBlank()) {
      throw refuse(field, "is empty");
    }
    return value;
  }

  /** A field a format version does not have must not be there. */
  void absent(String field, Object value, int version) throws UnreadableRunException {
    if (value != null) {
      throw refuse(field, "is there, which format version " + version + " did not have");
    }
  }

  void atLeast(String field, long value, long min) throws UnreadableRunException {
    if (value < min) {
      throw refuse(field, "is " + value + ", not at least " + min);
    }
  }

  void atMost(String field, long value, long max) throws UnreadableRunException {
    if (value > max) {
      throw refuse(field, "is " + value + ", not at most " + max);
    }
  }

  /** Zero or a figure above zero ({@link Figures#isAmount}). */
  void amount(String field, double value) throws UnreadableRunException {
    String not = Figures.notAmount(value, "not a finite figure of zero or above");
    if (not != null) {
      throw refuse(field, "is " + value + ", " + not);
    }
  }

  /** A figure above zero ({@link Figures#isPositive}). */
  void positive(String field, double value) throws UnreadableRunException {
    String not = Figures.notPositive(value, "not a finite figure above zero");
    if (not != null) {
      throw refuse(field, "is " + value + ", " + not);
    }
  }

  /** An amount, or NaN where the writer records "not measured". */
  void amountOrNaN(String field, double value) throws UnreadableRunException {
    if (!Double.isNaN(value)) {
      amount(field, value);
    }
  }

  /** A count per key (errors by kind or code): each count there, zero or above. */
  <K> long counts(String field, Map<K, Long> counts) throws UnreadableRunException {
    long sum = 0;
    for (Map.Entry<K, Long> e : present(field, counts).entrySet()) {
      String name = field + "." + e.getKey();
      atLeast(name, present(name, e.getValue()), 0);
      sum += e.getValue();
      if (sum < 0) {
        throw refuse(field, "sums beyond a count");
      }
    }
    return sum;
  }

  /**
   * Latencies by statistic: each an amount or NaN (not recorded), and the percentiles in order: p50
   * ≤ p90 ≤ p99 ≤ p99.9 ≤ max, and min the least of them.
   */
  void latencies(String field, Map<Statistic, Double> ms, Collection<Statistic> required)
      throws UnreadableRunException {
    for (Statistic s : required) {
      if (!present(field, ms).containsKey(s)) {
        throw refuse(field, "has no " + s.key());
      }
    }
    Statistic last = null;
    double lastValue = Double.NEGATIVE_INFINITY;
    for (Statistic s : Statistic.values()) {
      if (!ms.containsKey(s)) {
        continue;
      }
      String name = field + "." + s.key();
      double v = present(name, ms.get(s));
      amountOrNaN(name, v);
      if (ORDERED.contains(s) && !Double.isNaN(v)) {
        if (v < lastValue) {
          throw refuse(field, s.key() + " " + v + " is below " + last.key() + " " + lastValue);
        }
        last = s;
        lastValue = v;
      }
    }
  }

  /** The statistics that are order statistics, least first (mean and stddev are not). */
  private static final java.util.Set<Statistic> ORDERED =
      java.util.EnumSet.of(
          Statistic.MIN,
          Statistic.P50,
          Statistic.P90,
          Statistic.P99,
          Statistic.P99_9,
          Statistic.MAX);

  /** One of the values the format knows. */
  void oneOf(String field, String value, Collection<String> known) throws UnreadableRunException {
    if (!known.contains(present(field, value))) {
      throw refuse(field, "is '" + value + "', none of " + known);
    }
  }

  /** An instant as ISO-8601 writes it, e.g. 2026-11-27T10:45:39Z. */
  void instant(String field, String value) throws UnreadableRunException {
    try {
      Instant.parse(present(field, value));
    } catch (DateTimeParseException e) {
      throw refuse(field, "is '" + value + "', not a time such as 2026-11-27T10:45:39Z");
    }
  }
}
