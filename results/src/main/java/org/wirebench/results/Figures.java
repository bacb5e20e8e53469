package org.wirebench.results;

/**
 * The one rule for a measured figure a report, compare or export divides by, inverts, takes the log
 * of or charts (a rate, a time, a size, a bound): zero where the field allows it, else a double
 * from {@link #MIN} to {@link #MAX}. Within those the ratio of any two figures and its reciprocal
 * are normal doubles, so no derived figure is infinite, zero or a subnormal that prints as
 * nonsense; outside them (a subnormal such as 5e-324 req/s, or 1e300 whose reciprocal is subnormal)
 * a ratio of two figures read as measured overflows or underflows. Every run file kind checks its
 * figures by this rule (through {@link Fields} or directly); no other bound is implied.
 */
public final class Figures {
  private Figures() {}

  /** 2^-511, about 1.5e-154: the square root of the least normal double. */
  public static final double MIN = 0x1p-511;

  /** 2^511, about 6.7e153: the reciprocal of {@link #MIN}. */
  public static final double MAX = 0x1p511;

  /**
   * A figure above zero that can be divided by, inverted and logged: {@link #MIN} to {@link #MAX}.
   */
  public static boolean isPositive(double x) {
    return x >= MIN && x <= MAX;
  }

  /** Zero or a positive figure ({@link #isPositive}). */
  public static boolean isAmount(double x) {
    return x == 0 || isPositive(x);
  }

  /**
   * Why {@code x} is no positive figure, or null when it is one: {@code notOne} when it is NaN,
   * infinite, zero or below, else the range it is outside.
   */
  static String notPositive(double x, String notOne) {
    if (isPositive(x)) {
      return null;
    }
    return x > 0 && Double.isFinite(x) ? outside(x) : notOne;
  }

  /** As {@link #notPositive}, zero allowed. */
  static String notAmount(double x, String notOne) {
    return x == 0 ? null : notPositive(x, notOne);
  }

  private static String outside(double x) {
    return (x < MIN ? "too small" : "too large")
        + " a figure to take ratios of: one above zero is from 2^-511 (about 1.5e-154) to 2^511"
        + " (about 6.7e153), where the ratio of any two and its reciprocal stay finite";
  }
}
