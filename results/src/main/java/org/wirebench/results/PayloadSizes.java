package org.wirebench.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code sizes.json}: what each benchmarked payload measured on the wire, recorded when the run
 * happened (so a report of an old run never recomputes it with today's encoders).
 *
 * @param formatVersion {@value #FORMAT_VERSION}
 * @param gzipLevel the deflate level gzip sizes were taken at (java.util.zip's default: 6)
 */
public record PayloadSizes(int formatVersion, int gzipLevel, List<Payload> payloads) {
  public static final int FORMAT_VERSION = 1;
  public static final String FILE = "sizes.json";

  /**
   * One payload.
   *
   * @param benchmark as in jmh.json's short name, e.g. GeoEncodingBenchmark.encode
   * @param params the benchmark parameters that produced it
   */
  public record Payload(String benchmark, Map<String, String> params, long bytes, long gzipBytes) {}

  /** The payload of this benchmark whose parameters include these, or null. */
  public Payload find(String benchmark, Map<String, String> params) {
    for (Payload p : payloads) {
      if (p.benchmark().equals(benchmark) && p.params().entrySet().containsAll(params.entrySet())) {
        return p;
      }
    }
    return null;
  }

  public void write(Path file) throws IOException {
    ResultFiles.JSON.writeValue(file.toFile(), this);
  }

  public static PayloadSizes read(Path file) throws IOException {
    return ResultFiles.bind(
        file, ResultFiles.readVersioned(file, FORMAT_VERSION), PayloadSizes.class);
  }
}
