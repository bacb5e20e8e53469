package org.wirebench.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.jetty.compression.Compression;
import org.eclipse.jetty.compression.brotli.BrotliCompression;
import org.eclipse.jetty.compression.brotli.BrotliEncoderConfig;
import org.eclipse.jetty.compression.gzip.GzipCompression;
import org.eclipse.jetty.compression.gzip.GzipEncoderConfig;
import org.eclipse.jetty.compression.zstandard.ZstandardCompression;
import org.eclipse.jetty.compression.zstandard.ZstandardEncoderConfig;
import org.eclipse.jetty.util.component.LifeCycle;

/**
 * The content codings (RFC 9110 §8.4.1) the fixture server sends, the load driver asks for and the
 * compression benchmark measures, each at the one level stated here: the server, the driver and the
 * benchmark all take their encoders from this enum, so what is measured is what is served.
 */
public enum ContentCoding {
  /** No coding: the body as the encoder wrote it. */
  IDENTITY("identity", 0),
  /** Deflate level 6: zlib's default, the level {@code sizes.json} records gzipped sizes at. */
  GZIP("gzip", 6),
  /**
   * Brotli quality 6, window 2^{@value #BROTLI_WINDOW_LOG}: nginx's brotli module's defaults for
   * bodies compressed per request. Jetty's own default, quality 11 (the slowest) and a 4 MiB
   * window, is meant for files compressed once ahead of time.
   */
  BR("br", 6),
  /** Zstandard level 3: the library's default level. */
  ZSTD("zstd", 3);

  /**
   * Bodies of a known length below this go out uncoded: with its head such an answer fits in one
   * 1,448-byte TCP segment coded or not, so compressing it saves no packet and only costs CPU.
   * Bodies whose length is not known before they are written (the streamed WFS answers) are coded
   * whatever their size.
   */
  public static final int MIN_COMPRESS_BYTES = 1024;

  /**
   * Brotli's window, log2 bytes: 512 KiB (nginx's default) instead of Jetty's 4 MiB, because every
   * response being compressed holds an encoder sized by it.
   */
  public static final int BROTLI_WINDOW_LOG = 19;

  /**
   * The codings that compress, in the server's order of preference when a client weighs two alike.
   */
  public static final List<ContentCoding> COMPRESSED = List.of(ZSTD, BR, GZIP);

  private static final Map<ContentCoding, Compression> SHARED = new EnumMap<>(ContentCoding.class);

  private final String token;
  private final int level;

  ContentCoding(String token, int level) {
    this.token = token;
    this.level = level;
  }

  /** The coding's name in {@code Accept-Encoding} and {@code Content-Encoding}. */
  public String token() {
    return token;
  }

  /** The level (brotli: quality) the server compresses at; 0 for identity. */
  public int level() {
    return level;
  }

  /** {@code token} and its level, e.g. "br (quality 6)", for logs and result files. */
  public String describe() {
    return switch (this) {
      case IDENTITY -> token;
      case BR -> token + " (quality " + level + ", window 2^" + BROTLI_WINDOW_LOG + ")";
      default -> token + " (level " + level + ")";
    };
  }

  /**
   * The coding named {@code token}, case-insensitive.
   *
   * @throws IllegalArgumentException naming the codings there are
   */
  public static ContentCoding of(String token) {
    for (ContentCoding c : values()) {
      if (c.token.equalsIgnoreCase(token.trim())) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "unknown content coding '" + token + "': identity, gzip, br or zstd");
  }

  /**
   * A new Jetty {@link Compression} for this coding at its level, for a server's {@code
   * CompressionHandler} (which owns and starts it).
   *
   * @throws IllegalStateException for identity, which has none
   */
  public Compression newCompression() {
    Compression c =
        switch (this) {
          case GZIP -> {
            GzipCompression gzip = new GzipCompression();
            GzipEncoderConfig config = new GzipEncoderConfig();
            config.setCompressionLevel(level);
            gzip.setDefaultEncoderConfig(config);
            yield gzip;
          }
          case BR -> {
            // before BrotliCompression, whose start loads brotli4j: no copy of its library left
            BrotliLibrary.load();
            BrotliCompression br = new BrotliCompression();
            BrotliEncoderConfig config = new BrotliEncoderConfig();
            config.setCompressionLevel(level);
            config.setLgWindow(BROTLI_WINDOW_LOG);
            br.setDefaultEncoderConfig(config);
            yield br;
          }
          case ZSTD -> {
            ZstandardCompression zstd = new ZstandardCompression();
            ZstandardEncoderConfig config = new ZstandardEncoderConfig();
            config.setCompressionLevel(level);
            zstd.setDefaultEncoderConfig(config);
            yield zstd;
          }
          case IDENTITY -> throw new IllegalStateException("identity has no compression");
        };
    c.setMinCompressSize(MIN_COMPRESS_BYTES);
    return c;
  }

  /** A stream that writes {@code out} in this coding, at its level; close it to end the coding. */
  public OutputStream encoder(OutputStream out) throws IOException {
    return this == IDENTITY ? out : shared().newEncoderOutputStream(out);
  }

  /** A stream that reads {@code in}, which is in this coding, decoded. */
  public InputStream decoder(InputStream in) throws IOException {
    return this == IDENTITY ? in : shared().newDecoderInputStream(in);
  }

  /**
   * One started instance a coding for the streams (a ZstandardCompression holds a Cleaner thread
   * each: never one a call).
   */
  private Compression shared() {
    synchronized (SHARED) {
      return SHARED.computeIfAbsent(
          this,
          c -> {
            Compression compression = c.newCompression();
            LifeCycle.start(compression);
            return compression;
          });
    }
  }

  @Override
  public String toString() {
    return token.toLowerCase(Locale.ROOT);
  }
}
