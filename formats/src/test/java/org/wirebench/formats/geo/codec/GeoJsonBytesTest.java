package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.data.OsmPlaces;

/**
 * GeoJsonCodec writes its bytes itself; they must stay the bytes Jackson's default UTF-8 generator
 * writes for the same document, whatever the text: each string here is written by both and compared
 * byte for byte (Jackson is the independent reference: the same-bytes floor shares the codec's
 * escaping).
 */
class GeoJsonBytesTest {
  private static final FeatureType TYPE = new OsmPlaces().featureType();

  private static String allAscii() {
    StringBuilder b = new StringBuilder();
    for (char c = 0; c < 0x80; c++) {
      b.append(c);
    }
    return b.toString();
  }

  /** A string longer than the writer's buffer with a surrogate pair across every 16 KiB edge. */
  private static String longWithPairs() {
    StringBuilder b = new StringBuilder();
    while (b.length() < 70_000) {
      b.append("ab\u00e9\u6771\uD83D\uDE80\"\\\n");
    }
    return b.toString();
  }

  private static FeatureCollection collection(String name, String id) {
    Feature f =
        new Feature(
            id,
            new Object[] {Long.MIN_VALUE, name, null, Integer.MAX_VALUE},
            new GeometryFactory().createPoint(new Coordinate(24.9384, 60.1699)));
    return FeatureCollection.of(TYPE, List.of(f, f), Instant.EPOCH);
  }

  /** The document as the codec wrote it with Jackson's generator. */
  private static byte[] jackson(FeatureCollection c) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeStringField("type", "FeatureCollection");
      g.writeArrayFieldStart("features");
      for (Feature f : c.features()) {
        g.writeStartObject();
        g.writeStringField("type", "Feature");
        g.writeStringField("id", f.id());
        g.writeFieldName("geometry");
        g.writeStartObject();
        g.writeStringField("type", "Point");
        g.writeFieldName("coordinates");
        g.writeRawValue("[24.9384,60.1699]");
        g.writeEndObject();
        g.writeObjectFieldStart("properties");
        for (int i = 0; i < TYPE.attributes().size(); i++) {
          g.writeFieldName(TYPE.attributes().get(i).name());
          Object v = f.value(i);
          if (v == null) {
            g.writeNull();
          } else if (v instanceof String s) {
            g.writeString(s);
          } else if (v instanceof Long l) {
            g.writeNumber(l);
          } else {
            g.writeNumber((Integer) v);
          }
        }
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    return out.toByteArray();
  }

  private static byte[] ours(FeatureCollection c) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new GeoJsonCodec().encode(c, out);
    return out.toByteArray();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "plain",
        "Zürich 東京 \uD83D\uDE80 é \u2028\u2029 \u007f \uFEFF \uFFFD",
        "<b>Tom & \"Jerry's\"</b> back\\slash /slash"
      })
  void theBytesAreJacksons(String name) throws Exception {
    FeatureCollection c = collection(name, "place." + name);
    byte[] ours = ours(c);
    assertArrayEquals(jackson(c), ours, () -> new String(ours, StandardCharsets.UTF_8));
  }

  @Test
  void everyAsciiCharacterIsEscapedAsJacksonDoes() throws Exception {
    FeatureCollection c = collection(allAscii(), allAscii());
    assertArrayEquals(jackson(c), ours(c));
  }

  @Test
  void aStringLongerThanTheBufferKeepsItsPairsWhole() throws Exception {
    String text = longWithPairs();
    for (int shift = 0; shift < 8; shift++) { // the pairs fall on every offset of a chunk's edge
      FeatureCollection c = collection("x".repeat(shift) + text, "place.1");
      assertArrayEquals(jackson(c), ours(c), "shift " + shift);
    }
  }

  @Test
  void aLoneSurrogateIsRefusedWhereverItIs() {
    for (String bad : List.of("\uD83D", "a\uDE80b", "end \uD83D", "x".repeat(20_000) + "\uDE80")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> ours(collection(bad, "place.1")),
              () -> "accepted " + bad.length() + " chars");
      assertTrue(e.getMessage().contains("lone surrogate"), e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> ours(collection("ok", bad)));
    }
  }
}
