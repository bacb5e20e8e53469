package org.wirebench.server.wfs;

import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GmlNames;

/**
 * GetCapabilities for WFS 1.1.0 (OWS Common 1.0, Filter Encoding 1.1): the three operations with
 * their parameters' values, every dataset a feature type in {@code urn:x-ogc:def:crs:EPSG:4326},
 * and Filter_Capabilities listing exactly what the filter parser implements.
 */
final class Capabilities11 {
  static final String OWS10 = "http://www.opengis.net/ows";
  private static final String XLINK = "http://www.w3.org/1999/xlink";
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

  private Capabilities11() {}

  static void write(XMLStreamWriter2 w, String endpoint) throws XMLStreamException {
    w.writeStartElement("wfs", "WFS_Capabilities", WFS);
    w.writeNamespace("wfs", WFS);
    w.writeNamespace("ows", OWS10);
    w.writeNamespace("ogc", OGC);
    w.writeNamespace("gml", GmlNames.GML2);
    w.writeNamespace("xlink", XLINK);
    w.writeNamespace(FeatureType.DEFAULT_PREFIX, FeatureType.DEFAULT_NAMESPACE);
    w.writeAttribute("version", WfsRequest.V11);
    w.writeStartElement("ows", "ServiceIdentification", OWS10);
    ows(w, "Title", Capabilities.TITLE);
    ows(w, "Abstract", Capabilities.ABSTRACT);
    w.writeStartElement("ows", "Keywords", OWS10);
    for (String k : Capabilities.KEYWORDS) {
      ows(w, "Keyword", k);
    }
    w.writeEndElement();
    ows(w, "ServiceType", "WFS");
    ows(w, "ServiceTypeVersion", WfsRequest.V11);
    ows(w, "Fees", "NONE");
    ows(w, "AccessConstraints", "NONE");
    w.writeEndElement();
    w.writeStartElement("ows", "ServiceProvider", OWS10);
    ows(w, "ProviderName", Capabilities.PROVIDER);
    w.writeStartElement("ows", "ServiceContact", OWS10);
    ows(w, "IndividualName", Capabilities.CONTACT);
    w.writeEndElement();
    w.writeEndElement();
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
      text(w, "Abstract", Capabilities.layerAbstract(d, WfsRequest.V11));
      w.writeStartElement("ows", "Keywords", OWS10);
      ows(w, "Keyword", t.name());
      ows(w, "Keyword", t.geometryKind().geoJsonType());
      w.writeEndElement();
      text(w, "DefaultSRS", GmlNames.SRS_X_LATLON);
      w.writeStartElement("wfs", "OutputFormats", WFS);
      for (String f : OutputFormats.outputFormats(WfsRequest.V11)) {
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

  private static void operations(XMLStreamWriter2 w, String endpoint) throws XMLStreamException {
    w.writeStartElement("ows", "OperationsMetadata", OWS10);
    for (String op : new String[] {"GetCapabilities", "DescribeFeatureType", "GetFeature"}) {
      w.writeStartElement("ows", "Operation", OWS10);
      w.writeAttribute("name", op);
      w.writeStartElement("ows", "DCP", OWS10);
      w.writeStartElement("ows", "HTTP", OWS10);
      w.writeEmptyElement("ows", "Get", OWS10);
      w.writeAttribute("xlink", XLINK, "href", endpoint + "?");
      w.writeEndElement();
      w.writeEndElement();
      switch (op) {
        case "GetCapabilities" -> {
          parameter(w, "AcceptVersions", WfsRequest.V2, WfsRequest.V11, WfsRequest.V1);
          parameter(w, "AcceptFormats", "text/xml");
          parameter(w, "Sections", "All");
        }
        case "DescribeFeatureType" -> parameter(w, "outputFormat", OutputFormats.GML31_SCHEMA);
        default -> {
          parameter(w, "outputFormat", OutputFormats.outputFormats(WfsRequest.V11));
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
  private static void filterCapabilities(XMLStreamWriter2 w) throws XMLStreamException {
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
