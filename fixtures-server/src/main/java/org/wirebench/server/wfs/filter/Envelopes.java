package org.wirebench.server.wfs.filter;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.xml.XsdWhiteSpace;

/**
 * The box of a BBOX or Intersects: a GML 3 {@code gml:Envelope} (lowerCorner, upperCorner) or a GML
 * 2 {@code gml:Box} ({@code gml:coordinates} "x,y x,y", see {@link Coordinates}), as a lon/lat
 * envelope. The axis order is srsName's (see {@link Crs}), else the request version's default; the
 * attributes of each part are checked by {@link BoxAttributes}.
 */
final class Envelopes {
  static final String GML32 = org.wirebench.formats.geo.codec.GmlNames.GML32;
  static final String GML = org.wirebench.formats.geo.codec.GmlNames.GML2;

  private Envelopes() {}

  /**
   * @param fes whether the Filter is FES 2.0's, whose geometries are GML 3.2's (else Filter
   *     Encoding 1.x's: GML 2's or 3.1.1's, one namespace)
   */
  static Envelope read(XMLStreamReader r, String op, boolean fes, boolean lonLatByDefault)
      throws XMLStreamException, FilterException {
    String element = r.getLocalName();
    if (!(GML32.equals(r.getNamespaceURI()) || GML.equals(r.getNamespaceURI()))
        || !(element.equals("Envelope") || element.equals("Box"))) {
      throw FilterException.unsupported(
          op
              + " with a "
              + element
              + " is not supported (the capabilities list gml:Envelope only); give a gml:Envelope (or a"
              + " GML 2 gml:Box)");
    }
    if (element.equals("Box") && r.getNamespaceURI().equals("http://www.opengis.net/gml/3.2")) {
      throw FilterException.unsupported(
          op + " with a GML 3.2 gml:Box: GML 3.2 has none (it was GML 2's); give a gml:Envelope");
    }
    if (!r.getNamespaceURI().equals(fes ? GML32 : GML)) {
      // each filter version is defined with its GML (FES 2.0 with GML 3.2, Filter Encoding 1.x
      // with GML 2 and 3.1.1) and the schemas refuse the other: a server taking both would read a
      // box its client's validator refuses
      throw FilterException.parsing(
          op
              + " with a gml:"
              + element
              + " in "
              + r.getNamespaceURI()
              + ": "
              + (fes
                  ? "a FES 2.0 filter takes GML 3.2's (" + GML32 + ")"
                  : "a Filter Encoding 1.x filter takes GML 2's or 3.1.1's (" + GML + ")"));
    }
    BoxAttributes.only(r, op, element.equals("Box") ? BoxAttributes.BOX : BoxAttributes.SRS);
    String srs = BoxAttributes.collapsed(r.getAttributeValue(null, "srsName"));
    boolean lonLat = BoxAttributes.axes(r, op, false, null, lonLatByDefault);
    double[] n = new double[4];
    if (element.equals("Box")) {
      next(r, "coordinates", op);
      Coordinates.read(r, op, n);
    } else {
      next(r, "lowerCorner", op);
      corner(r, op, srs, lonLat, n, 0);
      next(r, "upperCorner", op);
      corner(r, op, srs, lonLat, n, 2);
    }
    if (r.nextTag() != XMLStreamConstants.END_ELEMENT) {
      throw FilterException.parsing(op + ": unexpected " + r.getLocalName() + " in the envelope");
    }
    if (n[0] > n[2] || n[1] > n[3]) {
      throw FilterException.invalid(
          op + ": the lower corner is above or right of the upper corner");
    }
    String outside =
        lonLat
            ? org.wirebench.server.http.LonLatRange.outside(n[0], n[1], n[2], n[3], false)
            : org.wirebench.server.http.LonLatRange.outside(n[1], n[0], n[3], n[2], true);
    if (outside != null) {
      throw FilterException.invalid(op + ": the envelope is outside EPSG:4326: " + outside);
    }
    return lonLat ? new Envelope(n[0], n[2], n[1], n[3]) : new Envelope(n[1], n[3], n[0], n[2]);
  }

  private static void corner(
      XMLStreamReader r, String op, String srs, boolean lonLat, double[] into, int at)
      throws XMLStreamException, FilterException {
    BoxAttributes.only(r, op, BoxAttributes.SRS);
    BoxAttributes.axes(r, op, true, srs, lonLat);
    parse(r.getElementText(), XML_SPACES, into, at, op);
  }

  private static void next(XMLStreamReader r, String name, String op)
      throws XMLStreamException, FilterException {
    if (r.nextTag() != XMLStreamConstants.START_ELEMENT || !r.getLocalName().equals(name)) {
      throw FilterException.parsing(op + ": the envelope needs its gml:" + name);
    }
  }

  /** A run of XML's white space (a list type's separator), as a regex. */
  static final String XML_SPACES = "[ \\t\\n\\r]+";

  /**
   * Two numbers separated by {@code separator} (a regex), XML's white space round each (a
   * doubleList's, or gml:coordinates'); an empty one is no number.
   */
  static void parse(String text, String separator, double[] into, int at, String op)
      throws FilterException {
    String[] parts = XsdWhiteSpace.trim(text).split(separator, -1);
    if (parts.length != 2) {
      throw FilterException.invalid(
          op + ": '" + shorten(text) + "' is not a 2-D position (EPSG:4326 has two axes)");
    }
    for (int i = 0; i < 2; i++) {
      try {
        into[at + i] =
            org.wirebench.server.http.KvpNumbers.xmlDecimal(XsdWhiteSpace.trim(parts[i]));
      } catch (NumberFormatException e) {
        throw FilterException.invalid(
            op
                + ": '"
                + shorten(parts[i])
                + "' is not a finite decimal number a double holds ("
                + e.getMessage()
                + ")");
      }
    }
  }

  /** At most 60 characters of client text, for a message. */
  static String shorten(String s) {
    String t = s.strip();
    return t.length() <= 60 ? t : t.substring(0, 57) + "...";
  }
}
