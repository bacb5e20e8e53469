package org.wirebench.results;

import java.util.List;

/**
 * JMH's modes and score units as JMH writes them in its JSON, the one place that knows them: a
 * score of another mode or unit is not a time or rate we can compare, convert or export.
 */
public final class JmhUnits {
  private JmhUnits() {}

  /** Mode.shortLabel() of throughput, average time, sample time and single shot. */
  public static final List<String> MODES = List.of("thrpt", "avgt", "sample", "ss");

  /**
   * Nanoseconds in one time unit as JMH writes it (TimeValue's short names: ns, us, ms, s, min, hr,
   * day); NaN for anything else.
   */
  public static double nanos(String timeUnit) {
    return switch (timeUnit) {
      case "ns" -> 1;
      case "us" -> 1e3;
      case "ms" -> 1e6;
      case "s" -> 1e9;
      case "min" -> 60e9;
      case "hr" -> 3600e9;
      case "day" -> 86400e9;
      default -> Double.NaN;
    };
  }

  /**
   * Nanoseconds in the time unit of a score of this mode: "ops/ms" in thrpt, "us/op" in avgt,
   * sample or ss (JMH writes no other); NaN for an unknown mode, or a unit JMH does not write for
   * the mode.
   */
  public static double nanos(String mode, String unit) {
    if (mode.equals("thrpt")) {
      return unit.startsWith("ops/") ? nanos(unit.substring(4)) : Double.NaN;
    }
    if (MODES.contains(mode) && unit.endsWith("/op")) {
      return nanos(unit.substring(0, unit.length() - 3));
    }
    return Double.NaN;
  }

  /**
   * The factor a score of this mode in unit {@code from} is multiplied by to be in unit {@code to}:
   * a time per operation scales with its time unit, a rate against it. NaN when either unit is not
   * one JMH writes for the mode.
   */
  public static double factor(String mode, String from, String to) {
    double f = nanos(mode, from);
    double t = nanos(mode, to);
    return mode.equals("thrpt") ? t / f : f / t;
  }
}
