package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.data.OsmMainroads;
import org.wirebench.formats.geo.data.OsmPlaces;

/** Each same-bytes floor writes exactly its codec's bytes, for real data and for hostile input. */
class SameBytesFloorTest {
  private static final GeometryFactory GEOMETRY = new GeometryFactory();
  private static final Instant TIME = Instant.parse("2026-11-24T00:00:00Z");

  static Stream<Arguments> floorsAndDatasets() {
    return SameBytesFloor.NAMES.stream()
        .flatMap(f -> Datasets.registry().names().stream().map(d -> Arguments.of(f, d)));
  }

  @ParameterizedTest(name = "{0} over {1}")
  @MethodSource("floorsAndDatasets")
  void writesTheCodecsBytesForEveryDataset(String floorName, String datasetName)
      throws IOException {
    Dataset dataset = Datasets.get(datasetName);
    FeatureCollection collection =
        FeatureCollection.of(dataset.featureType(), dataset.take(1250), TIME);
    SameBytesFloor floor = SameBytesFloor.of(floorName);
    assertArrayEquals(encode(floor.codec(), collection), Conformance.check(floor, collection));
  }

  @ParameterizedTest
  @ValueSource(strings = {"gml2-floor", "gml32-floor", "geojson-floor", "flatgeobuf-floor"})
  void writesTheCodecsBytesForHostileText(String floorName) throws IOException {
    StringBuilder controls = new StringBuilder();
    for (char c = 1; c < 0x20; c++) {
      controls.append(c);
    }
    // 80,000 chars: more than one buffer's worth, escaped
    String huge = "<&>\"é東\uD83D\uDE80".repeat(10_000);
    List<String> texts =
        List.of(
            "<b>Tom & \"Jerry's\"</b> ]]> tab\there\nline\r\nZürich 東京 \uD83D\uDE80 é \u007f",
            "back\\slash \u2028 \u2029 \uFEFF",
            huge,
            "");
    SameBytesFloor floor = SameBytesFloor.of(floorName);
    for (String text : texts) {
      FeatureCollection c = places(List.of(place("place.é-1_x", text), place("é", null)));
      assertEquals(
          new String(encode(floor.codec(), c), java.nio.charset.StandardCharsets.UTF_8),
          new String(encode(floor, c), java.nio.charset.StandardCharsets.UTF_8));
      assertArrayEquals(encode(floor.codec(), c), encode(floor, c));
    }
    if (!floorName.startsWith("gml")) {
      // JSON and FlatGeobuf carry every control character; XML 1.0 does not
      FeatureCollection c = places(List.of(place("1 a", controls.toString())));
      assertArrayEquals(encode(floor.codec(), c), encode(floor, c));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"gml2-floor", "gml32-floor", "geojson-floor", "flatgeobuf-floor"})
  void refusesWhatItsCodecRefuses(String floorName) throws IOException {
    SameBytesFloor floor = SameBytesFloor.of(floorName);
    List<FeatureCollection> bad = new ArrayList<>();
    bad.add(places(List.of(place("place.1", "lone \uD83D surrogate"))));
    bad.add(places(List.of(place("place.1", "trailing \uD83D"))));
    if (floorName.startsWith("flatgeobuf")) {
      bad.add(places(List.of(placeAt("place.1", Double.NaN))));
      bad.add(places(List.of(placeAt("place.1", Double.NEGATIVE_INFINITY))));
      bad.add(
          places(
              List.of(
                  new Feature(
                      "place.1",
                      new Object[] {1, "int for a long", null, null},
                      GEOMETRY.createPoint(new Coordinate(1, 2))))));
    }
    if (floorName.startsWith("gml")) {
      bad.add(places(List.of(place("place.1", "bell\u0007"))));
      bad.add(places(List.of(place("1 a", "bad id"))));
      bad.add(places(List.of(place("", "empty id"))));
      bad.add(places(List.of(place("r.<", "bad id"))));
    }
    for (FeatureCollection c : bad) {
      IllegalArgumentException expected =
          assertThrows(IllegalArgumentException.class, () -> encode(floor.codec(), c));
      IllegalArgumentException actual =
          assertThrows(IllegalArgumentException.class, () -> encode(floor, c));
      assertEquals(expected.getMessage(), actual.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"gml2-floor", "gml32-floor", "geojson-floor", "flatgeobuf-floor"})
  void writesTheCodecsBytesForEdgeGeometriesAndPaging(String floorName) throws IOException {
    SameBytesFloor floor = SameBytesFloor.of(floorName);
    FeatureType roads = new OsmMainroads().featureType();
    Object[] values = {1L, null, "primary", "E 18", true, 50, false, false};
    List<Feature> lines =
        List.of(
            // the extremes on every vertex in turn, ties, a negative zero, big and tiny ordinates
            line(values, "r.1", 1, 2, -0.0, 0.0, 3, -1, 3, 2),
            line(values, "r.2", -179.99999994, -89.9999999, 1e-9, 5e10, 179.9, 89.9),
            line(values, "r.3", 7, 7, 7, 7));
    FeatureCollection paged =
        FeatureCollection.of(roads, lines, TIME)
            .page(new FeatureCollection.Paging(99, "http://x/?a=1&b=\"2\"", "http://x/?n=<3>"));
    assertArrayEquals(encode(floor.codec(), paged), Conformance.check(floor, paged));
    FeatureCollection empty = FeatureCollection.of(roads, List.of(), TIME);
    assertArrayEquals(encode(floor.codec(), empty), encode(floor, empty));
  }

  @Test
  void isFoundOnlyByItsName() {
    assertEquals("gml32", SameBytesFloor.of("gml32-floor").codec().name());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SameBytesFloor.of("jts-gml2-floor"));
    assertEquals(
        "no same-bytes floor 'jts-gml2-floor'; there are gml2-floor, gml32-floor, geojson-floor,"
            + " flatgeobuf-floor",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> SameBytesFloor.of("gml2"));
  }

  private static Feature line(Object[] values, String id, double... xy) {
    Coordinate[] c = new Coordinate[xy.length / 2];
    for (int i = 0; i < c.length; i++) {
      c[i] = new Coordinate(xy[2 * i], xy[2 * i + 1]);
    }
    return new Feature(id, values.clone(), GEOMETRY.createLineString(c));
  }

  private static Feature place(String id, String name) {
    return new Feature(
        id,
        new Object[] {Long.MIN_VALUE, name, null, Integer.MIN_VALUE},
        GEOMETRY.createPoint(new Coordinate(-0.00000005, -89.99999999)));
  }

  private static Feature placeAt(String id, double x) {
    return new Feature(
        id, new Object[] {1L, "x", null, null}, GEOMETRY.createPoint(new Coordinate(x, 1)));
  }

  private static FeatureCollection places(List<Feature> features) {
    return FeatureCollection.of(new OsmPlaces().featureType(), features, TIME);
  }

  private static byte[] encode(GeoCodec codec, FeatureCollection c) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.encode(c, out);
    return out.toByteArray();
  }
}
