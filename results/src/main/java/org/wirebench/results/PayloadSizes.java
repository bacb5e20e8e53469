package org.wirebench.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code sizes.json}: what each benchmarked payload measured on the wire, recorded when the run
 * happened (so a report of an old run never recomputes it with today's encoders).
 *
 * <p>Version 2 adds each payload's brotli and zstd sizes and the codings' levels; a version 1 file
 * reads with those null (not recorded), never zero.
 *
 * @param formatVersion 1 or {@value #FORMAT_VERSION}
 * @param gzipLevel the deflate level gzip sizes were taken at (java.util.zip's default: 6)
 * @param codings since version 2: each compressed size's coding as the server sends it, token →
 *     level, e.g. {@code "br" → "br (quality 6, window 2^19)"}; null in version 1
 */
public record PayloadSizes(
    int formatVersion, int gzipLevel, Map<String, String> codings, List<Payload> payloads) {
  public static final int FORMAT_VERSION = 2;
  public static final String FILE = "sizes.json";

  /** A version 1 file's shape: raw and gzip sizes only. */
  public PayloadSizes(int formatVersion, int gzipLevel, List<Payload> payloads) {
    this(formatVersion, gzipLevel, null, payloads);
  }

  /**
   * One payload.
   *
   * @param benchmark as in jmh.json's short name, e.g. GeoEncodingBenchmark.encode
   * @param params the benchmark parameters that produced it
   * @param brBytes brotli-coded, at the level in {@link #codings}; null where not recorded (v1)
   * @param zstdBytes zstd-coded, likewise
   */
  public record Payload(
      String benchmark,
      Map<String, String> params,
      long bytes,
      long gzipBytes,
      Long brBytes,
      Long zstdBytes) {
    /** Raw and gzip sizes only, as version 1 recorded them. */
    public Payload(String benchmark, Map<String, String> params, long bytes, long gzipBytes) {
      this(benchmark, params, bytes, gzipBytes, null, null);
    }

    /**
     * The size in a content coding by its token (identity, gzip, br, zstd); null where the run did
     * not record it.
     *
     * @throws IllegalArgumentException for any other token
     */
    public Long coded(String coding) {
      return switch (coding) {
        case "identity" -> bytes;
        case "gzip" -> gzipBytes;
        case "br" -> brBytes;
        case "zstd" -> zstdBytes;
        default ->
            throw new IllegalArgumentException("no recorded size for coding '" + coding + "'");
      };
    }
  }

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
    PayloadSizes s =
        ResultFiles.bind(file, ResultFiles.readVersioned(file, FORMAT_VERSION), PayloadSizes.class);
    s.check(file);
    return s;
  }

  /**
   * The most any of the codings makes of {@code raw} bytes: each falls back to storing what does
   * not compress, adding a few bytes a block and a frame's head and trailer (deflate 5 bytes per 64
   * KiB block and 18 of gzip's; zstd's bound is raw + raw/256 + its frame; brotli's less). A coded
   * size beyond this bound was not measured from that payload.
   */
  static long codedBound(long raw) {
    return raw + raw / 128 + 64;
  }

  /**
   * Refuses a size the report would divide by or print as measured (a raw size of -5 bytes read
   * "gzip -8026.200 of it"), and a payload given twice ({@link #find} would show only the first).
   */
  private void check(Path file) throws IOException {
    if (payloads == null) {
      throw new UnreadableRunException(file + ": no payloads");
    }
    Fields f = Fields.of(file);
    // deflate's levels: 0 (stored) to 9; the writer records the level it used
    f.atLeast("gzipLevel", gzipLevel, 0);
    f.atMost("gzipLevel", gzipLevel, 9);
    if (formatVersion < 2) {
      f.absent("codings", codings, formatVersion);
    } else if (codings != null) {
      for (String coding : codings.keySet()) {
        f.oneOf("codings", coding, List.of("gzip", "br", "zstd"));
      }
    }
    java.util.Set<String> keys = new java.util.HashSet<>();
    for (Payload p : payloads) {
      if (p == null || p.benchmark() == null || p.params() == null) {
        throw new UnreadableRunException(file + ": a payload without its benchmark or params");
      }
      String key = p.benchmark() + " " + new java.util.TreeMap<>(p.params());
      if (!keys.add(key)) {
        throw new UnreadableRunException(file + ": payload " + key + " appears twice");
      }
      for (Long size :
          java.util.Arrays.asList(p.bytes(), p.gzipBytes(), p.brBytes(), p.zstdBytes())) {
        if (size != null && size <= 0) {
          throw new UnreadableRunException(
              file + ": payload " + key + " has a size of " + size + " bytes, not above 0");
        }
      }
      Fields pf = f.in("payload " + key);
      if (formatVersion < 2) {
        pf.absent("brBytes", p.brBytes(), formatVersion);
        pf.absent("zstdBytes", p.zstdBytes(), formatVersion);
      }
      pf.atMost("gzipBytes", p.gzipBytes(), codedBound(p.bytes()));
      if ((p.brBytes() != null || p.zstdBytes() != null) && codings == null) {
        // a brotli or zstd size means nothing without the level it was coded at
        throw f.refuse("codings", "is missing, but payload " + key + " has brotli or zstd sizes");
      }
      if (p.brBytes() != null) {
        pf.atMost("brBytes", p.brBytes(), codedBound(p.bytes()));
      }
      if (p.zstdBytes() != null) {
        pf.atMost("zstdBytes", p.zstdBytes(), codedBound(p.bytes()));
      }
    }
  }
}
