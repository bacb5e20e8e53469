package org.wirebench.server.wfs;

import static org.wirebench.server.wfs.Capabilities.text;

import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GmlNames;
import org.wirebench.formats.geo.codec.WfsVersion;

/**
 * GetCapabilities for WFS 1.0.0 (its own capabilities schema, Filter Encoding 1.0): the three
 * operations with their GET endpoint, every dataset a feature type in EPSG:4326 (lon/lat), the
 * result formats by name, and the filter operators the parser implements.
 */
final class Capabilities100 implements CapabilitiesWriter {
  /** A large layer's abstract: WFS 1.0 cannot page, so a GetFeature must say how many it wants. */
  private static final String CUT =
      ". A GetFeature needs maxFeatures (1.."
          + WfsRequest.MAX_COUNT
          + "): WFS 1.0.0 cannot page; WFS 2.0.0 pages through all";

  @Override
  public void write(XMLStreamWriter2 w, String endpoint) throws XMLStreamException {
    String ns = GmlNames.WFS1;
    w.writeStartElement("", "WFS_Capabilities", ns);
    w.writeDefaultNamespace(ns);
    w.writeNamespace(FeatureType.DEFAULT_PREFIX, FeatureType.DEFAULT_NAMESPACE);
    w.writeAttribute("version", WfsVersion.V1_0_0.code());
    w.writeStartElement("", "Service", ns);
    text(w, "", ns, "Name", "WFS");
    text(w, "", ns, "Title", Capabilities.TITLE);
    text(w, "", ns, "Abstract", Capabilities.ABSTRACT);
    // optional in the schema, but OWSLib 0.27 fails on capabilities without them
    text(w, "", ns, "Keywords", String.join(", ", Capabilities.KEYWORDS));
    text(w, "", ns, "OnlineResource", endpoint);
    text(w, "", ns, "Fees", "NONE");
    text(w, "", ns, "AccessConstraints", "NONE");
    w.writeEndElement();
    w.writeStartElement("", "Capability", ns);
    w.writeStartElement("", "Request", ns);
    for (String op : new String[] {"GetCapabilities", "DescribeFeatureType", "GetFeature"}) {
      w.writeStartElement("", op, ns);
      if (op.equals("DescribeFeatureType")) {
        w.writeStartElement("", "SchemaDescriptionLanguage", ns);
        w.writeEmptyElement("", "XMLSCHEMA", ns);
        w.writeEndElement();
      } else if (op.equals("GetFeature")) {
        w.writeStartElement("", "ResultFormat", ns);
        for (String f : OutputFormats.resultFormats()) {
          w.writeEmptyElement("", f, ns);
        }
        w.writeEndElement();
      }
      w.writeStartElement("", "DCPType", ns);
      w.writeStartElement("", "HTTP", ns);
      w.writeEmptyElement("", "Get", ns);
      w.writeAttribute("onlineResource", endpoint + "?");
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndElement();
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeStartElement("", "FeatureTypeList", ns);
    w.writeStartElement("", "Operations", ns);
    w.writeEmptyElement("", "Query", ns);
    w.writeEndElement();
    for (Dataset d : Datasets.registry().all()) {
      FeatureType t = d.featureType();
      w.writeStartElement("", "FeatureType", ns);
      text(w, "", ns, "Name", t.prefix() + ":" + t.name());
      text(w, "", ns, "Title", t.name());
      text(w, "", ns, "Abstract", Capabilities.layerAbstract(d, CUT));
      text(w, "", ns, "Keywords", t.name() + ", " + t.geometryKind().geoJsonType());
      text(w, "", ns, "SRS", GmlNames.SRS_LONLAT);
      Envelope b = Extents.of(d);
      w.writeEmptyElement("", "LatLongBoundingBox", ns);
      w.writeAttribute("minx", Double.toString(b.getMinX()));
      w.writeAttribute("miny", Double.toString(b.getMinY()));
      w.writeAttribute("maxx", Double.toString(b.getMaxX()));
      w.writeAttribute("maxy", Double.toString(b.getMaxY()));
      w.writeEndElement();
    }
    w.writeEndElement();
    String ogc = ExceptionReports.OGC;
    w.writeStartElement("ogc", "Filter_Capabilities", ogc);
    w.writeNamespace("ogc", ogc);
    w.writeStartElement("ogc", "Spatial_Capabilities", ogc);
    w.writeStartElement("ogc", "Spatial_Operators", ogc);
    w.writeEmptyElement("ogc", "BBOX", ogc);
    w.writeEmptyElement("ogc", "Intersect", ogc); // Filter 1.0's capability name for Intersects
    w.writeEndElement();
    w.writeEndElement();
    w.writeStartElement("ogc", "Scalar_Capabilities", ogc);
    w.writeEmptyElement("ogc", "Logical_Operators", ogc);
    w.writeStartElement("ogc", "Comparison_Operators", ogc);
    for (String op : new String[] {"Simple_Comparisons", "Like", "Between", "NullCheck"}) {
      w.writeEmptyElement("ogc", op, ogc);
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeEndElement();
    w.writeEndElement();
  }
}
