package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wololo.flatgeobuf.ColumnMeta;
import org.wololo.flatgeobuf.HeaderMeta;
import org.wololo.flatgeobuf.PackedRTree;
import org.wololo.flatgeobuf.generated.ColumnType;
import org.wololo.flatgeobuf.generated.GeometryType;

/**
 * FlatGeobuf beyond the shared conformance checks: files GDAL wrote read back as the features GDAL
 * was given, the header and index as the library's own reader and search see them, a broken index
 * refused, and no cut or corrupted file escaping as anything but an IOException.
 */
class FlatGeobufCodecTest {
  private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");
  private static final GeoCodec PLAIN = new FlatGeobufCodec();
  private static final GeoCodec INDEXED = new FlatGeobufIndexedCodec();

  static byte[] encode(GeoCodec codec, FeatureCollection c) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.encode(c, out);
    return out.toByteArray();
  }

  static FeatureCollection first(String dataset, int n) {
    Dataset d = Datasets.get(dataset);
    return FeatureCollection.of(d.featureType(), d.take(n), T);
  }

  /** The library's header reader takes the buffer's byte order as it is; FlatGeobuf's is LE. */
  private static ByteBuffer littleEndian(byte[] bytes) {
    return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static InputStream resource(String name) {
    return FlatGeobufCodecTest.class.getResourceAsStream("gdal/" + name);
  }

  /** What GDAL read: the features of our GeoJSON, decoded by our GeoJSON reader. */
  private static List<Feature> viaGeoJson(FeatureCollection c) throws IOException {
    return new GeoJsonCodec()
        .decode(c.type(), new ByteArrayInputStream(encode(new GeoJsonCodec(), c)));
  }

  @Test
  void readsAFileGdalWroteWithItsIndex() throws Exception {
    FeatureCollection c = first("helsinki_pois", 40);
    List<Feature> read;
    try (InputStream in = resource("helsinki_pois-40.fgb")) {
      read = INDEXED.decode(c.type(), in);
    }
    assertNotEquals(c.features().get(0).id(), read.get(0).id(), "GDAL's Hilbert order");
    Conformance.compare(INDEXED, viaGeoJson(c), read); // by id, every bit of every ordinate
  }

  @Test
  void readsAFileGdalWroteWithoutIndexWithItsNulls() throws Exception {
    FeatureCollection c = first("osm_mainroads", 3);
    List<Feature> read;
    try (InputStream in = resource("osm_mainroads-3.fgb")) {
      read = PLAIN.decode(c.type(), in);
    }
    Conformance.compare(PLAIN, viaGeoJson(c), read);
    int ref = c.type().indexOf("ref");
    assertNull(read.get(0).value(ref), "GeoJSON's null, left out by GDAL, read as absent");
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void theLibrarysReaderSeesOurHeader(boolean indexed) throws Exception {
    FeatureCollection c = first("osm_mainroads", 20);
    HeaderMeta h = HeaderMeta.read(littleEndian(encode(indexed ? INDEXED : PLAIN, c)));
    assertEquals(GeometryType.LineString, h.geometryType);
    assertEquals(4326, h.srid);
    assertEquals(20, h.featuresCount);
    assertEquals(indexed ? 16 : 0, h.indexNodeSize);
    assertEquals(c.bounds(), h.envelope);
    List<String> columns = new ArrayList<>();
    for (ColumnMeta m : h.columns) {
      columns.add(m.name + ":" + ColumnType.name(m.type) + (m.nullable ? "?" : ""));
    }
    assertEquals(
        List.of(
            "id:String",
            "osm_id:Long",
            "name:String?",
            "type:String",
            "ref:String?",
            "oneway:Bool",
            "maxspeed:Int?",
            "bridge:Bool",
            "tunnel:Bool"),
        columns);
  }

  /** Each feature's own box, searched with the library's R-tree search, finds that feature. */
  @Test
  void theLibrarysSearchFindsEveryFeatureThroughOurIndex() throws Exception {
    FeatureCollection c = first("helsinki_roads", 500);
    byte[] bytes = encode(INDEXED, c);
    HeaderMeta h = HeaderMeta.read(littleEndian(bytes));
    int n = (int) h.featuresCount;
    int featuresStart = h.offset + (int) PackedRTree.calcSize(n, h.indexNodeSize);
    List<Feature> read = INDEXED.decode(c.type(), new ByteArrayInputStream(bytes));
    ByteBuffer bb = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    List<Long> offsets = new ArrayList<>();
    for (long at = 0; offsets.size() < n; at += 4 + bb.getInt(featuresStart + (int) at)) {
      offsets.add(at);
    }
    for (int i = 0; i < n; i++) {
      Envelope box = read.get(i).geometry().getEnvelopeInternal();
      Set<Long> hits = new HashSet<>();
      for (PackedRTree.SearchHit hit : PackedRTree.search(bb, h.offset, n, h.indexNodeSize, box)) {
        hits.add(hit.offset);
      }
      assertTrue(hits.contains(offsets.get(i)), "feature " + read.get(i).id() + " not found");
    }
    Envelope all = c.bounds();
    assertEquals(n, PackedRTree.search(bb, h.offset, n, h.indexNodeSize, all).size());
  }

  @Test
  void anIndexThatDoesNotMatchItsFeaturesIsRefused() throws Exception {
    FeatureCollection c = first("helsinki_roads", 40);
    byte[] bytes = encode(INDEXED, c);
    int tree = HeaderMeta.read(littleEndian(bytes)).offset;
    // 40 leaves under 3 nodes under the root: leaf 0 is node 4, 40 bytes a node
    byte[] leaf = bytes.clone();
    ByteBuffer.wrap(leaf).order(ByteOrder.LITTLE_ENDIAN).putDouble(tree + 4 * 40, 0.0);
    IOException e = assertThrows(IOException.class, () -> decode(INDEXED, c.type(), leaf));
    assertTrue(e.getMessage().contains("index leaf 0"), e.getMessage());
    byte[] inner = bytes.clone();
    ByteBuffer.wrap(inner).order(ByteOrder.LITTLE_ENDIAN).putLong(tree + 32, 2);
    e = assertThrows(IOException.class, () -> decode(INDEXED, c.type(), inner));
    assertTrue(e.getMessage().contains("index node 0"), e.getMessage());
  }

  private static List<Feature> decode(GeoCodec codec, FeatureType type, byte[] bytes)
      throws IOException {
    return codec.decode(type, new ByteArrayInputStream(bytes));
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void everyCutFileIsRefused(boolean indexed) throws Exception {
    GeoCodec codec = indexed ? INDEXED : PLAIN;
    FeatureCollection c = first("osm_places", 3);
    byte[] bytes = encode(codec, c);
    for (int n = 0; n < bytes.length; n++) {
      byte[] cut = java.util.Arrays.copyOf(bytes, n);
      assertThrows(IOException.class, () -> decode(codec, c.type(), cut), "cut at " + n);
    }
  }

  /**
   * Every byte of a file flipped in turn: the decoder reads a (different) feature or says why it
   * cannot, with an IOException; never another exception, never an allocation the bytes do not
   * justify.
   */
  @ParameterizedTest
  @ValueSource(strings = {"ours", "ours, indexed", "GDAL's, indexed"})
  void corruptBytesOnlyEverGiveIoExceptions(String file) throws Exception {
    GeoCodec codec = file.endsWith("indexed") ? INDEXED : PLAIN;
    FeatureType type = Datasets.get("osm_mainroads").featureType();
    byte[] bytes = encode(codec, first("osm_mainroads", 2));
    if (file.startsWith("GDAL")) {
      type = Datasets.get("helsinki_pois").featureType();
      try (InputStream in = resource("helsinki_pois-40.fgb")) {
        bytes = in.readAllBytes();
      }
    }
    // GDAL's file is 8.7 KB: one flip in every third byte keeps this test within seconds
    boolean gdal = file.startsWith("GDAL");
    int[] flips = gdal ? new int[] {0x80} : new int[] {0xFF, 0x80, 0x01};
    for (int i = 0; i < bytes.length; i += gdal ? 3 : 1) {
      for (int flip : flips) {
        byte[] bad = bytes.clone();
        bad[i] ^= (byte) flip;
        try {
          decode(codec, type, bad);
        } catch (IOException expected) {
          // refused with a reason
        } catch (RuntimeException | Error e) {
          fail("byte " + i + " ^ " + flip + ": " + e, e);
        }
      }
    }
  }

  @Test
  void refusesWhatItCannotWriteFaithfully() {
    FeatureCollection places = first("osm_places", 1);
    FeatureType type = places.type();
    GeometryFactory g = new GeometryFactory();
    Feature nan =
        new Feature(
            "p.1", new Object[] {1L, "x", "city", 1}, g.createPoint(new Coordinate(1, Double.NaN)));
    assertRefused(PLAIN, FeatureCollection.of(type, List.of(nan), T), "finite ordinates only");
    assertRefused(INDEXED, FeatureCollection.of(type, List.of(nan), T), "finite ordinates only");
    Feature surrogate =
        new Feature(
            "p.1", new Object[] {1L, "a\uD800", "city", 1}, g.createPoint(new Coordinate(1, 2)));
    assertRefused(PLAIN, FeatureCollection.of(type, List.of(surrogate), T), "lone surrogate");
    Feature intForLong =
        new Feature("p.1", new Object[] {1, "x", "city", 1}, g.createPoint(new Coordinate(1, 2)));
    assertRefused(
        PLAIN, FeatureCollection.of(type, List.of(intForLong), T), "osm_id holds a Integer");
    Feature line =
        new Feature(
            "p.1",
            new Object[] {1L, "x", "city", 1},
            g.createLineString(new Coordinate[] {new Coordinate(1, 2), new Coordinate(3, 4)}));
    assertRefused(PLAIN, FeatureCollection.of(type, List.of(line), T), "has a LineString");
    FeatureType withId =
        FeatureType.of(
            "t",
            type.geometryKind(),
            org.wirebench.formats.geo.Attribute.required(
                "id", org.wirebench.formats.geo.AttributeType.STRING));
    assertRefused(
        PLAIN,
        FeatureCollection.of(
            withId,
            List.of(new Feature("p.1", new Object[] {"x"}, g.createPoint(new Coordinate(1, 2)))),
            T),
        "attribute named 'id'");
  }

  private static void assertRefused(GeoCodec codec, FeatureCollection c, String why) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> encode(codec, c));
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  @Test
  void refusesAFileOfAnotherType() throws Exception {
    byte[] places = encode(PLAIN, first("osm_places", 2));
    IOException e =
        assertThrows(
            IOException.class,
            () -> decode(PLAIN, Datasets.get("helsinki_pois").featureType(), places));
    assertTrue(e.getMessage().contains("'population' is not an attribute"), e.getMessage());
    byte[] roads = encode(PLAIN, first("osm_mainroads", 2));
    e =
        assertThrows(
            IOException.class,
            () -> decode(PLAIN, Datasets.get("osm_places").featureType(), roads));
    assertTrue(e.getMessage().contains("geometry type 2"), e.getMessage());
  }
}
