package org.wirebench.server.http;

import java.util.regex.Pattern;

/**
 * Numbers read from an OGC request (KVP values, filter literals and coordinates), in the protocols'
 * decimal syntax only: Java's own parsers also take what no OGC client writes and the standards do
 * not define — {@code 60d} and {@code 1f} (type suffixes), {@code 0x14p0} (hex floats), {@code +3}
 * and (trimmed) surrounding spaces — and answering those would read a number the client did not
 * write. The one parser every WFS and WMS number goes through, so that they all agree.
 */
public final class KvpNumbers {
  /**
   * A decimal, as XML Schema's xs:double writes it but without a leading "+" (no client writes one,
   * and counts refuse it too), INF or NaN: {@code -12}, {@code 3.5}, {@code .5}, {@code 1e-05} (the
   * exponent C's %g writes, which GDAL sends).
   */
  private static final Pattern DECIMAL =
      Pattern.compile("-?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");

  /**
   * A decimal in an XML value (a filter's Literal, a GML coordinate): the same, but a leading "+"
   * too, which XML Schema's xs:decimal and xs:double allow (Part 2 §3.2.3.1, §3.2.5.1) — refused
   * there, a valid document would be.
   */
  private static final Pattern XML_DECIMAL =
      Pattern.compile("[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");

  private KvpNumbers() {}

  /** {@link #decimal}, as an XML value writes it (a leading "+" taken). */
  public static double xmlDecimal(String s) {
    return finite(XML_DECIMAL, s);
  }

  private static double finite(Pattern syntax, String s) {
    if (s == null || !syntax.matcher(s).matches()) {
      throw new NumberFormatException("not a decimal number");
    }
    double d = Double.parseDouble(s);
    // a spelling beyond a double's range would be read as another number: 1e400 as Infinity,
    // 1e-400 as 0 (which the SOAP side's xs:double reading refuses too)
    boolean exponent = s.indexOf('e') >= 0 || s.indexOf('E') >= 0;
    if (!Double.isFinite(d)) {
      throw new NumberFormatException(
          exponent
              ? "its exponent is out of range: the value is larger than a double holds (about"
                  + " 1.8e308)"
              : "too large for a double (about 1.8e308)");
    }
    if (d == 0 && NONZERO_DIGIT.matcher(mantissa(s)).find()) {
      throw new NumberFormatException(
          (exponent ? "its exponent is out of range: " : "")
              + "the value is non-zero but smaller than a double holds (about 4.9e-324), and"
              + " would be read as 0");
    }
    return d;
  }

  private static final Pattern NONZERO_DIGIT = Pattern.compile("[1-9]");

  private static String mantissa(String s) {
    int e = Math.max(s.indexOf('e'), s.indexOf('E'));
    return e < 0 ? s : s.substring(0, e);
  }

  /** Whether {@code s} is a decimal as an XML value writes it. */
  public static boolean isXmlDecimal(String s) {
    return s != null && XML_DECIMAL.matcher(s).matches();
  }

  /**
   * A non-negative integer, or Long.MAX_VALUE when it has more digits than a long holds (the
   * caller's range check then refuses it).
   *
   * @throws NumberFormatException for anything but digits
   */
  public static long integer(String s) {
    if (s == null || s.isEmpty()) {
      throw new NumberFormatException("not a whole number (digits only)");
    }
    // digits only, by hand: a pattern and String.replaceFirst for the leading zeros (which compiled
    // its pattern on every call) were 1.3% of the server's CPU on a small GetFeature
    int first = -1;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        throw new NumberFormatException("not a whole number (digits only)");
      }
      if (first < 0 && c != '0') {
        first = i;
      }
    }
    if (first < 0) {
      return 0;
    }
    return s.length() - first > 18 ? Long.MAX_VALUE : Long.parseLong(s, first, s.length(), 10);
  }

  /**
   * A finite decimal.
   *
   * @throws NumberFormatException for anything but the decimal syntax above, or a value too large
   *     for a double, or a non-zero one too small for it (read as 0)
   */
  public static double decimal(String s) {
    return finite(DECIMAL, s);
  }

  /** Whether {@code s} is a decimal in that syntax (a filter literal compared as a number). */
  public static boolean isDecimal(String s) {
    return s != null && DECIMAL.matcher(s).matches();
  }
}
