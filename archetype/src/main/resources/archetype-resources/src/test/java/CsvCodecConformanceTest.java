package ${package};

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.Conformance;
import org.wirebench.formats.geo.codec.ConformanceException;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;

/**
 * The checks wirebench runs on every codec before it times it, run on ours: found through the
 * registry, and on every registered dataset its output (schema-validated when {@code xmlSchema()}
 * names one) reads back to the same ids, attributes and positions.
 */
class CsvCodecConformanceTest {

  static Stream<Dataset> datasets() {
    return Datasets.registry().all().stream();
  }

  @Test
  void isRegisteredBesideTheBuiltIns() {
    assertInstanceOf(CsvCodec.class, GeoCodecs.get("csv"));
    assertEquals(true, GeoCodecs.registry().names().contains("gml32"));
  }

  @ParameterizedTest
  @MethodSource("datasets")
  void roundTripsEveryDataset(Dataset dataset) throws IOException {
    FeatureCollection collection =
        FeatureCollection.of(dataset.featureType(), dataset.take(200), Instant.EPOCH);
    byte[] checked = Conformance.check(GeoCodecs.get("csv"), collection);
    ByteArrayOutputStream again = new ByteArrayOutputStream();
    GeoCodecs.get("csv").encode(collection, again);
    assertArrayEquals(checked, again.toByteArray(), "the timed bytes must be the checked bytes");
  }

  @Test
  void aChangedValueIsCaught() throws IOException {
    Dataset dataset = Datasets.get("osm_places");
    List<Feature> features = dataset.take(3);
    GeoCodec codec = GeoCodecs.get("csv");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.encode(FeatureCollection.of(dataset.featureType(), features, Instant.EPOCH), out);
    String text = out.toString(StandardCharsets.UTF_8);
    String lastRow = text.substring(text.lastIndexOf("\r\n", text.length() - 3) + 2);
    String changed = text.replace(lastRow, lastRow.replaceFirst("^[^,]*", "not-the-id"));
    assertThrows(
        ConformanceException.class,
        () ->
            Conformance.verify(
                codec,
                dataset.featureType(),
                features,
                changed.getBytes(StandardCharsets.UTF_8)));
  }
}
