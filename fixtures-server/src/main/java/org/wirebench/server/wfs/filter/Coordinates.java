package org.wirebench.server.wfs.filter;

import java.util.regex.Pattern;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.xml.XsdWhiteSpace;

/**
 * A gml:Box's {@code gml:coordinates}: two tuples of two numbers, written with the element's own
 * separators and decimal mark (GML 2.1.2 CoordinatesType: cs, default ","; ts, default " ";
 * decimal, default "."), which were read past: {@code cs=";"} was refused as a bad position, and a
 * decimal comma could not be given.
 */
final class Coordinates {
  private Coordinates() {}

  /** Reads the element at {@code r}'s start tag into {@code into}'s four numbers. */
  static void read(XMLStreamReader r, String op, double[] into)
      throws XMLStreamException, FilterException {
    BoxAttributes.only(r, op, BoxAttributes.COORDINATES);
    String cs = mark(r, op, "cs", ",");
    String ts = mark(r, op, "ts", " ");
    String decimal = mark(r, op, "decimal", ".");
    if (cs.equals(ts) || cs.equals(decimal) || ts.equals(decimal)) {
      throw FilterException.invalid(
          op
              + ": gml:coordinates has cs='"
              + cs
              + "', ts='"
              + ts
              + "' and decimal='"
              + decimal
              + "'; they must differ to be told apart");
    }
    boolean csWhite = XsdWhiteSpace.isSpace(cs.charAt(0));
    boolean tsWhite = XsdWhiteSpace.isSpace(ts.charAt(0));
    String text = r.getElementText();
    // a white-space separator stands for any run of white space, unless the other is one too
    String[] tuples =
        XsdWhiteSpace.trim(text)
            .split(tsWhite && !csWhite ? Envelopes.XML_SPACES : Pattern.quote(ts), -1);
    if (tuples.length != 2) {
      throw FilterException.invalid(
          op
              + ": a gml:Box needs two coordinate tuples, separated by ts='"
              + ts
              + "'; '"
              + Envelopes.shorten(text)
              + "' has "
              + tuples.length);
    }
    for (int t = 0; t < 2; t++) {
      String tuple = XsdWhiteSpace.trim(tuples[t]);
      if (!decimal.equals(".")) {
        if (tuple.contains(".")) {
          throw FilterException.invalid(
              op
                  + ": '"
                  + Envelopes.shorten(tuple)
                  + "' has a '.' where gml:coordinates' decimal mark is '"
                  + decimal
                  + "'");
        }
        tuple = tuple.replace(decimal, ".");
      }
      String separator = csWhite && !tsWhite ? Envelopes.XML_SPACES : Pattern.quote(cs);
      Envelopes.parse(tuple, separator, into, 2 * t, op);
    }
  }

  /** A separator or decimal mark: one character, the default when absent. */
  private static String mark(XMLStreamReader r, String op, String name, String fallback)
      throws FilterException {
    String v = r.getAttributeValue(null, name);
    if (v == null) {
      return fallback;
    }
    if (v.length() != 1 || Character.isDigit(v.charAt(0)) || "+-eE".indexOf(v.charAt(0)) >= 0) {
      throw FilterException.invalid(
          op
              + ": gml:coordinates has "
              + name
              + "='"
              + Envelopes.shorten(v)
              + "'; give one character that cannot be part of a number");
    }
    return v;
  }
}
