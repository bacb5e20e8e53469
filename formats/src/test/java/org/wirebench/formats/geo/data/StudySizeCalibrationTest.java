package org.wirebench.formats.geo.data;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.GeoCodecs;

/**
 * 200 generated features must encode within 10% of the GeoServer study's response sizes (KiB): the
 * calibration that makes our timings comparable with its throughput figures.
 */
class StudySizeCalibrationTest {

  @ParameterizedTest(name = "{0} as {1}: {2} KiB")
  @CsvSource({
    "osm_mainroads, gml32, 230",
    "osm_mainroads, gml2, 150",
    "osm_mainroads, geojson, 150",
    "osm_places, gml32, 100",
    "osm_places, gml2, 70",
    "osm_places, geojson, 40"
  })
  void twoHundredFeaturesEncodeNearTheStudySize(String dataset, String codec, int studyKib)
      throws Exception {
    Dataset d = Datasets.get(dataset);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    GeoCodecs.get(codec)
        .encode(FeatureCollection.of(d.featureType(), d.take(200), Instant.EPOCH), out);
    double kib = out.size() / 1024.0;
    double deviation = kib / studyKib - 1;
    assertTrue(
        Math.abs(deviation) <= 0.10,
        String.format(
            "%s %s: %.1f KiB vs %d KiB (%+.1f%%)", dataset, codec, kib, studyKib, deviation * 100));
  }
}
