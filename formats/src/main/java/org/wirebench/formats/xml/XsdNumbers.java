package org.wirebench.formats.xml;

import java.util.regex.Pattern;

/**
 * xsd:double and xsd:float in their XML Schema lexical forms: {@code INF}, {@code -INF} and {@code
 * NaN} where Java writes Infinity, and nothing Java alone would accept (hex, a trailing d, the word
 * Infinity). A decimal too large for the type ({@code 1e309}, a float's {@code 1e39}) or too small
 * to be anything but zero ({@code 1e-400}) is refused, not rounded to INF or 0: the stacks that
 * round do so silently (the fidelity table's overflow rows). Our floor reads and writes through
 * this, so it changes no value.
 */
public final class XsdNumbers {
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?");

  /** A mantissa with a digit other than 0 (before any exponent). */
  private static final Pattern NONZERO_MANTISSA = Pattern.compile("[+-]?[0-9.]*[1-9]");

  private XsdNumbers() {}

  public static String print(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "INF" : "-INF";
    }
    return Double.toString(d);
  }

  public static String print(float f) {
    if (Float.isNaN(f)) {
      return "NaN";
    }
    if (Float.isInfinite(f)) {
      return f > 0 ? "INF" : "-INF";
    }
    return Float.toString(f);
  }

  /**
   * @throws NumberFormatException naming the text, for anything that is not an xsd:double or that a
   *     double cannot hold
   */
  public static double parseDouble(String text) {
    String s = XsdWhiteSpace.trim(text); // xsd:double's whitespace facet is collapse
    switch (s) {
      case "INF", "+INF":
        return Double.POSITIVE_INFINITY;
      case "-INF":
        return Double.NEGATIVE_INFINITY;
      case "NaN":
        return Double.NaN;
      default:
        if (!DECIMAL.matcher(s).matches()) {
          throw new NumberFormatException("'" + text + "' is not an xsd:double");
        }
        double d = Double.parseDouble(s);
        checkRange(text, s, d, Double.isInfinite(d), "a double");
        return d;
    }
  }

  /**
   * @throws NumberFormatException naming the text, for anything that is not an xsd:float or that a
   *     float cannot hold
   */
  public static float parseFloat(String text) {
    String s = XsdWhiteSpace.trim(text);
    switch (s) {
      case "INF", "+INF":
        return Float.POSITIVE_INFINITY;
      case "-INF":
        return Float.NEGATIVE_INFINITY;
      case "NaN":
        return Float.NaN;
      default:
        if (!DECIMAL.matcher(s).matches()) {
          throw new NumberFormatException("'" + text + "' is not an xsd:float");
        }
        float f = Float.parseFloat(s);
        checkRange(text, s, f, Float.isInfinite(f), "a float");
        return f;
    }
  }

  /** Refuses a decimal that became infinite, or zero from non-zero digits. */
  private static void checkRange(String text, String s, double value, boolean infinite, String a) {
    if (infinite) {
      throw new NumberFormatException("'" + text + "' is too large for " + a);
    }
    if (value == 0 && NONZERO_MANTISSA.matcher(s).lookingAt()) {
      throw new NumberFormatException("'" + text + "' is too small for " + a + " (it would be 0)");
    }
  }
}
