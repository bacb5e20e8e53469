package org.wirebench.server.wfs;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GmlNames;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.server.http.KvpText;
import org.wirebench.server.http.OwsException;

/**
 * WFS 2.0's one mandatory stored query, GetFeatureById, and the two operations that list and
 * describe it (ListStoredQueries, DescribeStoredQueries): what the Simple WFS conformance class
 * asks of every WFS 2.0 server. No other stored query exists, and none can be created.
 */
final class StoredQueries {
  static final String GET_FEATURE_BY_ID = "urn:ogc:def:query:OGC-WFS::GetFeatureById";
  private static final String LANGUAGE = "urn:ogc:def:queryLanguage:OGC-WFS::WFS_QueryExpression";
  private static final String XS = "http://www.w3.org/2001/XMLSchema";

  private StoredQueries() {}

  /** STOREDQUERY_ID values in a DescribeStoredQueries: all when absent, each checked. */
  static void checkIds(String ids) throws OwsException {
    if (ids == null) {
      return;
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String id : ids.split(",", -1)) {
      String one = KvpText.trim(id);
      check(one);
      if (!seen.add(one)) {
        throw OwsException.invalid("STOREDQUERY_ID", ids, one + " is named twice");
      }
    }
  }

  static void check(String id) throws OwsException {
    if (!GET_FEATURE_BY_ID.equals(id)) {
      throw OwsException.invalid(
          "STOREDQUERY_ID", id, "no such stored query; there is " + GET_FEATURE_BY_ID);
    }
  }

  /** The ad-hoc query's parameters: each refused beside a stored query, which takes only ID. */
  private static final List<String> AD_HOC =
      List.of(
          "typeNames",
          "typeName",
          "BBOX",
          "FILTER",
          "FILTER_LANGUAGE",
          "RESOURCEID",
          "FEATUREID",
          "SORTBY",
          "PROPERTYNAME");

  /**
   * Every GetFeature parameter beside GetFeatureById: the ad-hoc query's are refused; of the
   * response's, what the feature alone can honour is served (count 1 or more, startIndex 0,
   * resultType=results, srsName EPSG:4326, the resolve parameters) and the rest refused — before,
   * resultType=hits, count=0 and startIndex=3 were read by nobody and the feature was sent.
   */
  static void checkParameters(WfsRequest wfs) throws OwsException {
    for (String adHoc : AD_HOC) {
      if (wfs.get(adHoc.toLowerCase(java.util.Locale.ROOT)) != null) {
        String name = adHoc.toUpperCase(java.util.Locale.ROOT);
        throw new OwsException(
            "OperationParsingFailed",
            name,
            name + " belongs to an ad-hoc query; a stored query takes its own parameters (ID)");
      }
    }
    String resultType = wfs.get("resulttype");
    if (resultType != null && !resultType.equals("results")) {
      if (!resultType.equals("hits")) {
        throw OwsException.invalid("resultType", resultType, "valid: results, hits");
      }
      throw new OwsException(
          "OptionNotSupported",
          "resultType",
          "resultType=hits: GetFeatureById answers with the feature alone, which has no place for"
              + " a count");
    }
    wfs.intParam("count", "count", 1, WfsRequest.MAX_COUNT, 1);
    wfs.intParam("maxfeatures", "maxFeatures", 1, WfsRequest.MAX_COUNT, 1);
    if (wfs.intParam("startindex", "startIndex", 0, Integer.MAX_VALUE, 0) != 0) {
      throw new OwsException(
          "OptionNotSupported",
          "startIndex",
          "startIndex="
              + wfs.get("startindex")
              + ": GetFeatureById answers with its one feature alone, which cannot be skipped");
    }
    wfs.checkSrsName();
    wfs.checkResolve();
    WfsParameters.checkFeatureVersion(wfs.get("featureversion"));
  }

  /**
   * The feature GetFeatureById names: its id says its layer ({@code <layer>.<n>}), as every dataset
   * here names its features.
   *
   * @throws OwsException NotFound (HTTP 404), as WFS 2.0.2 asks, when no feature has that id
   */
  static Found find(String id) throws OwsException {
    if (id == null || KvpText.isBlank(id)) {
      throw OwsException.missing("ID");
    }
    int dot = id.lastIndexOf('.');
    String name = dot <= 0 ? "" : id.substring(0, dot);
    Optional<Dataset> layer =
        Datasets.registry().names().contains(name)
            ? Optional.of(Datasets.get(name))
            : Optional.empty();
    // the layer knows where an id is: no scan, whatever its size
    Optional<Feature> feature =
        layer.flatMap(
            d -> {
              int i = d.indexOf(id);
              return i < 0 ? Optional.empty() : Optional.of(d.featureAt(i));
            });
    if (feature.isEmpty()) {
      throw new OwsException("NotFound", "ID", "no feature has the id " + id, 404);
    }
    return new Found(layer.get().featureType(), feature.get());
  }

  record Found(FeatureType type, Feature feature) {}

  static void list(OutputStream out) throws IOException {
    write(
        out,
        w -> {
          w.writeStartElement("wfs", "ListStoredQueriesResponse", GmlNames.WFS2);
          declare(w);
          w.writeStartElement("wfs", "StoredQuery", GmlNames.WFS2);
          w.writeAttribute("id", GET_FEATURE_BY_ID);
          text(w, "Title", "Get feature by identifier");
          for (String t : typeNames()) {
            text(w, "ReturnFeatureType", t);
          }
          w.writeEndElement();
          w.writeEndElement();
        });
  }

  static void describe(OutputStream out) throws IOException {
    write(
        out,
        w -> {
          w.writeStartElement("wfs", "DescribeStoredQueriesResponse", GmlNames.WFS2);
          declare(w);
          w.writeNamespace("xs", XS);
          w.writeStartElement("wfs", "StoredQueryDescription", GmlNames.WFS2);
          w.writeAttribute("id", GET_FEATURE_BY_ID);
          text(w, "Title", "Get feature by identifier");
          text(
              w,
              "Abstract",
              "The feature whose gml:id is ID, as a document of its own; NotFound (HTTP 404) if"
                  + " none has it. GML 3.2 or GeoJSON.");
          w.writeEmptyElement("wfs", "Parameter", GmlNames.WFS2);
          w.writeAttribute("name", "ID");
          w.writeAttribute("type", "xs:string");
          w.writeEmptyElement("wfs", "QueryExpressionText", GmlNames.WFS2);
          w.writeAttribute("returnFeatureTypes", String.join(" ", typeNames()));
          w.writeAttribute("language", LANGUAGE);
          w.writeAttribute("isPrivate", "true");
          w.writeEndElement();
          w.writeEndElement();
        });
  }

  private static List<String> typeNames() {
    return Datasets.registry().all().stream()
        .map(d -> d.featureType().prefix() + ":" + d.featureType().name())
        .toList();
  }

  private static void declare(XMLStreamWriter2 w) throws XMLStreamException {
    w.writeNamespace("wfs", GmlNames.WFS2);
    w.writeNamespace("xsi", GmlNames.XSI);
    w.writeNamespace(FeatureType.DEFAULT_PREFIX, FeatureType.DEFAULT_NAMESPACE);
    w.writeAttribute(
        "xsi", GmlNames.XSI, "schemaLocation", GmlNames.WFS2 + " " + GmlNames.WFS2_LOCATION);
  }

  private static void text(XMLStreamWriter2 w, String name, String value)
      throws XMLStreamException {
    w.writeStartElement("wfs", name, GmlNames.WFS2);
    w.writeCharacters(value);
    w.writeEndElement();
  }

  private interface Body {
    void write(XMLStreamWriter2 w) throws XMLStreamException;
  }

  private static void write(OutputStream out, Body body) throws IOException {
    try {
      XMLStreamWriter2 w = XmlFactories.writer(out);
      w.writeStartDocument("UTF-8", "1.0");
      body.write(w);
      w.writeEndDocument();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }
}
