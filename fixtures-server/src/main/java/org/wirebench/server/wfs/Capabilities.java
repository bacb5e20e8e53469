package org.wirebench.server.wfs;

import java.io.IOException;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GmlNames;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.server.wfs.filter.FilterParser;

/**
 * GetCapabilities for WFS 2.0 and 1.0 (1.1 in {@link Capabilities11}): every registered dataset as
 * a feature type, the operations with their GET endpoint and parameters, the output formats, the
 * filter capabilities.
 */
final class Capabilities {
  private static final String XLINK = "http://www.w3.org/1999/xlink";
  static final String TITLE = "wirebench fixture WFS";
  static final String ABSTRACT =
      "The datasets of the wirebench benchmark suite (OpenStreetMap extracts and generated"
          + " layers) as WFS layers, for GIS clients and load tests.";
  static final String[] KEYWORDS = {"WFS", "benchmark", "OpenStreetMap", "wirebench"};
  static final String PROVIDER = "wirebench";
  static final String CONTACT = "wirebench maintainers";

  /**
   * A layer's abstract in WFS 1.0 and 1.1, which cannot page: what it holds, and what a GetFeature
   * without maxFeatures gets of a layer larger than the server sends at once.
   */
  static String layerAbstract(Dataset d, String version) {
    if (d.size() <= WfsRequest.MAX_COUNT) {
      return layerAbstract(d);
    }
    return layerAbstract(d)
        + (WfsRequest.V11.equals(version)
            ? ". Without maxFeatures a GetFeature gets the first "
                + WfsRequest.MAX_COUNT
                + " (DefaultMaxFeatures); WFS 2.0.0 pages through all"
            : ". A GetFeature needs maxFeatures (1.."
                + WfsRequest.MAX_COUNT
                + "): WFS 1.0.0 cannot page; WFS 2.0.0 pages through all");
  }

  /** A layer's abstract: what it holds. */
  static String layerAbstract(Dataset d) {
    FeatureType t = d.featureType();
    return d.size()
        + " "
        + t.geometryKind().geoJsonType()
        + " features ("
        + d.name()
        + ") with "
        + String.join(", ", t.attributes().stream().map(a -> a.name()).toList());
  }

  private Capabilities() {}

  static void write(String version, String endpoint, OutputStream out) throws IOException {
    try {
      XMLStreamWriter2 w = XmlFactories.writer(out);
      w.writeStartDocument("UTF-8", "1.0");
      if (WfsRequest.V1.equals(version)) {
        v1(w, endpoint);
      } else if (WfsRequest.V11.equals(version)) {
        Capabilities11.write(w, endpoint);
      } else {
        v2(w, endpoint);
      }
      w.writeEndDocument();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  private static void v2(XMLStreamWriter2 w, String endpoint) throws XMLStreamException {
    String ows = ExceptionReports.OWS11;
    w.writeStartElement("wfs", "WFS_Capabilities", GmlNames.WFS2);
    w.writeNamespace("wfs", GmlNames.WFS2);
    w.writeNamespace("ows", ows);
    w.writeNamespace("xlink", XLINK);
    w.writeNamespace("gml", GmlNames.GML32);
    w.writeNamespace(FeatureType.DEFAULT_PREFIX, FeatureType.DEFAULT_NAMESPACE);
    w.writeAttribute("version", WfsRequest.V2);
    w.writeStartElement("ows", "ServiceIdentification", ows);
    text(w, "ows", ows, "Title", TITLE);
    text(w, "ows", ows, "Abstract", ABSTRACT);
    w.writeStartElement("ows", "Keywords", ows);
    for (String k : KEYWORDS) {
      text(w, "ows", ows, "Keyword", k);
    }
    w.writeEndElement();
    text(w, "ows", ows, "ServiceType", "WFS");
    text(w, "ows", ows, "ServiceTypeVersion", WfsRequest.V2);
    text(w, "ows", ows, "ServiceTypeVersion", WfsRequest.V11);
    text(w, "ows", ows, "ServiceTypeVersion", WfsRequest.V1);
    text(w, "ows", ows, "Fees", "NONE");
    text(w, "ows", ows, "AccessConstraints", "NONE");
    w.writeEndElement();
    w.writeStartElement("ows", "ServiceProvider", ows);
    text(w, "ows", ows, "ProviderName", PROVIDER);
    w.writeStartElement("ows", "ServiceContact", ows);
    text(w, "ows", ows, "IndividualName", CONTACT);
    w.writeEndElement();
    w.writeEndElement();
    w.writeStartElement("ows", "OperationsMetadata", ows);
    for (String op :
        new String[] {
          "GetCapabilities",
          "DescribeFeatureType",
          "GetFeature",
          "ListStoredQueries",
          "DescribeStoredQueries"
        }) {
      w.writeStartElement("ows", "Operation", ows);
      w.writeAttribute("name", op);
      w.writeStartElement("ows", "DCP", ows);
      w.writeStartElement("ows", "HTTP", ows);
      w.writeStartElement("ows", "Get", ows);
      w.writeAttribute("xlink", XLINK, "href", endpoint + "?");
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndElement();
      switch (op) {
        case "GetCapabilities" -> {
          parameter(w, ows, "AcceptVersions", WfsRequest.V2, WfsRequest.V11, WfsRequest.V1);
          parameter(w, ows, "AcceptFormats", "text/xml");
          parameter(w, ows, "Sections", "All");
        }
        case "DescribeFeatureType" ->
            parameter(w, ows, "outputFormat", "application/gml+xml; version=3.2");
        case "GetFeature" -> {
          parameter(
              w,
              ows,
              "outputFormat",
              OutputFormats.outputFormats(WfsRequest.V2).toArray(String[]::new));
          parameter(w, ows, "resultType", "results", "hits");
          parameter(w, ows, "resolve", "none", "local", "remote", "all");
        }
        default -> {
          // the stored-query operations take no options
        }
      }
      w.writeEndElement();
    }
    // every WFS 2.0 conformance constraint (OGC 09-025r2 table 13), TRUE only where served:
    // Simple WFS (the stored queries, KVP GetFeature) is; Basic WFS needs GetPropertyValue
    String[][] constraints = {
      {"ImplementsBasicWFS", "FALSE"},
      {"ImplementsTransactionalWFS", "FALSE"},
      {"ImplementsLockingWFS", "FALSE"},
      {"KVPEncoding", "TRUE"},
      {"XMLEncoding", "FALSE"},
      {"SOAPEncoding", "FALSE"},
      {"ImplementsInheritance", "FALSE"},
      {"ImplementsRemoteResolve", "FALSE"},
      // startIndex and count, with numberMatched and next/previous links on every collection
      {"ImplementsResultPaging", "TRUE"},
      {"ImplementsStandardJoins", "FALSE"},
      {"ImplementsSpatialJoins", "FALSE"},
      {"ImplementsTemporalJoins", "FALSE"},
      {"ImplementsFeatureVersioning", "FALSE"},
      {"ManageStoredQueries", "FALSE"},
      {"PagingIsTransactionSafe", "FALSE"},
      {"CountDefault", Integer.toString(WfsRequest.DEFAULT_COUNT)}
    };
    for (String[] c : constraints) {
      constraint(w, ows, c[0], c[1]);
    }
    w.writeEndElement();
    w.writeStartElement("wfs", "FeatureTypeList", GmlNames.WFS2);
    for (Dataset d : Datasets.registry().all()) {
      FeatureType t = d.featureType();
      w.writeStartElement("wfs", "FeatureType", GmlNames.WFS2);
      text(w, "wfs", GmlNames.WFS2, "Name", t.prefix() + ":" + t.name());
      text(w, "wfs", GmlNames.WFS2, "Title", t.name());
      text(w, "wfs", GmlNames.WFS2, "Abstract", layerAbstract(d));
      text(w, "wfs", GmlNames.WFS2, "DefaultCRS", GmlNames.SRS_LATLON);
      Envelope b = Extents.of(d);
      w.writeStartElement("ows", "WGS84BoundingBox", ows);
      text(w, "ows", ows, "LowerCorner", b.getMinX() + " " + b.getMinY());
      text(w, "ows", ows, "UpperCorner", b.getMaxX() + " " + b.getMaxY());
      w.writeEndElement();
      w.writeEndElement();
    }
    w.writeEndElement();
    filterCapabilities(w, ows);
    w.writeEndElement();
  }

  private static void parameter(XMLStreamWriter2 w, String ows, String name, String... allowed)
      throws XMLStreamException {
    w.writeStartElement("ows", "Parameter", ows);
    w.writeAttribute("name", name);
    w.writeStartElement("ows", "AllowedValues", ows);
    for (String v : allowed) {
      text(w, "ows", ows, "Value", v);
    }
    w.writeEndElement();
    w.writeEndElement();
  }

  private static void constraint(XMLStreamWriter2 w, String ows, String name, String value)
      throws XMLStreamException {
    w.writeStartElement("ows", "Constraint", ows);
    w.writeAttribute("name", name);
    w.writeEmptyElement("ows", "NoValues", ows);
    text(w, "ows", ows, "DefaultValue", value);
    w.writeEndElement();
  }

  private static void v1(XMLStreamWriter2 w, String endpoint) throws XMLStreamException {
    String ns = GmlNames.WFS1;
    w.writeStartElement("", "WFS_Capabilities", ns);
    w.writeDefaultNamespace(ns);
    w.writeNamespace(FeatureType.DEFAULT_PREFIX, FeatureType.DEFAULT_NAMESPACE);
    w.writeAttribute("version", WfsRequest.V1);
    w.writeStartElement("", "Service", ns);
    text(w, "", ns, "Name", "WFS");
    text(w, "", ns, "Title", TITLE);
    text(w, "", ns, "Abstract", ABSTRACT);
    // optional in the schema, but OWSLib 0.27 fails on capabilities without them
    text(w, "", ns, "Keywords", String.join(", ", KEYWORDS));
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
      text(w, "", ns, "Abstract", layerAbstract(d, WfsRequest.V1));
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

  /**
   * FES 2.0's Filter_Capabilities: exactly the operators {@link FilterParser} implements, and the
   * conformance classes they make up (Minimum Standard and Minimum Spatial Filter; not Standard
   * Filter, which needs PropertyIsNil, nor sorting, functions or temporal operators).
   */
  private static void filterCapabilities(XMLStreamWriter2 w, String ows) throws XMLStreamException {
    String fes = FilterParser.FES;
    w.writeStartElement("fes", "Filter_Capabilities", fes);
    w.writeNamespace("fes", fes);
    w.writeStartElement("fes", "Conformance", fes);
    String[][] conformance = {
      {"ImplementsQuery", "TRUE"},
      {"ImplementsAdHocQuery", "TRUE"},
      {"ImplementsFunctions", "FALSE"},
      {"ImplementsResourceId", "TRUE"},
      {"ImplementsMinStandardFilter", "TRUE"},
      {"ImplementsStandardFilter", "FALSE"},
      {"ImplementsMinSpatialFilter", "TRUE"},
      {"ImplementsSpatialFilter", "FALSE"},
      {"ImplementsMinTemporalFilter", "FALSE"},
      {"ImplementsTemporalFilter", "FALSE"},
      {"ImplementsVersionNav", "FALSE"},
      {"ImplementsSorting", "TRUE"},
      {"ImplementsExtendedOperators", "FALSE"},
      {"ImplementsMinimumXPath", "FALSE"},
      {"ImplementsSchemaElementFunc", "FALSE"}
    };
    for (String[] c : conformance) {
      w.writeStartElement("fes", "Constraint", fes);
      w.writeAttribute("name", c[0]);
      w.writeEmptyElement("ows", "NoValues", ows);
      text(w, "ows", ows, "DefaultValue", c[1]);
      w.writeEndElement();
    }
    w.writeEndElement();
    w.writeStartElement("fes", "Id_Capabilities", fes);
    w.writeEmptyElement("fes", "ResourceIdentifier", fes);
    w.writeAttribute("name", "fes:ResourceId");
    w.writeEndElement();
    w.writeStartElement("fes", "Scalar_Capabilities", fes);
    w.writeEmptyElement("fes", "LogicalOperators", fes);
    w.writeStartElement("fes", "ComparisonOperators", fes);
    for (String op : FilterParser.COMPARISONS) {
      w.writeEmptyElement("fes", "ComparisonOperator", fes);
      w.writeAttribute("name", op);
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeStartElement("fes", "Spatial_Capabilities", fes);
    w.writeStartElement("fes", "GeometryOperands", fes);
    w.writeEmptyElement("fes", "GeometryOperand", fes);
    w.writeAttribute("name", "gml:Envelope");
    w.writeEndElement();
    w.writeStartElement("fes", "SpatialOperators", fes);
    for (String op : FilterParser.SPATIAL) {
      w.writeEmptyElement("fes", "SpatialOperator", fes);
      w.writeAttribute("name", op);
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeEndElement();
  }

  static void text(XMLStreamWriter2 w, String prefix, String ns, String name, String value)
      throws XMLStreamException {
    w.writeStartElement(prefix, name, ns);
    w.writeCharacters(value);
    w.writeEndElement();
  }
}
