package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.QueryResults;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * A GetFeature of several type names, written as one response: valid against the official schemas
 * and an application schema of both types, and every query's features read back in order.
 */
class SeveralQueriesTest {
  private static final Dataset PLACES = Datasets.get("osm_places");
  private static final Dataset ROADS = Datasets.get("helsinki_roads");

  private static QueryResults twoQueries(boolean hits) {
    Instant t = Instant.parse("2026-01-01T00:00:00Z");
    FeatureCollection places =
        FeatureCollection.of(PLACES.featureType(), hits ? List.of() : PLACES.take(3), t)
            .page(new FeatureCollection.Paging(40, null, null));
    FeatureCollection roads =
        FeatureCollection.of(ROADS.featureType(), hits ? List.of() : ROADS.take(2), t)
            .page(new FeatureCollection.Paging(2, null, null));
    return new QueryResults(
        List.of(places, roads),
        hits
            ? FeatureCollection.Paging.hitsOnly(42)
            : new FeatureCollection.Paging(42, null, "http://example.org/wfs?page=2"));
  }

  private static byte[] encode(GeoCodec codec, QueryResults r) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.encodeQueries(r, out);
    return out.toByteArray();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"gml2", "gml31", "gml32", "geojson", "jts-geojson"})
  void bothTypesValidateAndReadBackInOrder(String name) throws Exception {
    GeoCodec codec = GeoCodecs.get(name);
    assertTrue(codec.encodesSeveralQueries());
    byte[] doc = encode(codec, twoQueries(false));
    List<FeatureType> types = List.of(PLACES.featureType(), ROADS.featureType());
    if (codec.xmlSchema() != XmlSchema.NONE) {
      OgcValidator.validate(codec.xmlSchema(), types, doc);
    }
    if (codec.xmlSchema() != XmlSchema.NONE) {
      // the GML readers read one type at a time
      assertEquals(ids(PLACES.take(3)), ids(codec.decode(PLACES.featureType(), in(doc))), "places");
      assertEquals(ids(ROADS.take(2)), ids(codec.decode(ROADS.featureType(), in(doc))), "roads");
    } else {
      String json = new String(doc, StandardCharsets.UTF_8);
      int place = json.indexOf("\"osm_places.1\"");
      int road = json.indexOf("\"" + ROADS.take(1).get(0).id() + "\"");
      assertTrue(place > 0 && road > place, json);
      assertEquals(5, json.split("\"type\":\"Feature\"").length - 1, json);
    }
  }

  @Test
  void gml32NestsOneCollectionAQueryAndTotalsOutside() throws Exception {
    String doc = new String(encode(new Gml32Codec(), twoQueries(false)), StandardCharsets.UTF_8);
    assertTrue(doc.contains("numberMatched=\"42\" numberReturned=\"5\""), doc);
    assertTrue(
        doc.contains(
            "<wfs:member><wfs:FeatureCollection numberMatched=\"40\" numberReturned=\"3\""),
        doc);
    assertTrue(doc.contains("numberMatched=\"2\" numberReturned=\"2\""), doc);
    assertTrue(doc.contains("next=\"http://example.org/wfs?page=2\""), doc);
    assertTrue(
        doc.contains("typeName=osm:osm_places,osm:helsinki_roads"), "one schema for both: " + doc);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"gml31", "gml32"})
  void hitsCarryTheTotalAndNoFeatures(String name) throws Exception {
    GeoCodec codec = GeoCodecs.get(name);
    byte[] doc = encode(codec, twoQueries(true));
    OgcValidator.validate(
        codec.xmlSchema(), List.of(PLACES.featureType(), ROADS.featureType()), doc);
    String text = new String(doc, StandardCharsets.UTF_8);
    assertTrue(
        text.contains(name.equals("gml31") ? "numberOfFeatures=\"42\"" : "numberMatched=\"42\""),
        text);
    assertEquals(0, codec.decode(PLACES.featureType(), in(doc)).size());
  }

  @Test
  void aCodecOfOneTypeAResponseRefusesSeveral() {
    GeoCodec floor = GeoCodecs.get("floor");
    assertThrows(
        UnsupportedOperationException.class,
        () -> floor.encodeQueries(twoQueries(false), new ByteArrayOutputStream()));
  }

  private static ByteArrayInputStream in(byte[] doc) {
    return new ByteArrayInputStream(doc);
  }

  private static List<String> ids(List<Feature> features) {
    return features.stream().map(Feature::id).toList();
  }
}
