package ${package};

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;

/**
 * What the codec writes for a few known features, against an approved copy: the round trip alone
 * lets through a mistake the decoder undoes (lon and lat swapped both ways, a unit, a sign). The
 * goldens under {@code src/test/resources/golden/<codec>/} were checked by eye against wirebench's
 * own (GeoJSON, lon before lat); after an intended change, or for a new codec, run {@code ./mvnw
 * test -Dwirebench.updateGoldens=true}, check the written files the same way, and commit them.
 */
class CsvCodecGoldenTest {
  static final String CODEC = "csv";
  static final int COUNT = 3;

  @ParameterizedTest
  @ValueSource(strings = {"osm_places", "osm_mainroads"})
  void writesTheApprovedBytes(String datasetName) throws IOException {
    GeoCodec codec = GeoCodecs.get(CODEC);
    Dataset dataset = Datasets.get(datasetName);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.encode(
        FeatureCollection.of(dataset.featureType(), dataset.take(COUNT), Instant.EPOCH), out);
    byte[] actual = out.toByteArray();
    Path golden =
        Path.of("src/test/resources/golden", CODEC, datasetName + "." + codec.fileExtension());
    if (Boolean.getBoolean("wirebench.updateGoldens")) {
      Files.createDirectories(golden.getParent());
      Files.write(golden, actual);
    }
    if (!Files.exists(golden)) {
      fail(golden + " is missing: write it with -Dwirebench.updateGoldens=true and check it");
    }
    byte[] expected = Files.readAllBytes(golden);
    int at = firstDifference(expected, actual);
    if (at >= 0) {
      fail(
          codec.name()
              + " writes the first "
              + COUNT
              + " features of "
              + datasetName
              + " differently from the approved "
              + golden
              + ", from byte "
              + at
              + ": expected line '"
              + lineAt(expected, at)
              + "', written '"
              + lineAt(actual, at)
              + "'; if intended, rewrite it with -Dwirebench.updateGoldens=true and check it");
    }
  }

  private static int firstDifference(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) {
      if (a[i] != b[i]) {
        return i;
      }
    }
    return a.length == b.length ? -1 : n;
  }

  /** The line holding byte {@code at}, as text (a binary codec's shows as its bytes' UTF-8). */
  private static String lineAt(byte[] bytes, int at) {
    int start = Math.min(at, bytes.length);
    while (start > 0 && bytes[start - 1] != '\n') {
      start--;
    }
    int end = Math.min(at, bytes.length);
    while (end < bytes.length && bytes[end] != '\n' && bytes[end] != '\r') {
      end++;
    }
    return new String(bytes, start, end - start, StandardCharsets.UTF_8);
  }
}
