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
 * calibration that makes our timings comparable with its throughput figures. One known difference
 * is added to the study's size rather than hidden in the tolerance: our GML 3.2 names the CRS on
 * every feature's envelope ({@code srsName="urn:ogc:def:crs:EPSG::4326"}, 38 bytes a feature, as
 * WFS clients expect and GeoServer writes), added after the generator was calibrated: osm_places is
 * 17% above the study's 100 KiB with it (docs/results.md says so beside the figures).
 */
class StudySizeCalibrationTest {

  @ParameterizedTest(name = "{0} as {1}: {2} KiB")
  @CsvSource({
    "osm_mainroads, gml32, 230, 38",
    "osm_mainroads, gml2, 150, 0",
    "osm_mainroads, geojson, 150, 0",
    "osm_places, gml32, 100, 38",
    "osm_places, gml2, 70, 0",
    "osm_places, geojson, 40, 0"
  })
  void twoHundredFeaturesEncodeNearTheStudySize(
      String dataset, String codec, int studyKib, int srsNameBytesPerFeature) throws Exception {
    Dataset d = Datasets.get(dataset);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    GeoCodecs.get(codec)
        .encode(FeatureCollection.of(d.featureType(), d.take(200), Instant.EPOCH), out);
    double kib = out.size() / 1024.0;
    double expectedKib = studyKib + 200 * srsNameBytesPerFeature / 1024.0;
    double deviation = kib / expectedKib - 1;
    assertTrue(
        Math.abs(deviation) <= 0.10,
        String.format(
            "%s %s: %.1f KiB vs %.1f KiB (%+.1f%%)",
            dataset, codec, kib, expectedKib, deviation * 100));
  }
}
