package org.wirebench.bench.geo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
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
import org.wirebench.server.http.ContentCoding;

/**
 * Records, when a run happens, what each encoded collection the run measured weighs raw, gzipped,
 * and in brotli and zstd as the fixture server codes them ({@link ContentCoding}'s levels): the
 * codings are not timed here, and a report must read the sizes of the encoders that ran, never
 * recompute them with today's. Gzip keeps java.util.zip's stream at level 6, as since version 1, so
 * old and new runs compare (the server's gzip is the same deflate level; its framing differs by a
 * few bytes).
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
    Map<String, String> codings = new LinkedHashMap<>();
    codings.put("gzip", "gzip (level " + GZIP_LEVEL + ", java.util.zip)");
    for (ContentCoding c : List.of(ContentCoding.BR, ContentCoding.ZSTD)) {
      codings.put(c.token(), c.describe());
    }
    return new PayloadSizes(
        PayloadSizes.FORMAT_VERSION, GZIP_LEVEL, codings, new ArrayList<>(out.values()));
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
    return new PayloadSizes.Payload(
        BENCHMARK,
        new java.util.TreeMap<>(key),
        raw.size(),
        gz.size(),
        coded(raw, ContentCoding.BR),
        coded(raw, ContentCoding.ZSTD));
  }

  /** {@code raw}'s size in {@code coding}, written in one piece and the coding ended. */
  private static long coded(ByteArrayOutputStream raw, ContentCoding coding) throws IOException {
    ByteArrayOutputStream coded = new ByteArrayOutputStream();
    try (OutputStream out = coding.encoder(coded)) {
      raw.writeTo(out);
    }
    return coded.size();
  }
}
