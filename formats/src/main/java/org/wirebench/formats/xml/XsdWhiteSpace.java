package org.wirebench.formats.xml;

/**
 * XML Schema 1.0 Part 2's whiteSpace facet (§4.3.6), the one rule for a value of a simple type read
 * from XML: every built-in type but xs:string, xs:normalizedString and the lists' items is {@code
 * collapse}d before its lexical space is checked (xs:boolean, xs:int, xs:integer, xs:double,
 * xs:anyURI, xs:QName, ...), so {@code matchCase=" true "} is true. Its white space is XML's four
 * characters, not Java's ({@link String#strip} would also take U+2003 and U+2028, which XML Schema
 * keeps as part of the value). A value read from a KVP query is no XML and is not collapsed.
 */
public final class XsdWhiteSpace {
  private XsdWhiteSpace() {}

  /** XML's white space: space, tab, line feed, carriage return. */
  public static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }

  /** {@code s} without XML white space at either end. */
  public static String trim(String s) {
    int from = 0;
    int to = s.length();
    while (from < to && isSpace(s.charAt(from))) {
      from++;
    }
    while (to > from && isSpace(s.charAt(to - 1))) {
      to--;
    }
    return s.substring(from, to);
  }

  /**
   * {@code s} as whiteSpace="collapse" makes it: each run of XML white space one space, none at
   * either end.
   */
  public static String collapse(String s) {
    String t = trim(s);
    StringBuilder b = new StringBuilder(t.length());
    boolean space = false;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (isSpace(c)) {
        space = true;
        continue;
      }
      if (space) {
        b.append(' ');
        space = false;
      }
      b.append(c);
    }
    return b.toString();
  }

  /** The items of a list type's value (xs:list: collapsed, then split at each space). */
  public static String[] items(String s) {
    String c = collapse(s);
    return c.isEmpty() ? new String[0] : c.split(" ");
  }
}
