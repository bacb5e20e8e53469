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
import org.wirebench.server.wfs.filter.FilterParser;

/**
 * GetCapabilities for WFS 2.0.0 (OWS Common 1.1, FES 2.0): every registered dataset as a feature
 * type, the operations with their GET endpoint and parameters, the conformance constraints, the
 * output formats, the filter capabilities.
 */
final class Capabilities200 implements CapabilitiesWriter {
  @Override
  public void write(XMLStreamWriter2 w, String endpoint) throws XMLStreamException {
    String ows = ExceptionReports.OWS11;
    w.writeStartElement("wfs", "WFS_Capabilities", GmlNames.WFS2);
    w.writeNamespace("wfs", GmlNames.WFS2);
    w.writeNamespace("ows", ows);
    w.writeNamespace("xlink", Capabilities.XLINK);
    w.writeNamespace("gml", GmlNames.GML32);
    w.writeNamespace(FeatureType.DEFAULT_PREFIX, FeatureType.DEFAULT_NAMESPACE);
    w.writeAttribute("version", WfsVersion.V2_0_0.code());
    Capabilities.owsService(w, ows, Capabilities.versionCodes());
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
      w.writeAttribute("xlink", Capabilities.XLINK, "href", endpoint + "?");
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndElement();
      switch (op) {
        case "GetCapabilities" -> {
          parameter(w, ows, "AcceptVersions", Capabilities.versionCodes());
          parameter(w, ows, "AcceptFormats", "text/xml");
          parameter(w, ows, "Sections", "All");
        }
        case "DescribeFeatureType" ->
            parameter(w, ows, "outputFormat", OutputFormats.schemaMediaType(WfsVersion.V2_0_0));
        case "GetFeature" -> {
          parameter(
              w,
              ows,
              "outputFormat",
              OutputFormats.outputFormats(WfsVersion.V2_0_0).toArray(String[]::new));
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
      text(w, "wfs", GmlNames.WFS2, "Abstract", Capabilities.layerAbstract(d));
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
}
