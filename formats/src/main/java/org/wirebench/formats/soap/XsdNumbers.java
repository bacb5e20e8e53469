package org.wirebench.formats.soap;

import java.util.regex.Pattern;

/**
 * xsd:double and xsd:float in their XML Schema lexical forms: {@code INF}, {@code -INF} and {@code
 * NaN} where Java writes Infinity, and nothing Java alone would accept (hex, a trailing d, the word
 * Infinity). Our floor reads and writes through this, so it is as faithful as the schema.
 */
public final class XsdNumbers {
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?");

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
   * @throws NumberFormatException naming the text, for anything that is not an xsd:double
   */
  public static double parseDouble(String text) {
    String s = text.trim(); // xsd:double's whitespace facet is collapse
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
        return Double.parseDouble(s);
    }
  }

  public static float parseFloat(String text) {
    return (float) parseDouble(text);
  }
}
