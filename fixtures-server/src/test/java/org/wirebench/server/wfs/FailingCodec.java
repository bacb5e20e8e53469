package org.wirebench.server.wfs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.WfsOutputFormat;

/**
 * Test-only codecs (registered for this module's tests) that fail while the server streams their
 * output: before the first byte, or after 300 KB, past the first 256 KiB network write; the closing
 * ones close the stream they were given as they fail, as a try-with-resources or a JSON generator
 * that closes its target does.
 */
public abstract class FailingCodec implements GeoCodec {
  private final String name;
  private final int bytesBeforeFailure;
  private final boolean closes;

  FailingCodec(String name, int bytesBeforeFailure) {
    this(name, bytesBeforeFailure, false);
  }

  FailingCodec(String name, int bytesBeforeFailure, boolean closes) {
    this.name = name;
    this.bytesBeforeFailure = bytesBeforeFailure;
    this.closes = closes;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String mediaType() {
    return "text/plain";
  }

  @Override
  public String fileExtension() {
    return "txt";
  }

  /** Reached by name by the tests that plant it; no capabilities offer it to clients. */
  @Override
  public WfsOutputFormat wfsOutputFormat() {
    return WfsOutputFormat.UNLISTED;
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    try {
      for (int i = 0; i < bytesBeforeFailure; i++) {
        out.write('x');
      }
      throw new IOException("planted failure after " + bytesBeforeFailure + " bytes");
    } finally {
      if (closes) {
        out.close();
      }
    }
  }

  @Override
  public List<Feature> decode(FeatureType type, InputStream in) {
    throw new UnsupportedOperationException("test codec");
  }

  /** Fails before writing anything. */
  public static final class Early extends FailingCodec {
    public Early() {
      super("failing-early", 0);
    }
  }

  /** Fails after 300 KB. */
  public static final class Late extends FailingCodec {
    public Late() {
      super("failing-late", 300_000);
    }
  }

  /** Fails after 1,000 bytes, within the first network write, closing its stream. */
  public static final class ClosingEarly extends FailingCodec {
    public ClosingEarly() {
      super("failing-closing-early", 1_000, true);
    }
  }

  /** Fails after 300 KB, past the first network write, closing its stream. */
  public static final class ClosingLate extends FailingCodec {
    public ClosingLate() {
      super("failing-closing-late", 300_000, true);
    }
  }
}
