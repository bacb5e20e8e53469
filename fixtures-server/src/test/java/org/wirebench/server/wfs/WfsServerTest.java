package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.schema.FeatureSchemas;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.wirebench.formats.geo.schema.XmlSchema;
import org.wirebench.server.LiveServerTest;

/** A real Jetty on an ephemeral port, asked by Jetty's HTTP client as a WFS client would. */
class WfsServerTest extends LiveServerTest {

  private static ContentResponse get(String pathAndQuery) throws Exception {
    return client.GET(server.uri().resolve(pathAndQuery));
  }

  /**
   * FlatGeobuf is served as GeoServer and GDAL name it; its indexed variant, whose features come in
   * its index's order whatever the query's, is refused rather than sent out of order.
   */
  @Test
  void flatGeobufByItsMediaTypeAndTheIndexedOneRefused() throws Exception {
    String q =
        "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:helsinki_pois&count=5";
    ContentResponse fgb = get(q + "&outputFormat=application/flatgeobuf");
    assertEquals(200, fgb.getStatus(), fgb::getContentAsString);
    assertEquals("application/flatgeobuf", fgb.getMediaType());
    ContentResponse indexed = get(q + "&sortBy=name&outputFormat=flatgeobuf-indexed");
    String body = indexed.getContentAsString();
    assertEquals(400, indexed.getStatus(), body);
    assertTrue(body.contains("not the query's"), body);
  }

  static Stream<Arguments> getFeatures() {
    return Datasets.registry().names().stream()
        .flatMap(
            d ->
                Stream.of(
                    Arguments.of(d, "1.0.0", "maxFeatures", "GML2", "gml2"),
                    Arguments.of(d, "1.1.0", "maxFeatures", "", "gml31"),
                    Arguments.of(d, "2.0.0", "count", "", "gml32"),
                    Arguments.of(d, "2.0.0", "count", "application/json", "geojson")));
  }

  @ParameterizedTest(name = "{0} WFS {1} {4}")
  @MethodSource("getFeatures")
  void getFeatureStreamsValidDocuments(
      String dataset, String version, String countKey, String format, String codecName)
      throws Exception {
    ContentResponse r =
        get(
            "/ows?service=WFS&version="
                + version
                + "&request=GetFeature&typeName"
                + (version.startsWith("1.") ? "" : "s")
                + "=osm:"
                + dataset
                + "&"
                + countKey
                + "=50&srsName=EPSG:4326"
                + (format.isEmpty() ? "" : "&outputFormat=" + format));
    assertEquals(200, r.getStatus(), r::getContentAsString);
    GeoCodec codec = GeoCodecs.get(codecName);
    assertEquals(codec.mediaType(), r.getHeaders().get("Content-Type"));
    FeatureType type = Datasets.get(dataset).featureType();
    if (codec.xmlSchema() != XmlSchema.NONE) {
      OgcValidator.validate(codec.xmlSchema(), type, r.getContent());
    }
    List<Feature> features = codec.decode(type, new ByteArrayInputStream(r.getContent()));
    assertEquals(50, features.size());
    assertEquals(Datasets.get(dataset).take(1).get(0).id(), features.get(0).id());
  }

  @Test
  void startIndexPages() throws Exception {
    ContentResponse r =
        get(
            "/wfs?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=2"
                + "&startIndex=10&outputFormat=json");
    List<Feature> page =
        GeoCodecs.get("geojson")
            .decode(
                Datasets.get("osm_places").featureType(), new ByteArrayInputStream(r.getContent()));
    assertEquals("osm_places.11", page.get(0).id());
  }

  @ParameterizedTest(name = "capabilities {0}")
  @CsvSource({
    "2.0.0, http://schemas.opengis.net/wfs/2.0/wfs.xsd",
    "1.1.0, http://schemas.opengis.net/wfs/1.1.0/wfs.xsd",
    "1.0.0, http://schemas.opengis.net/wfs/1.0.0/WFS-capabilities.xsd"
  })
  void capabilitiesValidateAndListEveryLayer(String version, String schema) throws Exception {
    ContentResponse r = get("/ows?service=WFS&request=GetCapabilities&version=" + version);
    assertEquals(200, r.getStatus());
    OgcValidator.validate(schema, r.getContent());
    for (String d : Datasets.registry().names()) {
      assertTrue(r.getContentAsString().contains("osm:" + d), d);
    }
  }

  @Test
  void describeFeatureTypeIsTheApplicationSchema() throws Exception {
    ContentResponse r =
        get(
            "/ows?service=WFS&version=2.0.0&request=DescribeFeatureType&typeNames=osm:osm_mainroads");
    assertEquals(200, r.getStatus());
    assertEquals(
        FeatureSchemas.xsd(Datasets.get("osm_mainroads").featureType(), XmlSchema.WFS_2_0_GML_32),
        new String(r.getContent(), StandardCharsets.UTF_8));
  }

  /** GDAL asks for every layer at once (TYPENAME=a,b,c,d) and OWSLib for none: one schema. */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "2.0.0 | typeNames=osm:helsinki_roads,osm:osm_mainroads,osm:osm_places,osm:helsinki_pois | 4",
        "2.0.0 | TYPENAME=helsinki_roads,osm_places | 2",
        "2.0.0 | namespaces=xmlns(osm,http://wirebench.org/osm) | 4",
        "1.0.0 | typeName=osm_places,osm_mainroads | 2",
        "1.1.0 | typeName=osm_places,osm_mainroads | 2",
        "1.1.0 | outputFormat=text/xml;%20subtype=gml/3.1.1 | 4",
      })
  void describeFeatureTypeForSeveralOrAllTypes(String version, String types, int declared)
      throws Exception {
    ContentResponse r =
        get(
            "/ows?service=WFS&version="
                + version.strip()
                + "&request=DescribeFeatureType&"
                + types.strip());
    String xsd = r.getContentAsString();
    assertEquals(200, r.getStatus(), xsd);
    assertEquals(declared, xsd.split("substitutionGroup=").length - 1, xsd);
    XmlSchema schema =
        switch (version.strip()) {
          case "1.0.0" -> XmlSchema.WFS_1_0_GML_2;
          case "1.1.0" -> XmlSchema.WFS_1_1_GML_31;
          default -> XmlSchema.WFS_2_0_GML_32;
        };
    OgcValidator.checkApplicationSchema(schema, xsd);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "service=WFS&version=2.0.0&request=DescribeFeatureType&typeNames=osm_places,lakes | InvalidParameterValue | typeNames | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places,osm_mainroads | OptionNotSupported | typeNames | ExceptionReport",
        "request=GetFeature&typeNames=osm_places | MissingParameterValue | service | ExceptionReport",
        "service=WFS&version=2.0.0 | MissingParameterValue | request | ExceptionReport",
        "service=WMS&request=GetMap | InvalidParameterValue | service | ExceptionReport",
        "service=WFS&version=9.9.9&request=GetFeature&typeNames=osm_places | InvalidParameterValue | version | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:lakes | InvalidParameterValue | typeNames | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature | MissingParameterValue | typeNames | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&outputFormat=kml | InvalidParameterValue | outputFormat | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&srsName=EPSG:3857 | InvalidParameterValue | srsName | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=0 | InvalidParameterValue | count | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=abc | InvalidParameterValue | count | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=100001 | InvalidParameterValue | count | ExceptionReport",
        "service=WFS&version=1.0.0&request=GetFeature&typeName=osm_places&maxFeatures=-1 | InvalidParameterValue | maxFeatures | ServiceExceptionReport",
        "service=WFS&version=1.0.0&request=GetFeature&typeName=lakes | InvalidParameterValue | typeName | ServiceExceptionReport",
        "service=WFS&version=2.0.0&request=Transaction | OperationNotSupported | request | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature&typeNames=a%00b | InvalidParameterValue | typeNames | ExceptionReport",
        "service=WFS&version=1.0.0&request=GetFeature&typeName=a%01b | InvalidParameterValue | typeName | ServiceExceptionReport",
        "service=WFS&version=2%01&request=GetFeature&typeNames=osm_places | InvalidParameterValue | version | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&outputFormat=%01 | InvalidParameterValue | outputFormat | ExceptionReport",
        "service=WFS&version=2.0.0&request=Get%01Feature | OperationNotSupported | request | ExceptionReport",
        "service=WFS&version=2.0.0&request=GetFeature&typeNames=%EF%BF%BE%EF%BF%BF | InvalidParameterValue | typeNames | ExceptionReport",
        "service=WFS&version=1.1.0&request=GetFeature&typeName=lakes | InvalidParameterValue | typeName | ExceptionReport",
        "service=WFS&version=1.1.0&request=GetFeature | MissingParameterValue | typeName | ExceptionReport",
        "service=WFS&version=1.1.0&request=GetFeature&typeName=osm_places&maxFeatures=x | InvalidParameterValue | maxFeatures | ExceptionReport",
        "service=WFS&version=1.0.0&request=GetFeature&typeName=osm_mainroads | OptionNotSupported | maxFeatures | ServiceExceptionReport",
        "service=WFS&version=1.1.0&request=DescribeFeatureType&typeName=osm_places&outputFormat=XMLSCHEMA | InvalidParameterValue | outputFormat | ExceptionReport",
        "service=WFS&version=1.1.0&request=ListStoredQueries | OperationNotSupported | request | ExceptionReport"
      })
  void badRequestsGetAnExceptionReportAnd400(String query, String code, String locator, String root)
      throws Exception {
    ContentResponse r = get("/ows?" + query.strip());
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains(root), body);
    assertTrue(body.contains("\"" + code.strip() + "\""), body);
    assertTrue(body.contains("locator=\"" + locator.strip() + "\""), body);
    assertFalse(body.contains("at org.") || body.contains("Exception:"), body);
    if (root.strip().equals("ExceptionReport")) {
      // WFS 1.1 reports in OWS Common 1.0, WFS 2.0 in OWS 1.1
      OgcValidator.validate(
          query.contains("version=1.1.0")
              ? "http://schemas.opengis.net/ows/1.0.0/owsExceptionReport.xsd"
              : "http://schemas.opengis.net/ows/1.1.0/owsExceptionReport.xsd",
          r.getContent());
    }
  }

  /** Percent-encoding that is not UTF-8 (an encoded lone surrogate) is a parse failure, not 500. */
  @Test
  void aQueryThatIsNotUtf8GetsAReport() throws Exception {
    ContentResponse r =
        get("/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=%ED%A0%80");
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("\"OperationParsingFailed\""), body);
    OgcValidator.validate(
        "http://schemas.opengis.net/ows/1.1.0/owsExceptionReport.xsd", r.getContent());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"DELETE", "PUT", "POST"})
  void methodsOtherThanGetAre405WithAReport(String method) throws Exception {
    ContentResponse r =
        client
            .newRequest(
                server
                    .uri()
                    .resolve(
                        "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places"))
            .method(method)
            .timeout(60, java.util.concurrent.TimeUnit.SECONDS)
            .send();
    String body = r.getContentAsString();
    assertEquals(405, r.getStatus(), body);
    assertEquals("GET, HEAD", r.getHeaders().get("Allow"));
    assertTrue(body.contains("\"OperationNotSupported\""), body);
    assertFalse(body.contains("<wfs:FeatureCollection"), body);
  }

  /**
   * No Host header reaches the capabilities' or a collection's URLs, malformed or well-formed (a
   * client could otherwise plant any host in a cached document): they come from the socket.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"evil_host!", "evil.example.com:80"})
  void urlsNeverComeFromTheHostHeader(String host) throws Exception {
    for (String query :
        List.of(
            "service=WFS&version=2.0.0&request=GetCapabilities",
            "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=2")) {
      ContentResponse r =
          client
              .newRequest(server.uri().resolve("/ows?" + query))
              .headers(h -> h.put("Host", host))
              .timeout(60, java.util.concurrent.TimeUnit.SECONDS)
              .send();
      String body = r.getContentAsString();
      assertEquals(200, r.getStatus(), body);
      assertFalse(body.contains("evil"), body);
      assertTrue(body.contains("http://127.0.0.1:" + server.uri().getPort() + "/ows"), body);
    }
  }

  /**
   * The 2.0 capabilities carry what the Simple WFS conformance class asks: a service provider,
   * every WFS conformance constraint with a TRUE/FALSE default, the stored-query operations and
   * Filter_Capabilities listing exactly the comparison operators the filter parser implements.
   */
  @Test
  void capabilitiesDeclareWhatIsServed() throws Exception {
    String caps =
        get("/ows?service=WFS&request=GetCapabilities&version=2.0.0").getContentAsString();
    assertTrue(caps.contains("<ows:ServiceProvider>"), caps);
    for (String c :
        List.of(
            "ImplementsBasicWFS",
            "ImplementsTransactionalWFS",
            "ImplementsLockingWFS",
            "KVPEncoding",
            "XMLEncoding",
            "SOAPEncoding",
            "ImplementsInheritance",
            "ImplementsRemoteResolve",
            "ImplementsResultPaging",
            "ImplementsStandardJoins",
            "ImplementsSpatialJoins",
            "ImplementsTemporalJoins",
            "ImplementsFeatureVersioning",
            "ManageStoredQueries")) {
      assertTrue(
          java.util.regex.Pattern.compile(
                  "<ows:Constraint name=\""
                      + c
                      + "\"><ows:NoValues/><ows:DefaultValue>(TRUE|FALSE)<")
              .matcher(caps)
              .find(),
          c);
    }
    for (String op : List.of("ListStoredQueries", "DescribeStoredQueries")) {
      assertTrue(caps.contains("<ows:Operation name=\"" + op + "\">"), op);
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("<fes:ComparisonOperator name=\"([A-Za-z]+)\"")
            .matcher(caps);
    List<String> listed = new java.util.ArrayList<>();
    while (m.find()) {
      listed.add(m.group(1));
    }
    assertEquals(org.wirebench.server.wfs.filter.FilterParser.COMPARISONS, listed);
  }

  @Test
  void staticEndpointReturnsExactlyThatManyBytes() throws Exception {
    assertEquals(1024, get("/static/1024").getContent().length);
    assertEquals(400, get("/static/-5").getStatus());
    assertEquals(404, get("/nowhere").getStatus());
    assertTrue(get("/").getContentAsString().contains("GetCapabilities"));
  }
}
