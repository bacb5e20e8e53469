package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;

/** RFC 8142 records: GDAL's sequence read back, and a cut or foreign record refused. */
class GeoJsonSeqCodecTest {
  private static final GeoCodec SEQ = new GeoJsonSeqCodec();
  private static final Charset UTF8 = StandardCharsets.UTF_8;

  private static List<Feature> decode(FeatureType type, byte[] bytes) throws IOException {
    return SEQ.decode(type, new ByteArrayInputStream(bytes));
  }

  @Test
  void everyFeatureIsOneRecordOfGeoJsonsFeature() throws Exception {
    FeatureCollection c = FlatGeobufCodecTest.first("helsinki_roads", 5);
    String seq = new String(FlatGeobufCodecTest.encode(SEQ, c), UTF8);
    String json = new String(FlatGeobufCodecTest.encode(new GeoJsonCodec(), c), UTF8);
    List<String> records = seq.lines().toList();
    assertEquals(5, records.size());
    for (String r : records) {
      assertEquals('\u001E', r.charAt(0));
      assertTrue(json.contains(r.substring(1)), r); // geojson's Feature object, byte for byte
    }
    assertTrue(seq.endsWith("}\n"));
  }

  @Test
  void readsASequenceGdalWrote() throws Exception {
    FeatureCollection c = FlatGeobufCodecTest.first("osm_places", 3);
    List<Feature> expected =
        new GeoJsonCodec()
            .decode(
                c.type(),
                new ByteArrayInputStream(FlatGeobufCodecTest.encode(new GeoJsonCodec(), c)));
    try (InputStream in = getClass().getResourceAsStream("gdal/osm_places-3.geojsons")) {
      Conformance.compare(SEQ, expected, SEQ.decode(c.type(), in));
    }
  }

  @Test
  void refusesCutAndForeignRecords() throws Exception {
    FeatureCollection c = FlatGeobufCodecTest.first("osm_places", 2);
    byte[] bytes = FlatGeobufCodecTest.encode(SEQ, c);
    assertEquals(2, decode(c.type(), bytes).size());
    // cut anywhere but at a record's end: refused (a whole record lost is not seen, RFC 7464)
    for (int n = 1; n < bytes.length; n++) {
      byte[] cut = java.util.Arrays.copyOf(bytes, n);
      if (bytes[n - 1] == '\n') {
        assertEquals(1, decode(c.type(), cut).size());
      } else {
        assertThrows(IOException.class, () -> decode(c.type(), cut), "cut at " + n);
      }
    }
    byte[] noRs = new String(bytes, UTF8).replace("\u001E", "").getBytes(UTF8);
    IOException e = assertThrows(IOException.class, () -> decode(c.type(), noRs));
    assertTrue(e.getMessage().contains("record separator"), e.getMessage());
    byte[] twoInOne = new String(bytes, UTF8).replaceFirst("\n\u001E", "\n").getBytes(UTF8);
    e = assertThrows(IOException.class, () -> decode(c.type(), twoInOne));
    assertTrue(e.getMessage().contains("more than one value"), e.getMessage());
  }
}
