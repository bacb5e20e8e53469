package org.wirebench.server.wfs.filter;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.locationtech.jts.geom.Envelope;

/**
 * The box of a BBOX or Intersects: a GML 3 {@code gml:Envelope} (lowerCorner, upperCorner) or a GML
 * 2 {@code gml:Box} ({@code gml:coordinates} "x,y x,y"), as a lon/lat envelope. The axis order is
 * srsName's (see {@link Crs}), else the request version's default.
 */
final class Envelopes {
  private static final java.util.Set<String> GML =
      java.util.Set.of("http://www.opengis.net/gml/3.2", "http://www.opengis.net/gml");

  private Envelopes() {}

  static Envelope read(XMLStreamReader r, String op, boolean lonLatByDefault)
      throws XMLStreamException, FilterException {
    String element = r.getLocalName();
    if (!GML.contains(r.getNamespaceURI())
        || !(element.equals("Envelope") || element.equals("Box"))) {
      throw FilterException.unsupported(
          op
              + " with a "
              + element
              + " is not supported (the capabilities list gml:Envelope only); give a gml:Envelope (or a"
              + " GML 2 gml:Box)");
    }
    String srs = r.getAttributeValue(null, "srsName");
    boolean lonLat = lonLatByDefault;
    if (srs != null) {
      if (!Crs.is4326(srs)) {
        throw FilterException.invalid(op + " in " + srs + ": only EPSG:4326 is served");
      }
      lonLat = !Crs.isLatLon(srs);
    }
    double[] n = new double[4];
    if (element.equals("Box")) {
      next(r, "coordinates", op);
      String[] corners = r.getElementText().strip().split("\\s+");
      if (corners.length != 2) {
        throw FilterException.invalid(op + ": a gml:Box needs two coordinate tuples");
      }
      parse(corners[0], ",", n, 0, op);
      parse(corners[1], ",", n, 2, op);
    } else {
      next(r, "lowerCorner", op);
      parse(r.getElementText(), "\\s+", n, 0, op);
      next(r, "upperCorner", op);
      parse(r.getElementText(), "\\s+", n, 2, op);
    }
    if (r.nextTag() != XMLStreamConstants.END_ELEMENT) {
      throw FilterException.parsing(op + ": unexpected " + r.getLocalName() + " in the envelope");
    }
    if (n[0] > n[2] || n[1] > n[3]) {
      throw FilterException.invalid(
          op + ": the lower corner is above or right of the upper corner");
    }
    return lonLat ? new Envelope(n[0], n[2], n[1], n[3]) : new Envelope(n[1], n[3], n[0], n[2]);
  }

  private static void next(XMLStreamReader r, String name, String op)
      throws XMLStreamException, FilterException {
    if (r.nextTag() != XMLStreamConstants.START_ELEMENT || !r.getLocalName().equals(name)) {
      throw FilterException.parsing(op + ": the envelope needs its gml:" + name);
    }
  }

  private static void parse(String text, String separator, double[] into, int at, String op)
      throws FilterException {
    String[] parts = text.strip().split(separator);
    if (parts.length != 2) {
      throw FilterException.invalid(
          op + ": '" + shorten(text) + "' is not a 2-D position (EPSG:4326 has two axes)");
    }
    for (int i = 0; i < 2; i++) {
      try {
        into[at + i] = org.wirebench.server.http.KvpNumbers.xmlDecimal(parts[i]);
      } catch (NumberFormatException e) {
        throw FilterException.invalid(
            op + ": '" + shorten(parts[i]) + "' is not a finite decimal number");
      }
    }
  }

  /** At most 60 characters of client text, for a message. */
  static String shorten(String s) {
    String t = s.strip();
    return t.length() <= 60 ? t : t.substring(0, 57) + "...";
  }
}
