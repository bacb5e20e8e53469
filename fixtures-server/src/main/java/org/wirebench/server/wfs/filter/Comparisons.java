package org.wirebench.server.wfs.filter;

import java.math.BigDecimal;
import java.util.Comparator;
import java.util.function.Predicate;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.AttributeType;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.xml.XsdWhiteSpace;

/**
 * The FES comparison operators over one declared attribute and literals, typed by the attribute:
 * integers compare as exact decimals (a literal that is no number is refused, never compared as
 * text), strings by UTF-16 code unit order (case-insensitively when {@code matchCase="false"}),
 * booleans only for (in)equality. A feature whose value is absent matches no comparison, LIKE or
 * BETWEEN, only PropertyIsNull (Not inverts that: two-valued logic, as GeoTools evaluates it).
 */
final class Comparisons {
  /** The six binary comparisons, by their FES element names. */
  enum Op {
    PropertyIsEqualTo,
    PropertyIsNotEqualTo,
    PropertyIsLessThan,
    PropertyIsLessThanOrEqualTo,
    PropertyIsGreaterThan,
    PropertyIsGreaterThanOrEqualTo;

    boolean holds(int c) {
      return switch (this) {
        case PropertyIsEqualTo -> c == 0;
        case PropertyIsNotEqualTo -> c != 0;
        case PropertyIsLessThan -> c < 0;
        case PropertyIsLessThanOrEqualTo -> c <= 0;
        case PropertyIsGreaterThan -> c > 0;
        case PropertyIsGreaterThanOrEqualTo -> c >= 0;
      };
    }

    static boolean isComparison(String name) {
      for (Op op : values()) {
        if (op.name().equals(name)) {
          return true;
        }
      }
      return false;
    }

    /** {@code literal op property} as {@code property op' literal}. */
    Op mirrored() {
      return switch (this) {
        case PropertyIsLessThan -> PropertyIsGreaterThan;
        case PropertyIsLessThanOrEqualTo -> PropertyIsGreaterThanOrEqualTo;
        case PropertyIsGreaterThan -> PropertyIsLessThan;
        case PropertyIsGreaterThanOrEqualTo -> PropertyIsLessThanOrEqualTo;
        default -> this;
      };
    }
  }

  /** A declared attribute, looked up by name (never evaluated as an expression). */
  record Property(int index, Attribute attribute) {
    Object value(Feature f) {
      return f.value(index);
    }
  }

  private Comparisons() {}

  static Predicate<Feature> compare(Property p, Op op, String literal, boolean matchCase)
      throws FilterException {
    AttributeType type = p.attribute().type();
    return switch (type) {
      case INT, LONG -> {
        BigDecimal bound = number(p, literal);
        yield f -> {
          Object v = p.value(f);
          return v != null
              && op.holds(BigDecimal.valueOf(((Number) v).longValue()).compareTo(bound));
        };
      }
      case BOOLEAN -> {
        if (op != Op.PropertyIsEqualTo && op != Op.PropertyIsNotEqualTo) {
          throw FilterException.invalid(
              op
                  + " on "
                  + p.attribute().name()
                  + ", a boolean: only EqualTo and NotEqualTo apply");
        }
        Boolean bound = bool(p, literal);
        yield f -> {
          Object v = p.value(f);
          return v != null && op.holds(v.equals(bound) ? 0 : 1);
        };
      }
      case STRING -> {
        Comparator<String> order =
            matchCase ? Comparator.naturalOrder() : String.CASE_INSENSITIVE_ORDER;
        yield f -> {
          Object v = p.value(f);
          return v != null && op.holds(order.compare((String) v, literal));
        };
      }
    };
  }

  static Predicate<Feature> between(Property p, String lower, String upper) throws FilterException {
    Predicate<Feature> above = compare(p, Op.PropertyIsGreaterThanOrEqualTo, lower, true);
    Predicate<Feature> below = compare(p, Op.PropertyIsLessThanOrEqualTo, upper, true);
    return above.and(below);
  }

  static Predicate<Feature> isNull(Property p) {
    return f -> p.value(f) == null;
  }

  /**
   * PropertyIsLike over the value's text as the codecs write it. {@code wildCard} matches any run
   * of characters, {@code singleChar} one, {@code escape} makes the next character literal.
   */
  static Predicate<Feature> like(
      Property p,
      String pattern,
      String wildCard,
      String singleChar,
      String escape,
      boolean matchCase)
      throws FilterException {
    for (String[] a :
        new String[][] {
          {"wildCard", wildCard}, {"singleChar", singleChar}, {"escapeChar", escape}
        }) {
      if (a[1] == null || a[1].codePointCount(0, a[1].length()) != 1) {
        throw FilterException.invalid("PropertyIsLike needs " + a[0] + " to be one character");
      }
    }
    if (wildCard.equals(singleChar) || wildCard.equals(escape) || singleChar.equals(escape)) {
      // one character with two meanings: the pattern could be read either way
      throw FilterException.invalid(
          "PropertyIsLike's wildCard, singleChar and escapeChar must be three different"
              + " characters; here they are '"
              + wildCard
              + "', '"
              + singleChar
              + "', '"
              + escape
              + "'");
    }
    // the pattern as code points, ANY_RUN and ANY_ONE for the unescaped wildcards
    int[] tokens = pattern.codePoints().toArray();
    int n = 0;
    int wild = wildCard.codePointAt(0);
    int single = singleChar.codePointAt(0);
    int esc = escape.codePointAt(0);
    for (int i = 0; i < tokens.length; i++) {
      int c = tokens[i];
      if (c == esc) {
        if (++i == tokens.length) {
          throw FilterException.invalid(
              "PropertyIsLike pattern '" + pattern + "' ends in its escape character");
        }
        tokens[n++] = fold(tokens[i], matchCase);
      } else {
        tokens[n++] = c == wild ? ANY_RUN : c == single ? ANY_ONE : fold(c, matchCase);
      }
    }
    int[] glob = java.util.Arrays.copyOf(tokens, n);
    return f -> {
      Object v = p.value(f);
      return v != null && matches(glob, v.toString(), matchCase);
    };
  }

  private static final int ANY_RUN = -1;
  private static final int ANY_ONE = -2;

  private static int fold(int codePoint, boolean matchCase) {
    return matchCase ? codePoint : Character.toLowerCase(Character.toUpperCase(codePoint));
  }

  /**
   * Glob matching in O(text × pattern) at worst: on a mismatch, only the last ANY_RUN is retried
   * one character further. A regular expression built from the pattern could backtrack
   * exponentially on "%a%a%a%a%b", and the pattern comes from the client. The text is read in
   * place, a code point at a time, folded as it is read: no copy of it a term and a feature.
   */
  static boolean matches(int[] glob, String text, boolean matchCase) {
    int g = 0;
    int t = 0;
    int star = -1;
    int resume = 0;
    int end = text.length();
    while (t < end) {
      int c = text.codePointAt(t);
      if (g < glob.length && (glob[g] == ANY_ONE || glob[g] == fold(c, matchCase))) {
        g++;
        t += Character.charCount(c);
      } else if (g < glob.length && glob[g] == ANY_RUN) {
        star = g++;
        resume = t;
      } else if (star >= 0) {
        g = star + 1;
        resume += Character.charCount(text.codePointAt(resume));
        t = resume;
      } else {
        return false;
      }
    }
    while (g < glob.length && glob[g] == ANY_RUN) {
      g++;
    }
    return g == glob.length;
  }

  /**
   * A Literal compared to a number: read as an xs:decimal or xs:double is, its white space (XML's,
   * {@link XsdWhiteSpace}) collapsed first.
   */
  private static BigDecimal number(Property p, String literal) throws FilterException {
    String v = XsdWhiteSpace.collapse(literal);
    if (org.wirebench.server.http.KvpNumbers.isXmlDecimal(v)) {
      try {
        // the one number parser's range: beyond a double's (1e99999999999, 1e-400) is refused
        org.wirebench.server.http.KvpNumbers.xmlDecimal(v);
      } catch (NumberFormatException e) {
        throw FilterException.invalid("Literal '" + literal + "': " + e.getMessage());
      }
    }
    try {
      // BigDecimal alone takes forms XML does not (1e+, ...): the literal is read as XML Schema
      // writes a decimal, a leading "+" included
      if (!org.wirebench.server.http.KvpNumbers.isXmlDecimal(v)) {
        throw new NumberFormatException();
      }
      return new BigDecimal(v);
    } catch (NumberFormatException e) {
      throw FilterException.invalid(
          "Literal '"
              + literal
              + "' is not a number, and "
              + p.attribute().name()
              + " is an integer");
    }
  }

  /**
   * A Literal compared to a boolean: read as an xs:boolean is, its white space collapsed, then one
   * of its four spellings in their case ({@code TRUE} is none).
   */
  private static Boolean bool(Property p, String literal) throws FilterException {
    return switch (XsdWhiteSpace.collapse(literal)) {
      case "true", "1" -> Boolean.TRUE;
      case "false", "0" -> Boolean.FALSE;
      default ->
          throw FilterException.invalid(
              "Literal '"
                  + literal
                  + "' is not a boolean (true, false, 1 or 0), and "
                  + p.attribute().name()
                  + " is one");
    };
  }
}
