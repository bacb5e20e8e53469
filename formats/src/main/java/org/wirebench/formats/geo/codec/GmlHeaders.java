package org.wirebench.formats.geo.codec;

import java.time.format.DateTimeFormatter;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;

/** The opening of each WFS response document, up to its first member. Written once a document. */
final class GmlHeaders {
  private GmlHeaders() {}

  /** WFS 1.0: the collection's start tag and the opening of its required gml:boundedBy. */
  static String gml2(FeatureType type, String schemaBase) {
    return start(GmlNames.WFS1, GmlNames.GML2, type)
        + schemaLocation(
            GmlNames.WFS1
                + " "
                + GmlNames.WFS1_LOCATION
                + " "
                + type.namespaceUri()
                + " "
                + GmlNames.describeFeatureType(schemaBase, "1.0.0", type.prefix(), type.name()))
        + "><gml:boundedBy>";
  }

  /**
   * WFS 1.1: the collection's start tag with numberOfFeatures (those written, or those matched for
   * resultType=hits) and its time stamp.
   */
  static String gml31(FeatureType type, FeatureCollection c) {
    FeatureCollection.Paging p = c.paging();
    return start(GmlNames.WFS1, GmlNames.GML2, type)
        + schemaLocation(
            GmlNames.WFS1
                + " "
                + GmlNames.WFS11_LOCATION
                + " "
                + type.namespaceUri()
                + " "
                + GmlNames.describeFeatureType(c.schemaBase(), "1.1.0", type.prefix(), type.name()))
        + " numberOfFeatures=\""
        + (p.hits() ? p.numberMatched() : c.size())
        + "\" timeStamp=\""
        + DateTimeFormatter.ISO_INSTANT.format(c.timeStamp())
        + "\">";
  }

  /** WFS 2.0: the collection's start tag with its counts, paging links and time stamp. */
  static String gml32(FeatureType type, FeatureCollection c) {
    FeatureCollection.Paging p = c.paging();
    return start(GmlNames.WFS2, GmlNames.GML32, type)
        + schemaLocation(
            GmlNames.WFS2
                + " "
                + GmlNames.WFS2_LOCATION
                + " "
                + gml32Locations(type, c.schemaBase()))
        + " numberMatched=\""
        + p.numberMatched()
        + "\" numberReturned=\""
        + c.size()
        + "\" timeStamp=\""
        + DateTimeFormatter.ISO_INSTANT.format(c.timeStamp())
        + "\""
        + (p.previous() == null ? "" : " previous=\"" + escape(p.previous()) + "\"")
        + (p.next() == null ? "" : " next=\"" + escape(p.next()) + "\"")
        + ">";
  }

  /**
   * A bare GML 3.2 feature's namespace declarations and schema location (GetFeatureById): what the
   * WFS 2.0 collection declares, less the WFS namespace.
   */
  static String gml32Namespaces(FeatureType type, String schemaBase) {
    return " xmlns:gml=\""
        + GmlNames.GML32
        + "\" xmlns:"
        + type.prefix()
        + "=\""
        + escape(type.namespaceUri())
        + "\" xmlns:xsi=\""
        + GmlNames.XSI
        + "\""
        + schemaLocation(gml32Locations(type, schemaBase));
  }

  /** GML 3.2's schema and the type's application schema, as schemaLocation pairs. */
  private static String gml32Locations(FeatureType type, String schemaBase) {
    return GmlNames.GML32
        + " "
        + GmlNames.GML32_LOCATION
        + " "
        + type.namespaceUri()
        + " "
        + GmlNames.describeFeatureType(schemaBase, "2.0.0", type.prefix(), type.name());
  }

  private static String start(String wfsNs, String gmlNs, FeatureType type) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        + "<wfs:FeatureCollection xmlns:wfs=\""
        + wfsNs
        + "\" xmlns:gml=\""
        + gmlNs
        + "\" xmlns:"
        + type.prefix()
        + "=\""
        + escape(type.namespaceUri())
        + "\" xmlns:xsi=\""
        + GmlNames.XSI
        + "\"";
  }

  private static String schemaLocation(String value) {
    return " xsi:schemaLocation=\"" + escape(value) + "\"";
  }

  private static String escape(String value) {
    return value.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
  }
}
