package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.util.List;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.wirebench.formats.geo.schema.XmlSchema;
import org.wirebench.server.LiveServerTest;

/**
 * WFS 2.0's mandatory stored query against a live server: GetFeatureById answers with the feature
 * alone (valid against the layer's schema, equal to the dataset's feature), NotFound with HTTP 404
 * for an unknown id; ListStoredQueries and DescribeStoredQueries validate against the WFS 2.0
 * schema; an unknown stored query, a 1.0.0 request and ad-hoc parameters beside a stored query are
 * refused.
 */
class StoredQueriesTest extends LiveServerTest {
  private static final String BY_ID =
      "/ows?service=WFS&version=2.0.0&request=GetFeature"
          + "&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById";

  @ParameterizedTest
  @ValueSource(strings = {"helsinki_roads", "osm_places", "osm_mainroads", "helsinki_pois"})
  void getFeatureByIdAnswersWithTheFeatureAlone(String layer) throws Exception {
    Feature expected = Datasets.get(layer).features().skip(7).findFirst().orElseThrow();
    FeatureType type = Datasets.get(layer).featureType();
    ContentResponse gml = get(BY_ID + "&ID=" + expected.id());
    assertEquals(200, gml.getStatus(), gml.getContentAsString());
    assertTrue(gml.getContentAsString().contains("<osm:" + layer + " "), gml.getContentAsString());
    assertFalse(gml.getContentAsString().contains("wfs:member"));
    OgcValidator.validate(XmlSchema.WFS_2_0_GML_32, type, gml.getContent());
    ContentResponse json = get(BY_ID + "&ID=" + expected.id() + "&outputFormat=application/json");
    assertEquals(200, json.getStatus());
    String wrapped =
        "{\"type\":\"FeatureCollection\",\"features\":[" + json.getContentAsString() + "]}";
    List<Feature> read =
        GeoCodecs.get("geojson")
            .decode(
                type,
                new ByteArrayInputStream(
                    wrapped.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    assertEquals(expected.id(), read.get(0).id());
    assertEquals(expected.values(), read.get(0).values());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "&ID=osm_places.999999999 | 404 | NotFound | ID",
        "&ID=nosuchlayer.1 | 404 | NotFound | ID",
        "&ID= | 400 | MissingParameterValue | ID",
        " | 400 | MissingParameterValue | ID",
        "&ID=osm_places.1&typeNames=osm_places | 400 | OperationParsingFailed | TYPENAMES",
        "&ID=osm_places.1&outputFormat=GML2 | 400 | OptionNotSupported | outputFormat",
      })
  void getFeatureByIdRefusals(String extra, int status, String code, String locator)
      throws Exception {
    ContentResponse r = get(BY_ID + (extra == null ? "" : extra));
    assertEquals(status, r.getStatus(), r.getContentAsString());
    assertTrue(r.getContentAsString().contains("exceptionCode=\"" + code + "\""));
    assertTrue(r.getContentAsString().contains("locator=\"" + locator + "\""));
  }

  @Test
  void listAndDescribeValidate() throws Exception {
    for (String op :
        List.of(
            "ListStoredQueries",
            "DescribeStoredQueries",
            "DescribeStoredQueries&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById")) {
      ContentResponse r = get("/ows?service=WFS&version=2.0.0&request=" + op);
      assertEquals(200, r.getStatus(), r.getContentAsString());
      OgcValidator.validate("http://schemas.opengis.net/wfs/2.0/wfs.xsd", r.getContent());
      assertTrue(r.getContentAsString().contains(StoredQueries.GET_FEATURE_BY_ID));
      for (String d : Datasets.registry().names()) {
        assertTrue(r.getContentAsString().contains("osm:" + d), d);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "version=2.0.0&request=DescribeStoredQueries&STOREDQUERY_ID=urn:x:nosuch | InvalidParameterValue | STOREDQUERY_ID",
        "version=2.0.0&request=GetFeature&STOREDQUERY_ID=urn:x:nosuch&ID=osm_places.1 | InvalidParameterValue | STOREDQUERY_ID",
        "version=1.0.0&request=ListStoredQueries | OperationNotSupported | request",
        "version=1.0.0&request=GetFeature&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById&ID=osm_places.1 | OperationParsingFailed | STOREDQUERY_ID",
      })
  void refusesWhatIsNotThere(String query, String code, String locator) throws Exception {
    ContentResponse r = get("/ows?service=WFS&" + query);
    assertEquals(400, r.getStatus(), r.getContentAsString());
    assertTrue(r.getContentAsString().contains("\"" + code + "\""), r.getContentAsString());
    assertTrue(r.getContentAsString().contains("locator=\"" + locator + "\""));
  }

  private static ContentResponse get(String pathQuery) throws Exception {
    return client.GET(server.uri().resolve(pathQuery));
  }
}
