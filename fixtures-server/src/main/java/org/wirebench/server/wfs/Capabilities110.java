package org.wirebench.server.wfs;

import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GmlNames;
import org.wirebench.formats.geo.codec.WfsVersion;

/**
 * GetCapabilities for WFS 1.1.0 (OWS Common 1.0, Filter Encoding 1.1): the three operations with
 * their parameters' values, every dataset a feature type in {@code urn:x-ogc:def:crs:EPSG:4326},
 * and Filter_Capabilities listing exactly what the filter parser implements.
 */
final class Capabilities110 implements CapabilitiesWriter {
  static final String OWS10 = "http://www.opengis.net/ows";
  private static final String OGC = ExceptionReports.OGC;
  private static final String WFS = GmlNames.WFS1;

  /** Filter 1.1's names for the comparisons the parser implements (PropertyIs... less). */
  private static final String[] COMPARISONS = {
    "EqualTo",
    "NotEqualTo",
    "LessThan",
    "GreaterThan",
    "LessThanEqualTo",
    "GreaterThanEqualTo",
    "Like",
    "Between",
    "NullCheck"
  };

  /** A large layer's abstract: what a GetFeature without maxFeatures gets of it. */
  private static final String CUT =
      ". Without maxFeatures a GetFeature gets the first "
          + WfsRequest.MAX_COUNT
          + " (DefaultMaxFeatures); WFS 2.0.0 pages through all";

  @Override
  public void write(XMLStreamWriter2 w, String endpoint) throws XMLStreamException {
    w.writeStartElement("wfs", "WFS_Capabilities", WFS);
    w.writeNamespace("wfs", WFS);
    w.writeNamespace("ows", OWS10);
    w.writeNamespace("ogc", OGC);
    w.writeNamespace("gml", GmlNames.GML2);
    w.writeNamespace("xlink", Capabilities.XLINK);
    w.writeNamespace(FeatureType.DEFAULT_PREFIX, FeatureType.DEFAULT_NAMESPACE);
    w.writeAttribute("version", WfsVersion.V1_1_0.code());
    Capabilities.owsService(w, OWS10, WfsVersion.V1_1_0.code());
    operations(w, endpoint);
    w.writeStartElement("wfs", "FeatureTypeList", WFS);
    w.writeStartElement("wfs", "Operations", WFS);
    text(w, "Operation", "Query");
    w.writeEndElement();
    for (Dataset d : Datasets.registry().all()) {
      FeatureType t = d.featureType();
      w.writeStartElement("wfs", "FeatureType", WFS);
      text(w, "Name", t.prefix() + ":" + t.name());
      text(w, "Title", t.name());
      text(w, "Abstract", Capabilities.layerAbstract(d, CUT));
      w.writeStartElement("ows", "Keywords", OWS10);
      ows(w, "Keyword", t.name());
      ows(w, "Keyword", t.geometryKind().geoJsonType());
      w.writeEndElement();
      text(w, "DefaultSRS", GmlNames.SRS_X_LATLON);
      w.writeStartElement("wfs", "OutputFormats", WFS);
      for (String f : OutputFormats.outputFormats(WfsVersion.V1_1_0)) {
        text(w, "Format", f);
      }
      w.writeEndElement();
      Envelope b = Extents.of(d);
      w.writeStartElement("ows", "WGS84BoundingBox", OWS10);
      ows(w, "LowerCorner", b.getMinX() + " " + b.getMinY());
      ows(w, "UpperCorner", b.getMaxX() + " " + b.getMaxY());
      w.writeEndElement();
      w.writeEndElement();
    }
    w.writeEndElement();
    filterCapabilities(w);
    w.writeEndElement();
  }

  private void operations(XMLStreamWriter2 w, String endpoint) throws XMLStreamException {
    w.writeStartElement("ows", "OperationsMetadata", OWS10);
    for (String op : new String[] {"GetCapabilities", "DescribeFeatureType", "GetFeature"}) {
      w.writeStartElement("ows", "Operation", OWS10);
      w.writeAttribute("name", op);
      w.writeStartElement("ows", "DCP", OWS10);
      w.writeStartElement("ows", "HTTP", OWS10);
      w.writeEmptyElement("ows", "Get", OWS10);
      w.writeAttribute("xlink", Capabilities.XLINK, "href", endpoint + "?");
      w.writeEndElement();
      w.writeEndElement();
      switch (op) {
        case "GetCapabilities" -> {
          parameter(w, "AcceptVersions", Capabilities.versionCodes());
          parameter(w, "AcceptFormats", "text/xml");
          parameter(w, "Sections", "All");
        }
        case "DescribeFeatureType" ->
            parameter(w, "outputFormat", OutputFormats.schemaMediaType(WfsVersion.V1_1_0));
        default -> {
          parameter(w, "outputFormat", OutputFormats.outputFormats(WfsVersion.V1_1_0));
          parameter(w, "resultType", "results", "hits");
        }
      }
      w.writeEndElement();
    }
    // how many features a GetFeature without maxFeatures gets at most (1.1 cannot page them)
    w.writeStartElement("ows", "Constraint", OWS10);
    w.writeAttribute("name", "DefaultMaxFeatures");
    ows(w, "Value", Integer.toString(WfsRequest.MAX_COUNT));
    w.writeEndElement();
    w.writeEndElement();
  }

  /**
   * Filter Encoding 1.1: exactly what {@link org.wirebench.server.wfs.filter.FilterParser} reads.
   */
  private void filterCapabilities(XMLStreamWriter2 w) throws XMLStreamException {
    w.writeStartElement("ogc", "Filter_Capabilities", OGC);
    w.writeStartElement("ogc", "Spatial_Capabilities", OGC);
    w.writeStartElement("ogc", "GeometryOperands", OGC);
    ogc(w, "GeometryOperand", "gml:Envelope");
    w.writeEndElement();
    w.writeStartElement("ogc", "SpatialOperators", OGC);
    for (String op : org.wirebench.server.wfs.filter.FilterParser.SPATIAL) {
      w.writeEmptyElement("ogc", "SpatialOperator", OGC);
      w.writeAttribute("name", op);
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeStartElement("ogc", "Scalar_Capabilities", OGC);
    w.writeEmptyElement("ogc", "LogicalOperators", OGC);
    w.writeStartElement("ogc", "ComparisonOperators", OGC);
    for (String op : COMPARISONS) {
      ogc(w, "ComparisonOperator", op);
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeStartElement("ogc", "Id_Capabilities", OGC);
    w.writeEmptyElement("ogc", "EID", OGC); // gml:id, ogc:GmlObjectId
    w.writeEmptyElement("ogc", "FID", OGC); // ogc:FeatureId
    w.writeEndElement();
    w.writeEndElement();
  }

  private static void parameter(XMLStreamWriter2 w, String name, String... values)
      throws XMLStreamException {
    w.writeStartElement("ows", "Parameter", OWS10);
    w.writeAttribute("name", name);
    for (String v : values) {
      ows(w, "Value", v);
    }
    w.writeEndElement();
  }

  private static void parameter(XMLStreamWriter2 w, String name, java.util.List<String> values)
      throws XMLStreamException {
    parameter(w, name, values.toArray(String[]::new));
  }

  private static void ows(XMLStreamWriter2 w, String name, String value) throws XMLStreamException {
    Capabilities.text(w, "ows", OWS10, name, value);
  }

  private static void ogc(XMLStreamWriter2 w, String name, String value) throws XMLStreamException {
    Capabilities.text(w, "ogc", OGC, name, value);
  }

  private static void text(XMLStreamWriter2 w, String name, String value)
      throws XMLStreamException {
    Capabilities.text(w, "wfs", WFS, name, value);
  }
}
