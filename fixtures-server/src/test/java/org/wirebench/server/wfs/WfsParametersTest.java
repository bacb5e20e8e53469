package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wirebench.server.LiveServerTest;

/**
 * Every KVP parameter WFS 1.0.0, 1.1.0 and 2.0.0 define for GetFeature (and the capabilities' and
 * DescribeFeatureType's options), sent to a real server: served (200) or refused with an exception
 * report naming it (400) — never a 200 that quietly ignored it. A parameter no version defines for
 * the operation is refused too (OperationParsingFailed, the name as locator).
 */
class WfsParametersTest extends LiveServerTest {

  private static final String V2 =
      "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=2";
  private static final String V1 =
      "service=WFS&version=1.0.0&request=GetFeature&typeName=osm_places&maxFeatures=2";

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // version | parameter=value | status | exception code | locator
        "2.0.0 | STARTINDEX=3 | 200 | |",
        "2.0.0 | COUNT=2 | 200 | |",
        "2.0.0 | OUTPUTFORMAT=application/json | 200 | |",
        "2.0.0 | RESULTTYPE=results | 200 | |",
        "2.0.0 | RESULTTYPE=hits | 200 | |",
        "2.0.0 | RESULTTYPE=all | 400 | InvalidParameterValue | resultType",
        "2.0.0 | RESOLVE=local | 200 | |",
        "2.0.0 | RESOLVE=sometimes | 400 | InvalidParameterValue | resolve",
        "2.0.0 | RESOLVEDEPTH=* | 200 | |",
        "2.0.0 | RESOLVEDEPTH=-1 | 400 | InvalidParameterValue | resolveDepth",
        "2.0.0 | RESOLVETIMEOUT=30 | 200 | |",
        "2.0.0 | SRSNAME=urn:ogc:def:crs:EPSG::4326 | 200 | |",
        "2.0.0 | NAMESPACES=xmlns(osm,http://wirebench.org/osm) | 200 | |",
        "2.0.0 | NAMESPACES=xmlns(http://example.com/other) | 400 | InvalidParameterValue | typeNames",
        "2.0.0 | NAMESPACES=xmlns(osm,http://example.com/other) | 200 | |",
        "2.0.0 | NAMESPACES=garbage | 400 | InvalidParameterValue | NAMESPACES",
        "2.0.0 | BBOX=45.9,8.1,46.0,8.2 | 200 | |",
        "2.0.0 | BBOX=8.1,45.9,8.2,46.0,EPSG:4326 | 200 | |",
        "2.0.0 | BBOX=1,2,3 | 400 | InvalidParameterValue | BBOX",
        "2.0.0 | BBOX=3,0,1,1 | 400 | InvalidParameterValue | BBOX",
        "2.0.0 | BBOX=NaN,0,1,1 | 400 | InvalidParameterValue | BBOX",
        "2.0.0 | BBOX=a,0,1,1 | 400 | InvalidParameterValue | BBOX",
        "2.0.0 | BBOX=0,0,1,1,EPSG:3857 | 400 | InvalidParameterValue | BBOX",
        "2.0.0 | FILTER=<fes:Filter/> | 400 | OperationParsingFailed | FILTER",
        "2.0.0 | FILTER_LANGUAGE=urn:ogc:def:query Language:OGC-FES:Filter | 400 | OptionNotSupported | FILTER_LANGUAGE",
        "2.0.0 | RESOURCEID=osm_places.1 | 200 | |",
        "2.0.0 | PROPERTYNAME=osm:name,geom | 200 | |",
        "2.0.0 | SORTBY=name DESC | 200 | |",
        "2.0.0 | SORTBY=nosuch | 400 | InvalidParameterValue | SORTBY",
        "2.0.0 | ALIASES=a | 400 | OptionNotSupported | ALIASES",
        "2.0.0 | STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById | 400 | OperationParsingFailed | TYPENAMES",
        "2.0.0 | QUERY=<fes:Filter/> | 400 | OptionNotSupported | QUERY",
        "2.0.0 | VSP_VENDOR_OPTION=1 | 400 | OperationParsingFailed | vsp_vendor_option",
        "1.0.0 | FEATUREID=osm_places.1 | 200 | |",
        "2.0.0 | RESOURCEID=osm_places.1,osm_places.2 | 200 | |",
        "2.0.0 | RESOURCEID=osm_places.1, | 400 | InvalidParameterValue | RESOURCEID",
        "2.0.0 | FILTER_LANGUAGE=urn:ogc:def:filterLanguage:OGC-FES:Filter | 200 | |",
        "2.0.0 | FILTER_LANGUAGE=CQL | 400 | OptionNotSupported | FILTER_LANGUAGE",
        "1.0.0 | BBOX=8.1,45.9,8.2,46.0 | 200 | |",
        "1.0.0 | FILTER=<Filter/> | 400 | OperationParsingFailed | FILTER",
        "1.0.0 | PROPERTYNAME=name | 200 | |",
        "1.0.0 | PROPERTYNAME=nosuch | 400 | InvalidParameterValue | PROPERTYNAME",
        "1.0.0 | PROPERTYNAME=* | 200 | |",
        "1.0.0 | OUTPUTFORMAT=GML2 | 200 | |",
        "1.0.0 | MAXFEATURES=2 | 200 | |",
        "1.0.0 | RESULTTYPE=hits | 400 | OptionNotSupported | resultType",
        "1.0.0 | FEATUREVERSION=ALL | 200 | |",
        // every GetFeature parameter of WFS 1.1.0 (OGC 04-094 table 8)
        "1.1.0 | TYPENAME=osm:osm_places | 200 | |",
        "1.1.0 | PROPERTYNAME=name | 200 | |",
        "1.1.0 | PROPERTYNAME=nosuch | 400 | InvalidParameterValue | PROPERTYNAME",
        // one version of each feature: the latest is the only one, as the standard allows
        "1.1.0 | FEATUREVERSION=ALL | 200 | |",
        "1.1.0 | MAXFEATURES=2 | 200 | |",
        "1.1.0 | MAXFEATURES=0 | 400 | InvalidParameterValue | maxFeatures",
        "1.1.0 | OUTPUTFORMAT=text/xml; subtype=gml/3.1.1 | 200 | |",
        "1.1.0 | OUTPUTFORMAT=GML2 | 200 | |",
        "1.1.0 | OUTPUTFORMAT=KML | 400 | InvalidParameterValue | outputFormat",
        "1.1.0 | RESULTTYPE=hits | 200 | |",
        "1.1.0 | RESULTTYPE=all | 400 | InvalidParameterValue | resultType",
        "1.1.0 | FEATUREID=osm_places.1 | 200 | |",
        "1.1.0 | FILTER=<Filter/> | 400 | OperationParsingFailed | FILTER",
        "1.1.0 | BBOX=45.9,8.1,46.0,8.2 | 200 | |",
        "1.1.0 | BBOX=8.1,45.9,8.2,46.0,EPSG:4326 | 200 | |",
        "1.1.0 | BBOX=0,0,1,1,EPSG:3857 | 400 | InvalidParameterValue | BBOX",
        "1.1.0 | SORTBY=name DESC | 200 | |",
        "1.1.0 | SRSNAME=urn:x-ogc:def:crs:EPSG:4326 | 200 | |",
        "1.1.0 | SRSNAME=EPSG:3857 | 400 | InvalidParameterValue | srsName",
        "1.1.0 | TRAVERSEXLINKDEPTH=1 | 200 | |",
        "1.1.0 | TRAVERSEXLINKDEPTH=* | 200 | |",
        "1.1.0 | TRAVERSEXLINKDEPTH=deep | 400 | InvalidParameterValue | traverseXlinkDepth",
        "1.1.0 | TRAVERSEXLINKEXPIRY=5 | 200 | |",
        "1.1.0 | PROPTRAVXLINKDEPTH=1 | 400 | OptionNotSupported | propTravXlinkDepth",
        "1.1.0 | PROPTRAVXLINKEXPIRY=1 | 400 | OptionNotSupported | propTravXlinkExpiry",
        "1.1.0 | STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById | 400 | OperationParsingFailed | STOREDQUERY_ID",
        "1.1.0 | VSP_VENDOR_OPTION=1 | 400 | OperationParsingFailed | vsp_vendor_option",
      })
  void everyDefinedParameterIsServedOrRefused(
      String version, String parameter, int status, String code, String locator) throws Exception {
    String base = version.equals("2.0.0") ? V2 : V1.replace("1.0.0", version);
    // the base already names the type: a row that names it itself replaces it
    if (parameter.toUpperCase(java.util.Locale.ROOT).startsWith("TYPENAME=")) {
      base = base.replace("&typeName=osm_places", "");
    }
    String[] kv = parameter.split("=", 2);
    String query =
        base
            + "&"
            + kv[0]
            + "="
            + java.net.URLEncoder.encode(kv[1], java.nio.charset.StandardCharsets.UTF_8);
    // the base already holds COUNT/MAXFEATURES: send the table's own value instead of a duplicate
    if (kv[0].equalsIgnoreCase("count") || kv[0].equalsIgnoreCase("maxfeatures")) {
      query = base.replaceAll("&(count|maxFeatures)=2", "") + "&" + parameter;
    }
    ContentResponse r = client.GET(server.uri().resolve("/ows?" + query));
    String body = r.getContentAsString();
    assertEquals(status, r.getStatus(), body);
    if (status == 400) {
      assertTrue(body.contains("\"" + code + "\""), body);
      assertTrue(body.contains("locator=\"" + locator + "\""), body);
      assertFalse(body.contains("at org."), body);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "count=1&count=5 | count",
        "COUNT=1&count=5 | count",
        "typeNames=osm_places&TYPENAMES=osm_mainroads | TYPENAMES",
      })
  void aParameterGivenTwiceIsRefusedWhateverItsSpelling(String twice, String locator)
      throws Exception {
    ContentResponse r =
        client.GET(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&"
                            .replace(twice.contains("typeNames") ? "&typeNames=osm_places" : "", "")
                        + twice));
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("\"OperationParsingFailed\""), body);
    assertTrue(body.contains("locator=\"" + locator + "\""), body);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "request=GetCapabilities&sections=All | 200 | |",
        "request=GetCapabilities&sections=OperationsMetadata | 400 | OptionNotSupported | sections",
        "request=GetCapabilities&acceptFormats=text/xml | 200 | |",
        "request=GetCapabilities&acceptFormats=application/json | 400 | InvalidParameterValue | acceptFormats",
        "request=GetCapabilities&updateSequence=3 | 400 | OptionNotSupported | updateSequence",
        "request=DescribeFeatureType&typeNames=osm_places&outputFormat=application/gml%2Bxml;%20version=3.2 | 200 | |",
        "request=DescribeFeatureType&typeNames=osm_places&outputFormat=application/json | 400 | InvalidParameterValue | outputFormat",
      })
  void capabilitiesAndDescribeOptionsAreServedOrRefused(
      String query, int status, String code, String locator) throws Exception {
    ContentResponse r =
        client.GET(server.uri().resolve("/ows?service=WFS&version=2.0.0&" + query.strip()));
    String body = r.getContentAsString();
    assertEquals(status, r.getStatus(), body);
    if (status == 400) {
      assertTrue(body.contains("\"" + code + "\""), body);
      assertTrue(body.contains("locator=\"" + locator + "\""), body);
    }
  }

  private static String body(String query) throws Exception {
    ContentResponse r = client.GET(server.uri().resolve("/ows?" + query));
    assertEquals(200, r.getStatus(), r.getContentAsString());
    return r.getContentAsString();
  }

  @org.junit.jupiter.api.Test
  void hitsCountTheLayerWithoutItsFeatures() throws Exception {
    String hits =
        body(
            "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:helsinki_roads"
                + "&resultType=hits");
    assertTrue(hits.contains("numberMatched=\"2459\" numberReturned=\"0\""), hits);
    assertFalse(hits.contains("<wfs:member>"), hits);
    org.wirebench.formats.geo.schema.OgcValidator.validate(
        org.wirebench.formats.geo.schema.XmlSchema.WFS_2_0_GML_32,
        org.wirebench.formats.geo.Datasets.get("helsinki_roads").featureType(),
        hits.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    ContentResponse json =
        client.GET(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places"
                        + "&resultType=hits&outputFormat=application/json"));
    assertEquals(400, json.getStatus(), json.getContentAsString());
  }

  /** Following next links 500 at a time visits each of helsinki_roads' 2,459 features once. */
  @org.junit.jupiter.api.Test
  void nextLinksPageThroughEveryFeatureOnce() throws Exception {
    java.util.regex.Pattern nextLink = java.util.regex.Pattern.compile(" next=\"([^\"]+)\"");
    java.util.List<String> ids = new java.util.ArrayList<>();
    String url =
        server.uri()
            + "ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:helsinki_roads"
            + "&count=500";
    int pages = 0;
    while (url != null) {
      ContentResponse r = client.GET(url.replace("&amp;", "&"));
      String page = r.getContentAsString();
      assertEquals(200, r.getStatus(), page);
      assertTrue(page.contains("numberMatched=\"2459\""), page.substring(0, 600));
      assertEquals(pages > 0, page.contains(" previous=\""), "previous link on page " + pages);
      ids.addAll(ids(page, "helsinki_roads"));
      java.util.regex.Matcher n = nextLink.matcher(page.substring(0, page.indexOf('>', 100) + 1));
      url = n.find() ? n.group(1) : null;
      pages++;
    }
    assertEquals(5, pages);
    assertEquals(2459, ids.size());
    assertEquals(2459, new java.util.HashSet<>(ids).size(), "each feature once");
  }

  private static final String V2_ALL = "service=WFS&version=2.0.0&request=GetFeature&typeNames=";

  private static java.util.List<String> ids(String page, String layer) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("<osm:" + layer + " (?:gml:id|fid)=\"([^\"]+)\"")
            .matcher(page);
    java.util.List<String> out = new java.util.ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /**
   * A BBOX returns exactly the features whose geometry meets the box, boundary included, in both
   * versions' axis orders. The brute force uses JTS's plain Geometry.intersects, not the server's
   * prepared filter; GDAL 3.6 filtering the whole layer locally (ogrinfo -spat on the layer saved
   * as GeoJSON) counts the same 324 roads in the first box.
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "helsinki_roads | 24.94 | 60.17 | 24.945 | 60.175",
        "helsinki_pois | 24.94 | 60.17 | 24.945 | 60.175",
        "helsinki_roads | 24.0 | 59.0 | 24.1 | 59.1",
      })
  void bboxReturnsWhatABruteForceSelects(
      String layer, double minLon, double minLat, double maxLon, double maxLat) throws Exception {
    org.locationtech.jts.geom.Geometry box =
        new org.locationtech.jts.geom.GeometryFactory()
            .toGeometry(new org.locationtech.jts.geom.Envelope(minLon, maxLon, minLat, maxLat));
    java.util.List<String> expected =
        org.wirebench.formats.geo.Datasets.get(layer)
            .features()
            .filter(f -> f.geometry().intersects(box))
            .map(org.wirebench.formats.geo.Feature::id)
            .toList();
    if (layer.equals("helsinki_roads") && minLon == 24.94) {
      assertEquals(324, expected.size());
    }
    String latLon = String.join(",", "" + minLat, "" + minLon, "" + maxLat, "" + maxLon);
    String lonLat = String.join(",", "" + minLon, "" + minLat, "" + maxLon, "" + maxLat);
    String v2 =
        body(V2_ALL + layer + "&count=100000&BBOX=" + latLon + ",urn:ogc:def:crs:EPSG::4326");
    assertEquals(expected, ids(v2, layer));
    assertTrue(v2.contains("numberMatched=\"" + expected.size() + "\""), () -> v2);
    String v1 =
        body("service=WFS&version=1.0.0&request=GetFeature&typeName=" + layer + "&BBOX=" + lonLat);
    assertEquals(expected, ids(v1, layer));
    String hits = body(V2_ALL + layer + "&resultType=hits&BBOX=" + latLon);
    assertTrue(hits.contains("numberMatched=\"" + expected.size() + "\""), hits);
  }

  /** A point on the box's corner is inside: BBOX is "not disjoint". */
  @org.junit.jupiter.api.Test
  void aFeatureOnTheBoxEdgeMatches() throws Exception {
    org.wirebench.formats.geo.Feature poi =
        org.wirebench.formats.geo.Datasets.get("helsinki_pois").features().findFirst().get();
    org.locationtech.jts.geom.Coordinate c = poi.geometry().getCoordinate();
    String page =
        body(
            "service=WFS&version=1.0.0&request=GetFeature&typeName=helsinki_pois&BBOX="
                + c.x
                + ","
                + c.y
                + ","
                + (c.x + 0.001)
                + ","
                + (c.y + 0.001));
    assertTrue(ids(page, "helsinki_pois").contains(poi.id()), page);
  }
}
