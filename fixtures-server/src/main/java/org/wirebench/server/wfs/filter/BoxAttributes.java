package org.wirebench.server.wfs.filter;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.xml.XsdWhiteSpace;

/**
 * The attributes of a filter's box and its parts, each read or refused: an attribute GML does not
 * define there, or one that does not fit a 2-D EPSG:4326 box read in the order this server reads
 * it, could have asked for another box than the one served. The SRS attributes are GML's
 * SRSReferenceGroup and SRSInformationGroup; xsi: attributes are {@link XsiAttributes}'.
 */
final class BoxAttributes {
  /** gml:Envelope and its corners (GML 3.1.1 and 3.2: SRSReferenceGroup). */
  static final Set<String> SRS = Set.of("srsName", "srsDimension", "axisLabels", "uomLabels");

  /** gml:Box: GML 2's gid and srsName, GML 3.1.1's SRSReferenceGroup (and gml:id, by name). */
  static final Set<String> BOX =
      Set.of("gid", "srsName", "srsDimension", "axisLabels", "uomLabels");

  /** gml:coordinates: its separators and decimal mark. */
  static final Set<String> COORDINATES = Set.of("cs", "ts", "decimal");

  private static final Set<String> LATITUDE = Set.of("lat", "latitude");
  private static final Set<String> LONGITUDE = Set.of("lon", "long", "longitude");
  private static final Set<String> DEGREES = Set.of("deg", "degree", "degrees");

  private BoxAttributes() {}

  /**
   * Refuses an attribute of the element at {@code r}'s start tag that is not in {@code allowed}.
   */
  static void only(XMLStreamReader r, String op, Set<String> allowed) throws FilterException {
    for (int i = 0; i < r.getAttributeCount(); i++) {
      String ns = r.getAttributeNamespace(i);
      String name = r.getAttributeLocalName(i);
      boolean namespaced = ns != null && !ns.isEmpty();
      if (XsiAttributes.XSI.equals(ns)) {
        XsiAttributes.check(r, i, "gml:" + r.getLocalName());
        continue;
      }
      if (allowed == BOX
          && namespaced
          && ns.startsWith("http://www.opengis.net/gml")
          && name.equals("id")) {
        continue; // a Box is a geometry, and a geometry's gml:id only names it
      }
      if (namespaced || !allowed.contains(name)) {
        throw FilterException.invalid(
            op
                + ": gml:"
                + r.getLocalName()
                + " has an attribute "
                + (namespaced ? "{" + ns + "}" : "")
                + name
                + "='"
                + Envelopes.shorten(r.getAttributeValue(i))
                + "' that GML does not define there; it takes "
                + String.join(", ", new TreeSet<>(allowed)));
      }
    }
  }

  /**
   * Checks the SRS attributes of the element at {@code r}'s start tag (GML 3.2.1 §10.1.3.2-3) and
   * answers whether its positions are lon/lat: srsName must be an EPSG:4326 spelling, and on a
   * corner read in the envelope's order; srsDimension, axisLabels and uomLabels need an srsName
   * (its own or, on a corner, the envelope's), and must say 2, the two axes in the order read, and
   * degrees.
   *
   * @param corner whether the element is a corner, whose order is the envelope's
   * @param enclosing the envelope's srsName for a corner, else null
   * @param lonLat the order read when the element gives no srsName (a corner: the envelope's)
   */
  static boolean axes(
      XMLStreamReader r, String op, boolean corner, String enclosing, boolean lonLat)
      throws FilterException {
    String element = "gml:" + r.getLocalName();
    String own = collapsed(r.getAttributeValue(null, "srsName"));
    if (own != null) {
      if (!Crs.is4326(own)) {
        throw FilterException.invalid(op + " in " + own + ": only EPSG:4326 is served");
      }
      if (corner && Crs.isLatLon(own) == lonLat) {
        throw FilterException.invalid(
            op
                + ": "
                + element
                + "'s srsName='"
                + own
                + "' reads the axes in another order than"
                + (enclosing == null
                    ? " this version's default, which the envelope takes"
                    : " the envelope's srsName='" + enclosing + "'"));
      }
      lonLat = !Crs.isLatLon(own);
    }
    String srs = own != null ? own : enclosing;
    String dimension = collapsed(r.getAttributeValue(null, "srsDimension"));
    String axes = r.getAttributeValue(null, "axisLabels");
    String units = r.getAttributeValue(null, "uomLabels");
    for (String[] a :
        new String[][] {{"srsDimension", dimension}, {"axisLabels", axes}, {"uomLabels", units}}) {
      if (a[1] != null && srs == null) {
        throw FilterException.invalid(
            op
                + ": "
                + element
                + " has "
                + a[0]
                + "='"
                + Envelopes.shorten(a[1])
                + "' but no srsName (GML says to omit it then); give the srsName too");
      }
    }
    if (dimension != null && !dimension.matches("\\+?0*2")) {
      throw FilterException.invalid(
          op
              + ": "
              + element
              + " has srsDimension='"
              + Envelopes.shorten(dimension)
              + "'; EPSG:4326 has two axes");
    }
    if ((axes == null) != (units == null)) {
      throw FilterException.invalid(
          op
              + ": "
              + element
              + " has "
              + (axes == null ? "uomLabels" : "axisLabels")
              + " without "
              + (axes == null ? "axisLabels" : "uomLabels")
              + " (GML gives both or neither)");
    }
    if (axes != null) {
      String[] a = words(axes);
      boolean ok =
          a.length == 2
              && (lonLat
                  ? LONGITUDE.contains(a[0]) && LATITUDE.contains(a[1])
                  : LATITUDE.contains(a[0]) && LONGITUDE.contains(a[1]));
      if (!ok) {
        throw FilterException.invalid(
            op
                + ": "
                + element
                + " has axisLabels='"
                + Envelopes.shorten(axes)
                + "'; in "
                + (srs == null ? "this version's default order" : srs)
                + " the axes are "
                + (lonLat ? "Lon Lat" : "Lat Lon"));
      }
      String[] u = words(units);
      if (u.length != 2 || !DEGREES.contains(u[0]) || !DEGREES.contains(u[1])) {
        throw FilterException.invalid(
            op
                + ": "
                + element
                + " has uomLabels='"
                + Envelopes.shorten(units)
                + "'; EPSG:4326's two axes are in degrees (deg deg)");
      }
    }
    return lonLat;
  }

  /** An NCNameList's items (a list type: XML's white space separates them), in lower case. */
  private static String[] words(String list) {
    return XsdWhiteSpace.items(list.toLowerCase(Locale.ROOT));
  }

  /**
   * An attribute of a type whose white space XML Schema collapses (srsName's xs:anyURI,
   * srsDimension's xs:positiveInteger) as it is read, or null when absent.
   */
  static String collapsed(String value) {
    return value == null ? null : XsdWhiteSpace.collapse(value);
  }
}
