package org.wirebench.server.soap;

import java.util.Set;
import org.wirebench.formats.finding.Quote;
import org.wirebench.formats.xml.XsdWhiteSpace;

/**
 * The values of Benchmark1.wsdl's simple types as the JDK's schema validator reads them, for {@link
 * PayloadCheck}: its white space (XML's four characters, not Java's: {@link XsdWhiteSpace}), xs:int
 * and the types derived from it as an optional sign and ASCII digits within the type's range,
 * xs:double and xs:float as the characters {@code 0-9 . + - e E} that Java's parser reads, or
 * {@code INF}, {@code -INF}, {@code NaN}, within the type's range ({@link #outsideRange}).
 */
final class SimpleValues {
  /** xs:string and the built-in types derived from it, which an xsi:type may name for one. */
  static final Set<String> STRING_TYPES =
      Set.of(
          "string",
          "normalizedString",
          "token",
          "language",
          "NMTOKEN",
          "Name",
          "NCName",
          "ID",
          "IDREF",
          "ENTITY");

  private SimpleValues() {}

  /**
   * Why {@code text} is no value of the built-in {@code type} (int, double, float or string), or of
   * the type {@code derived} from it an xsi:type names (null: none), or null when it is one.
   */
  static String problem(String type, String derived, CharSequence text) {
    return switch (type) {
      case "int" -> intProblem(text, derived == null ? "int" : derived);
      case "double" -> floatingProblem(text.toString(), false);
      case "float" -> floatingProblem(text.toString(), true);
      default -> {
        if (derived == null || derived.equals("normalizedString") || derived.equals("token")) {
          yield null; // these take every string: their white space is replaced, not refused
        }
        // an IDREF is an NCName naming an ID of the request, which PayloadCheck matches at its end
        String as = derived.equals("IDREF") ? "NCName" : derived;
        yield PayloadSchema.takesAlone(as, null, text.toString())
            ? null
            : "no xs:"
                + derived
                + (derived.equals("ENTITY") ? " (no entity is declared)" : " (its lexical space)");
      }
    };
  }

  /** xs:int, xs:short or xs:byte: [+-]?[0-9]+ between XML white space, within the range. */
  private static String intProblem(CharSequence text, String type) {
    int from = 0;
    int to = text.length();
    while (from < to && XsdWhiteSpace.isSpace(text.charAt(from))) {
      from++;
    }
    while (to > from && XsdWhiteSpace.isSpace(text.charAt(to - 1))) {
      to--;
    }
    if (from == to) {
      return intLexical(type);
    }
    boolean negative = text.charAt(from) == '-';
    int i = negative || text.charAt(from) == '+' ? from + 1 : from;
    if (i == to) {
      return intLexical(type);
    }
    while (i < to && text.charAt(i) == '0') {
      i++;
    }
    long magnitude = 0;
    int digits = 0;
    for (; i < to; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return intLexical(type);
      }
      if (++digits <= 10) {
        magnitude = magnitude * 10 + (c - '0');
      }
    }
    long max =
        switch (type) {
          case "short" -> Short.MAX_VALUE;
          case "byte" -> Byte.MAX_VALUE;
          default -> Integer.MAX_VALUE;
        };
    if (digits > 10 || magnitude > (negative ? max + 1 : max)) {
      return "outside xs:" + type + "'s range, " + (-max - 1) + " to " + max;
    }
    return null;
  }

  private static String intLexical(String type) {
    return "no xs:" + type + " (an optional sign, then ASCII digits 0-9)";
  }

  private static String floatingLexical(String type) {
    return "no xs:"
        + type
        + " (a decimal with an optional exponent, such as -1.5E3, or INF, -INF, NaN)";
  }

  /**
   * xs:double or xs:float as the JDK's validator reads them (Java's parser, given only the
   * characters {@code 0-9 . + - e E}, or the three special values), within the type's range.
   */
  private static String floatingProblem(String text, boolean isFloat) {
    String v = XsdWhiteSpace.trim(text);
    if (v.equals("INF") || v.equals("-INF") || v.equals("NaN")) {
      return null;
    }
    String type = isFloat ? "float" : "double";
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (!(c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) {
        return floatingLexical(type);
      }
    }
    double d;
    try {
      d = isFloat ? Float.parseFloat(v) : Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return floatingLexical(type);
    }
    return Double.isInfinite(d) || d == 0 ? outsideRange(type, v) : null;
  }

  /**
   * Why a valid xs:double or xs:float literal is outside its type's value space (XML Schema 1.0
   * §3.2.4-5: a mantissa and an exponent within the type's range), or null: a finite literal beyond
   * the range ({@code 1e309}) that every stack read as INF, or a nonzero one below it ({@code
   * 1e-400}) that every stack read as 0, changing the value without a word. The JDK's validator
   * takes both.
   */
  static String outsideRange(String type, String value) {
    if (value.equals("INF") || value.equals("-INF") || value.equals("NaN")) {
      return null;
    }
    double d = type.equals("float") ? Float.parseFloat(value) : Double.parseDouble(value);
    if (Double.isInfinite(d)) {
      return "beyond xs:" + type + "'s range, so it would be read as " + (d > 0 ? "" : "-") + "INF";
    }
    if (d == 0) {
      for (int i = 0; i < value.length() && value.charAt(i) != 'e' && value.charAt(i) != 'E'; i++) {
        if (value.charAt(i) >= '1' && value.charAt(i) <= '9') {
          return "nonzero but below xs:" + type + "'s smallest value, so it would be read as 0";
        }
      }
    }
    return null;
  }

  /** The element's XML Schema type when it is xs:int, xs:double or xs:float, else null. */
  static String numeric(String operation, int depth, String local) {
    return switch (operation) {
      case "echoInts" -> depth == 2 ? "int" : null;
      case "echoDoubles" -> depth == 2 ? "double" : null;
      case "echoFloats" -> depth == 2 ? "float" : null;
      case "echoSimpleEvents" ->
          depth != 3
              ? null
              : local.equals("timestamp")
                  ? "double"
                  : local.equals("sequenceNumber") ? "int" : null;
      case "echoMeshInterfaceObjects" ->
          depth != 3
              ? null
              : local.equals("value") ? "double" : local.equals("message") ? null : "int";
      default -> null;
    };
  }

  /**
   * Axis2-ADB's generated beans take NaN and Integer.MIN_VALUE for "absent": an array's NaN or
   * -2147483648 was dropped with 200 ([NaN, 1] answered [1.0]), a SimpleEvent's a Server fault
   * "cannot be null"; they read INF with Java's parser (a Server fault) and write an infinity as
   * Java's {@code Infinity}, which is no xs:double. A value this stack would lose or change is
   * refused, as what it cannot carry, naming the stacks that do. So is an xs:int with XML white
   * space around it, which the schema collapses and the generated code hands Integer.parseInt as it
   * is: a Server fault "For input string" was all it said.
   *
   * @param text the value as it stands in the element, white space and all
   */
  static void refuseAdbSentinel(String type, String local, String text)
      throws EnvelopeCheck.Refused {
    if (type.equals("int")
        && !text.isEmpty()
        && (XsdWhiteSpace.isSpace(text.charAt(0))
            || XsdWhiteSpace.isSpace(text.charAt(text.length() - 1)))) {
      throw new EnvelopeCheck.Refused(
          "Server",
          "axis2-adb cannot carry <"
              + local
              + "> "
              + Quote.of(text, 60)
              + " (xs:int): its generated code reads an int without the white space XML Schema"
              + " allows around it; send the digits alone, or use axis2-jaxb or cxf-jaxb, which"
              + " carry it");
    }
    String value = text.strip();
    boolean lost;
    if (type.equals("int")) {
      lost =
          Integer.parseInt(value.startsWith("+") ? value.substring(1) : value) == Integer.MIN_VALUE;
    } else if (value.equals("INF") || value.equals("-INF")) {
      lost = true;
    } else {
      // valid by the schema: every other spelling is one Java's parsers read
      double d = type.equals("float") ? Float.parseFloat(value) : Double.parseDouble(value);
      lost = Double.isNaN(d) || Double.isInfinite(d);
    }
    if (lost) {
      throw new EnvelopeCheck.Refused(
          "Server",
          "axis2-adb cannot carry <"
              + local
              + "> "
              + Quote.of(value, 60)
              + " (xs:"
              + type
              + "): its generated code takes NaN and -2147483648 for an absent value and writes"
              + " an infinity as 'Infinity', which is no XML Schema value; axis2-jaxb and cxf-jaxb"
              + " carry it");
    }
  }
}
