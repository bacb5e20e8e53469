package org.wirebench.formats.xml;

/**
 * xs:boolean, xs:int and xs:long read from XML by their lexical spaces (XML Schema 1.0 Part 2
 * §3.2.2, §3.3.17, §3.3.16), white space collapsed first ({@link XsdWhiteSpace}). Java's own
 * readers take other values and read them as something else: {@code Boolean.valueOf} reads {@code
 * 1} (xs:boolean's true) and every non-word ({@code yes}, {@code tru}) as false, and {@code TRUE},
 * which is none, as true; {@code Integer.parseInt} takes Arabic-Indic and fullwidth digits ({@code
 * ٣}, {@code ３}); {@code String.trim} and {@code strip} drop characters XML keeps. The one reader
 * of these types from a document, so that every codec check and decoder agrees.
 */
public final class XsdLexical {
  private XsdLexical() {}

  /**
   * An xs:boolean: {@code true}, {@code false}, {@code 1} or {@code 0}, in that case.
   *
   * @throws IllegalArgumentException naming the value, for anything else
   */
  public static boolean parseBoolean(String text) {
    return switch (XsdWhiteSpace.trim(text)) {
      case "true", "1" -> true;
      case "false", "0" -> false;
      default ->
          throw new IllegalArgumentException(
              "'" + text + "' is no xs:boolean (true, false, 1 or 0)");
    };
  }

  /**
   * An xs:int: an optional sign, then ASCII digits, within -2147483648..2147483647.
   *
   * @throws NumberFormatException naming the value, for anything else
   */
  public static int parseInt(String text) {
    long v = parseLong(text, "xs:int");
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw new NumberFormatException("'" + text + "' is outside xs:int's range");
    }
    return (int) v;
  }

  /**
   * An xs:long: an optional sign, then ASCII digits, within a long's range.
   *
   * @throws NumberFormatException naming the value, for anything else
   */
  public static long parseLong(String text) {
    return parseLong(text, "xs:long");
  }

  private static long parseLong(String text, String type) {
    String t = XsdWhiteSpace.trim(text);
    int start = t.startsWith("+") || t.startsWith("-") ? 1 : 0;
    if (t.length() == start) {
      throw new NumberFormatException(
          "'" + text + "' is no " + type + " (an optional sign, then ASCII digits 0-9)");
    }
    for (int i = start; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c < '0' || c > '9') {
        throw new NumberFormatException(
            "'" + text + "' is no " + type + " (an optional sign, then ASCII digits 0-9)");
      }
    }
    try {
      // only ASCII digits and a sign reach it, which it reads as written
      return Long.parseLong(t);
    } catch (NumberFormatException e) {
      throw new NumberFormatException("'" + text + "' is outside " + type + "'s range");
    }
  }
}
