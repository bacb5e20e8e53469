package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureCollection;

/**
 * The first {@value #COUNT} features of every dataset, in every codec, against the shared golden
 * payloads under the root {@code src/test/golden}: any change to an encoder's bytes shows up here
 * as a diff. After an intended change, regenerate with {@code ./mvnw -pl formats test
 * -Dwirebench.updateGoldens=true} and review the diff.
 */
class GoldenPayloadTest {
  static final int COUNT = 3;
  static final Instant TIME_STAMP = Instant.parse("2026-01-01T00:00:00Z");

  static Stream<Arguments> payloads() {
    return Datasets.registry().all().stream()
        .flatMap(d -> GeoCodecs.registry().names().stream().map(c -> Arguments.of(d.name(), c)));
  }

  @ParameterizedTest(name = "{0}.{1}")
  @MethodSource("payloads")
  void matchesGolden(String datasetName, String codecName) throws Exception {
    Dataset dataset = Datasets.get(datasetName);
    GeoCodec codec = GeoCodecs.get(codecName);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.encode(FeatureCollection.of(dataset.featureType(), dataset.take(COUNT), TIME_STAMP), out);
    Path golden = goldenDir().resolve(datasetName + "." + codecName + "." + codec.fileExtension());
    if (Boolean.getBoolean("wirebench.updateGoldens")) {
      Files.createDirectories(golden.getParent());
      Files.write(golden, out.toByteArray());
    }
    // a codec just added has none yet: say how to make them rather than NoSuchFileException
    assertTrue(
        Files.isRegularFile(golden),
        "no golden "
            + golden
            + " for codec "
            + codecName
            + " yet: write them with ./mvnw -q -pl formats test -Dtest=GoldenPayloadTest"
            + " -Dwirebench.updateGoldens=true and read them before committing");
    assertSameBytes(golden, Files.readAllBytes(golden), out.toByteArray());
  }

  /**
   * Byte for byte (FlatGeobuf is binary: read as text, bytes that are not UTF-8 would all compare
   * equal as U+FFFD); a text payload that differs is shown as a text diff first.
   */
  static void assertSameBytes(Path golden, byte[] expected, byte[] actual) {
    String why = golden + " differs; if intended, regenerate with -Dwirebench.updateGoldens=true";
    if (!Arrays.equals(expected, actual)) {
      assertEquals(
          new String(expected, StandardCharsets.UTF_8),
          new String(actual, StandardCharsets.UTF_8),
          why);
    }
    assertArrayEquals(expected, actual, why);
  }

  static Path goldenDir() {
    String root = System.getProperty("wirebench.root");
    Path base = root == null ? Path.of("..") : Path.of(root);
    return base.resolve("src/test/golden");
  }
}
