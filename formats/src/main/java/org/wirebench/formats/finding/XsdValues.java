package org.wirebench.formats.finding;

import java.util.Locale;
import org.wirebench.formats.xml.XsdLexical;
import org.wirebench.formats.xml.XsdWhiteSpace;

/**
 * The XML Schema lexical forms the FindingService uses, parsed strictly: a value a backend sends in
 * another form is refused with the value named, never read as something else. Leading and trailing
 * whitespace is allowed (xs:int, xs:boolean and xs:double collapse it).
 */
final class XsdValues {
  private XsdValues() {}

  static boolean parseBoolean(String text) {
    try {
      return XsdLexical.parseBoolean(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("an xs:boolean " + quote(text) + " that is not one");
    }
  }

  static int parseInt(String text) {
    try {
      return XsdLexical.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("an xs:int " + quote(text) + " out of range or not one");
    }
  }

  static long parseLong(String text) {
    try {
      return XsdLexical.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("an xs:long " + quote(text) + " out of range or not one");
    }
  }

  /**
   * A price: a finite xs:double. INF and NaN are lexically valid doubles but no price, and JSON
   * cannot carry them, so they are refused rather than passed on as something else.
   */
  static double parsePrice(String text) {
    double simple = simpleDecimal(text);
    if (simple >= 0) {
      return simple;
    }
    String t = XsdWhiteSpace.trim(text);
    boolean ok = !t.isEmpty();
    for (int i = 0; i < t.length() && ok; i++) {
      char c = t.charAt(i);
      ok = (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
    }
    if (ok) {
      try {
        double value = Double.parseDouble(t);
        if (Double.isFinite(value)) {
          return value;
        }
      } catch (NumberFormatException e) {
        // refused below
      }
    }
    throw new IllegalArgumentException("a price " + quote(text) + " that is not a finite number");
  }

  private static final double[] POW10 = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15
  };

  /**
   * A price as eBay writes it ({@code 229.0}, {@code 21.17}): digits with at most one inner point,
   * at most 15 digits. The digits are exact in a long and the power of ten in a double, so one
   * division gives the correctly rounded value, Double.parseDouble's (Clinger's fast path) at a
   * fraction of its cost; -1 for any other form, which takes the general path.
   */
  static double simpleDecimal(String t) {
    int n = t.length();
    if (n > 16) {
      return -1;
    }
    byte[] ascii = new byte[n];
    for (int i = 0; i < n; i++) {
      char ch = t.charAt(i);
      if (ch > 0x7F) {
        return -1;
      }
      ascii[i] = (byte) ch;
    }
    return simpleDecimal(ascii, 0, n);
  }

  /** {@link #simpleDecimal(String)} of the ASCII bytes {@code [from, to)}, with no String. */
  static double simpleDecimal(byte[] b, int from, int to) {
    int n = to - from;
    if (n == 0 || n > 16) {
      return -1;
    }
    long digits = 0;
    int point = -1;
    for (int i = 0; i < n; i++) {
      int ch = b[from + i];
      if (ch >= '0' && ch <= '9') {
        digits = digits * 10 + (ch - '0');
      } else if (ch == '.' && point < 0 && i > 0 && i < n - 1) {
        point = i;
      } else {
        return -1;
      }
    }
    if (n - (point < 0 ? 0 : 1) > 15) {
      return -1;
    }
    return point < 0 ? digits : digits / POW10[n - 1 - point];
  }

  /**
   * The xs:int of the bytes {@code [from, to)} if they are 1 to 9 ASCII digits (Integer.parseInt's
   * value, leading zeros and all), else -1: the caller then parses the text as {@link #parseInt}.
   */
  static int digits(byte[] b, int from, int to) {
    int n = to - from;
    if (n == 0 || n > 9) {
      return -1;
    }
    int value = 0;
    for (int i = from; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      value = value * 10 + d;
    }
    return value;
  }

  /** {@code value} if it can be a price; the protobuf and JSON decoders use it too. */
  static double checkPrice(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(
          "a price " + Double.toString(value).toLowerCase(Locale.ROOT) + " that is not finite");
    }
    return value;
  }

  private static String quote(String text) {
    return Quote.of(text, 40);
  }
}
