package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wirebench.server.FixtureServer;

/**
 * Every KVP parameter WFS 1.0.0, 1.1.0 and 2.0.0 define for GetFeature (and the capabilities' and
 * DescribeFeatureType's options), sent to a real server: served (200) or refused with an exception
 * report naming it (400) — never a 200 that quietly ignored it. A parameter no standard defines is
 * a vendor parameter and is ignored.
 */
class WfsParametersTest {
  private static FixtureServer server;
  private static HttpClient client;

  @BeforeAll
  static void start() throws Exception {
    server = new FixtureServer("127.0.0.1", 0, 1000).start();
    client = new HttpClient();
    client.start();
  }

  @AfterAll
  static void stop() throws Exception {
    client.stop();
    server.close();
  }

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
        "2.0.0 | RESULTTYPE=hits | 400 | OptionNotSupported | resultType",
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
        "2.0.0 | BBOX=24.9,60.1,25.0,60.2 | 400 | OptionNotSupported | BBOX",
        "2.0.0 | FILTER=<fes:Filter/> | 400 | OptionNotSupported | FILTER",
        "2.0.0 | FILTER_LANGUAGE=urn:ogc:def:query Language:OGC-FES:Filter | 400 | OptionNotSupported | FILTER_LANGUAGE",
        "2.0.0 | RESOURCEID=osm_places.1 | 400 | OptionNotSupported | RESOURCEID",
        "2.0.0 | PROPERTYNAME=name | 400 | OptionNotSupported | PROPERTYNAME",
        "2.0.0 | SORTBY=name DESC | 400 | OptionNotSupported | SORTBY",
        "2.0.0 | ALIASES=a | 400 | OptionNotSupported | ALIASES",
        "2.0.0 | STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById | 400 | OptionNotSupported | STOREDQUERY_ID",
        "2.0.0 | VSP_VENDOR_OPTION=1 | 200 | |",
        "1.0.0 | FEATUREID=osm_places.1 | 400 | OptionNotSupported | FEATUREID",
        "1.0.0 | BBOX=24.9,60.1,25.0,60.2 | 400 | OptionNotSupported | BBOX",
        "1.0.0 | FILTER=<Filter/> | 400 | OptionNotSupported | FILTER",
        "1.0.0 | PROPERTYNAME=name | 400 | OptionNotSupported | PROPERTYNAME",
        "1.0.0 | OUTPUTFORMAT=GML2 | 200 | |",
        "1.0.0 | MAXFEATURES=2 | 200 | |",
        // 1.1.0's own GetFeature parameters: its version is refused before them, so these say so
        "1.1.0 | TRAVERSEXLINKDEPTH=1 | 400 | InvalidParameterValue | version",
        "1.1.0 | SORTBY=name | 400 | InvalidParameterValue | version",
      })
  void everyDefinedParameterIsServedOrRefused(
      String version, String parameter, int status, String code, String locator) throws Exception {
    String base = version.equals("1.0.0") ? V1 : V2.replace("2.0.0", version);
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
}
