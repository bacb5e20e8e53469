package org.wirebench.formats.geo.codec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureCollection;

/** Every registered codec over every registered dataset, through the same checks. */
class CodecConformanceTest {
  /** Enough to cover every attribute mix; the real datasets run in full. */
  private static final int GENERATED_COUNT = 500;

  static Stream<Arguments> codecsAndDatasets() {
    return GeoCodecs.registry().all().stream()
        .flatMap(
            codec ->
                Datasets.registry().all().stream().map(d -> Arguments.of(codec.name(), d.name())));
  }

  @ParameterizedTest(name = "{0} over {1}")
  @MethodSource("codecsAndDatasets")
  void encodesValidlyAndRoundTrips(String codecName, String datasetName) throws Exception {
    GeoCodec codec = GeoCodecs.get(codecName);
    Dataset dataset = Datasets.get(datasetName);
    FeatureCollection collection =
        FeatureCollection.of(
            dataset.featureType(),
            dataset.take(Math.min(dataset.size(), GENERATED_COUNT * 5 / 2)),
            Instant.parse("2026-11-22T00:00:00Z"));
    byte[] bytes = Conformance.check(codec, collection);
    assertTrue(bytes.length > 0);
  }

  @ParameterizedTest(name = "{0} over an empty collection")
  @MethodSource("codecNames")
  void encodesAnEmptyCollection(String codecName) throws Exception {
    Dataset dataset = Datasets.get("osm_places");
    Conformance.check(
        GeoCodecs.get(codecName),
        FeatureCollection.of(dataset.featureType(), java.util.List.of(), Instant.EPOCH));
  }

  static Stream<String> codecNames() {
    return GeoCodecs.registry().names().stream();
  }
}
