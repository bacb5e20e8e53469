package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every qualified name of a KVP request is read by one rule (QualifiedNames), in WFS 1.0.0, 1.1.0
 * and 2.0.0 alike: a prefix is bound by NAMESPACES or NAMESPACE, else by the capabilities ({@code
 * osm:}), else refused; a bound prefix must name the layer's namespace. Before, {@code
 * typeNames=:helsinki_pois} named the layer; one prefix bound twice in NAMESPACES took the last
 * binding; 1.1's {@code xmlns(osm=uri)} given as NAMESPACES bound the default namespace to {@code
 * osm=uri}; a binding of a prefix that is no NCName, or to no URI, was read past unless used; a
 * malformed NAMESPACES was never read by a DescribeFeatureType of every type; NAMESPACES, which WFS
 * 2.0 defines for every operation, was refused by GetCapabilities and the stored-query listings;
 * and an id of another layer than typeNames names answered no feature. What clients send (GDAL,
 * QGIS, OWSLib) is still served.
 */
class KvpQualifiedNamesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String OSM = "http://wirebench.org/osm";
  private static final List<String> VERSIONS = List.of("2.0.0", "1.1.0", "1.0.0");

  /**
   * {@code query} with the version's spellings: {T} the type-name parameter, {ID} the id one, {OSM}
   * the layers' namespace.
   */
  private static String spelled(String version, String query) {
    boolean v2 = version.equals("2.0.0");
    return query
        .replace("{T}", v2 ? "typeNames" : "typeName")
        .replace("{ID}", v2 ? "RESOURCEID" : "FEATUREID")
        .replace("{OSM}", OSM)
        .replace(" ", "%20");
  }

  private static HttpTester.Response get(String version, String request, String query)
      throws Exception {
    return OwsStrictQueries.get(
        SERVER,
        "/ows",
        "service=WFS&version="
            + version
            + "&request="
            + request
            + (request.equals("GetFeature")
                ? (version.equals("2.0.0") ? "&count=2" : "&maxFeatures=2")
                : "")
            + (query.isEmpty() ? "" : "&" + spelled(version, query)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // request | query | code | locator ({T}: the version's type-name spelling)
        // a colon with no prefix before it is no QName: it named the layer
        "GetFeature | {T}=:helsinki_pois | InvalidParameterValue | {T}",
        "DescribeFeatureType | {T}=:helsinki_pois | InvalidParameterValue | {T}",
        "GetFeature | {T}=helsinki_pois&PROPERTYNAME=:name | InvalidParameterValue | PROPERTYNAME",
        "GetFeature | {T}=helsinki_pois&SORTBY=:name | InvalidParameterValue | SORTBY",
        // one prefix bound twice: the last binding was taken, the first dropped unread
        "GetFeature | {T}=osm:helsinki_pois&NAMESPACES=xmlns(osm,urn:a),xmlns(osm,{OSM})"
            + " | InvalidParameterValue | NAMESPACES",
        "GetFeature | {T}=helsinki_pois&PROPERTYNAME=osm:name"
            + "&NAMESPACES=xmlns(osm,urn:a),xmlns(osm,{OSM}) | InvalidParameterValue | NAMESPACES",
        "GetFeature | {T}=osm:helsinki_pois&NAMESPACE=xmlns(osm=urn:a),xmlns(osm={OSM})"
            + " | InvalidParameterValue | NAMESPACE",
        // 1.1's syntax as NAMESPACES bound the default namespace to 'osm=urn:evil'
        "GetFeature | {T}=osm:helsinki_pois&NAMESPACES=xmlns(osm=urn:evil)"
            + " | InvalidParameterValue | NAMESPACES",
        // no prefix (an NCName), or a prefix bound to no URI: read past unless used
        "GetFeature | {T}=helsinki_pois&NAMESPACES=xmlns(1x,{OSM}) | InvalidParameterValue"
            + " | NAMESPACES",
        "GetFeature | {T}=helsinki_pois&NAMESPACES=xmlns(x,) | InvalidParameterValue | NAMESPACES",
        "GetFeature | {T}=helsinki_pois&NAMESPACE=xmlns(xmlns={OSM}) | InvalidParameterValue"
            + " | NAMESPACE",
        // never read when every type is described
        "DescribeFeatureType | NAMESPACES=garbage | InvalidParameterValue | NAMESPACES",
        "DescribeFeatureType | NAMESPACE=xmlns(osm=urn:a),xmlns(osm=urn:b)"
            + " | InvalidParameterValue | NAMESPACE",
        // an id of another layer than the one typeNames names answered no feature
        "GetFeature | {T}=helsinki_pois&{ID}=osm_places.1 | InvalidParameterValue | {ID}",
        "GetFeature | {T}=helsinki_pois&{ID}=helsinki_pois.60068035,osm_places.1"
            + " | InvalidParameterValue | {ID}",
      })
  void refusedInEveryVersion(String request, String query, String code, String locator)
      throws Exception {
    for (String version : VERSIONS) {
      OwsStrictQueries.refused(
          get(version, request, query), code, spelled(version, locator).replace("%20", " "));
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // refused before too: each is the rule, now written once
        "GetFeature | {T}=foo:helsinki_pois | {T} | bound neither by NAMESPACES",
        "GetFeature | {T}=helsinki_pois&SORTBY=foo:name | SORTBY | bound neither by NAMESPACES",
        "GetFeature | {T}=helsinki_pois&PROPERTYNAME=foo:name&NAMESPACES=xmlns(foo,urn:x)"
            + " | PROPERTYNAME | is in urn:x",
        "GetFeature | {T}=osm:helsinki_pois&NAMESPACE=xmlns(osm=urn:x) | {T} | is in urn:x",
        "GetFeature | {T}=helsinki_pois&NAMESPACES=xmlns(urn:x) | {T} | binds the default",
        "DescribeFeatureType | {T}=foo:helsinki_pois | {T} | bound neither by NAMESPACES",
        "GetFeature | {T}=helsinki_pois&PROPERTYNAME=osm:name/text() | PROPERTYNAME"
            + " | is not a property",
      })
  void aPrefixBoundNowhereOrElsewhereIsRefusedNamingWhy(
      String request, String query, String locator, String says) throws Exception {
    for (String version : VERSIONS) {
      HttpTester.Response r = get(version, request, query);
      OwsStrictQueries.refused(r, "InvalidParameterValue", spelled(version, locator));
      assertTrue(r.getContent().contains(says), r.getContent());
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // the capabilities' prefix, without NAMESPACES (GDAL, OWSLib, CITE)
        "GetFeature | {T}=osm:helsinki_pois&SORTBY=osm:name&PROPERTYNAME=osm:name,geom",
        // a prefix of the request's own, beside the capabilities'
        "GetFeature | {T}=x:helsinki_pois&NAMESPACES=xmlns(x,{OSM})&SORTBY=x:name DESC"
            + "&PROPERTYNAME=x:name,osm:type",
        "GetFeature | {T}=x:helsinki_pois&NAMESPACE=xmlns(x={OSM})&SORTBY=x:name",
        // a default namespace: the type name's; a bare property name is the type's whatever it is
        "GetFeature | {T}=helsinki_pois&NAMESPACES=xmlns({OSM})&SORTBY=name",
        "GetFeature | {T}=osm:helsinki_pois&NAMESPACES=xmlns(urn:x)&SORTBY=name&PROPERTYNAME=type",
        // the same binding twice, within NAMESPACES and between it and NAMESPACE, is one
        "GetFeature | {T}=osm:helsinki_pois&NAMESPACES=xmlns(osm,{OSM}),xmlns(osm,{OSM})"
            + "&NAMESPACE=xmlns(osm={OSM})",
        // the ids of the layer typeNames names, and one of no layer (no feature has it)
        "GetFeature | {T}=helsinki_pois&{ID}=helsinki_pois.60068035,nosuch.1",
        "DescribeFeatureType | {T}=x:helsinki_pois&NAMESPACES=xmlns(x,{OSM})",
        "DescribeFeatureType | NAMESPACES=xmlns(osm,{OSM})",
        // NAMESPACES and NAMESPACE are every operation's (WFS 2.0 Table 7, WFS 1.1 Table 7)
        "GetCapabilities | NAMESPACES=xmlns(osm,{OSM})&NAMESPACE=xmlns(osm={OSM})",
      })
  void servedInEveryVersion(String request, String query) throws Exception {
    for (String version : VERSIONS) {
      HttpTester.Response r = get(version, request, query);
      assertEquals(200, r.getStatus(), version + " " + r.getContent());
    }
  }

  @Test
  void theStoredQueryListingsTakeNamespacesToo() throws Exception {
    for (String request : List.of("ListStoredQueries", "DescribeStoredQueries")) {
      HttpTester.Response r = get("2.0.0", request, "NAMESPACES=xmlns(osm,{OSM})");
      assertEquals(200, r.getStatus(), r.getContent());
      OwsStrictQueries.refused(
          get("2.0.0", request, "NAMESPACES=garbage"), "InvalidParameterValue", "NAMESPACES");
    }
    OwsStrictQueries.refused(
        get("1.1.0", "GetCapabilities", "NAMESPACE=xmlns(osm=urn:a),xmlns(osm=urn:b)"),
        "InvalidParameterValue",
        "NAMESPACE");
  }

  /** What the clients send, from their sources, in each version they speak. */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // GDAL's WFS driver: the capabilities' name, bare field names; 1.x sorts with A/D
        "2.0.0 | TYPENAMES=osm:helsinki_pois&SORTBY=name DESC&PROPERTYNAME=(name,geom)",
        "1.1.0 | TYPENAME=osm:helsinki_pois&SORTBY=name D&PROPERTYNAME=(name,geom)",
        "1.0.0 | TYPENAME=osm:helsinki_pois&SORTBY=name D&PROPERTYNAME=(name,geom)",
        // QGIS: both type-name spellings, NAMESPACES and NAMESPACE in 2.0's syntax
        "2.0.0 | TYPENAMES=osm:helsinki_pois&TYPENAME=osm:helsinki_pois"
            + "&NAMESPACES=xmlns(osm,{OSM})&NAMESPACE=xmlns(osm,{OSM})&SORTBY=name DESC",
        "1.1.0 | TYPENAME=osm:helsinki_pois&NAMESPACE=xmlns(osm,{OSM})&SORTBY=name D",
        "1.0.0 | TYPENAME=osm:helsinki_pois&NAMESPACE=xmlns(osm,{OSM})",
        // GDAL's old-deegree fallback: NAMESPACE in 1.1's syntax, in any version
        "2.0.0 | TYPENAMES=osm:helsinki_pois&NAMESPACE=xmlns(osm={OSM})",
        // OWSLib: the name as given, PROPERTYNAME=* by default
        "2.0.0 | TYPENAMES=osm:helsinki_pois&PROPERTYNAME=*",
        "1.1.0 | TYPENAME=osm:helsinki_pois&PROPERTYNAME=*",
      })
  void whatClientsSendIsServed(String version, String query) throws Exception {
    HttpTester.Response r = get(version, "GetFeature", query);
    assertEquals(200, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("helsinki_pois"), r.getContent());
  }

  /** A sort by a prefixed name sorts as by the bare one: the prefix was resolved, not dropped. */
  @Test
  void aPrefixedSortKeySortsAsTheBareOne() throws Exception {
    for (String version : VERSIONS) {
      String bare = get(version, "GetFeature", "{T}=helsinki_pois&SORTBY=name DESC").getContent();
      for (String q :
          List.of(
              "{T}=helsinki_pois&SORTBY=osm:name DESC",
              "{T}=helsinki_pois&SORTBY=x:name DESC&NAMESPACES=xmlns(x,{OSM})")) {
        assertEquals(ids(bare), ids(get(version, "GetFeature", q).getContent()), version + q);
      }
    }
  }

  /** The features' ids in order. */
  private static List<String> ids(String body) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("<osm:helsinki_pois[^>]*? (?:gml:id|fid)=\"([^\"]+)\"")
            .matcher(body);
    List<String> out = new java.util.ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    assertEquals(2, out.size(), body);
    return out;
  }
}
