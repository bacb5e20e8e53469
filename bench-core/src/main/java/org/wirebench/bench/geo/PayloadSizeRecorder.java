package org.wirebench.bench.geo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.SameBytesFloor;
import org.wirebench.results.JmhResult;
import org.wirebench.results.PayloadSizes;

/**
 * Records, when a run happens, what each encoded collection the run measured weighs raw and
 * gzipped: gzip is not timed, and a report must read the sizes of the encoders that ran, never
 * recompute them with today's.
 */
public final class PayloadSizeRecorder {
  private static final String BENCHMARK = GeoEncodingBenchmark.ENCODE.name();

  /** GZIPOutputStream's level: zlib's default, what a server's gzip filter usually uses. */
  private static final int GZIP_LEVEL = 6;

  private PayloadSizeRecorder() {}

  /** One entry per distinct dataset × codec × count among {@code results}. */
  public static PayloadSizes record(List<JmhResult> results) throws IOException {
    Map<Map<String, String>, PayloadSizes.Payload> out = new LinkedHashMap<>();
    for (JmhResult r : results) {
      if (!r.name().equals(BENCHMARK)) {
        continue;
      }
      Map<String, String> key =
          Map.of(
              "dataset", r.param("dataset"), "codec", r.param("codec"), "count", r.param("count"));
      if (!out.containsKey(key)) {
        out.put(key, measure(key));
      }
    }
    return new PayloadSizes(PayloadSizes.FORMAT_VERSION, GZIP_LEVEL, new ArrayList<>(out.values()));
  }

  private static PayloadSizes.Payload measure(Map<String, String> key) throws IOException {
    Dataset d = Datasets.get(key.get("dataset"));
    FeatureCollection c =
        FeatureCollection.of(
            d.featureType(), d.take(Integer.parseInt(key.get("count"))), Instant.EPOCH);
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    SameBytesFloor.codecOrFloor(key.get("codec")).encode(c, raw);
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      raw.writeTo(out);
    }
    return new PayloadSizes.Payload(BENCHMARK, new java.util.TreeMap<>(key), raw.size(), gz.size());
  }
}
