package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.data.OsmPlaces;

/**
 * The codec lays out each feature's FlatBuffer itself; it must be byte for byte what flatbuffers-
 * java's builder writes through the library's generated tables ({@link BuilderFeatures}, the
 * codec's writer before), whatever the properties' length (every alignment: 0 to 3 bytes of
 * padding, the doubles' 4-byte pad or none) and vertex count.
 */
class FlatGeobufLayoutTest {
  private static final Instant TIME = Instant.parse("2026-11-26T00:00:00Z");
  private static final GeometryFactory GEOMETRY = new GeometryFactory();

  static List<String> datasets() {
    return Datasets.registry().names();
  }

  @ParameterizedTest
  @MethodSource("datasets")
  void writesWhatTheLibrarysBuilderWritesForEveryDataset(String name) throws IOException {
    Dataset d = Datasets.get(name);
    assertSame(FeatureCollection.of(d.featureType(), d.take(1250), TIME));
  }

  @Test
  void writesWhatTheBuilderWritesAtEveryAlignment() throws IOException {
    List<Feature> features = new ArrayList<>();
    for (int chars = 0; chars < 24; chars++) {
      StringBuilder text = new StringBuilder(); // 1 to 4 UTF-8 bytes a step
      for (int i = 0; i < chars; i++) {
        text.append(List.of("x", "é", "東", "\uD83D\uDE80").get(i % 4));
      }
      features.add(
          new Feature(
              "p." + chars,
              new Object[] {
                (long) chars,
                text.toString(),
                chars % 2 == 0 ? null : "",
                chars % 3 == 0 ? null : chars
              },
              GEOMETRY.createPoint(new Coordinate(-0.0, chars * 1e-300))));
    }
    assertSame(FeatureCollection.of(new OsmPlaces().featureType(), features, TIME));
  }

  private static void assertSame(FeatureCollection c) throws IOException {
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    FlatGeobufCodec.writeHeader(c, 0, expected);
    BuilderFeatures builder = new BuilderFeatures(c.type());
    for (Feature f : c.features()) {
      builder.write(f, expected);
    }
    ByteArrayOutputStream actual = new ByteArrayOutputStream();
    new FlatGeobufCodec().encode(c, actual);
    assertArrayEquals(expected.toByteArray(), actual.toByteArray());
  }
}
