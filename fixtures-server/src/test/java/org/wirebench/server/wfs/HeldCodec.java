package org.wirebench.server.wfs;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.WfsOutputFormat;

/**
 * A test-only codec (registered for this module's tests) that writes 300 KB, past the first 256 KiB
 * network write, then waits for {@link #release} before writing 300 KB more: a test can close the
 * client's connection in between. One use a test run.
 */
public final class HeldCodec implements GeoCodec {
  /** Counted down once the first 300 KB are written. */
  public static final CountDownLatch WRITTEN = new CountDownLatch(1);

  /** Counted down by the test to let the codec go on. */
  public static final CountDownLatch RELEASE = new CountDownLatch(1);

  @Override
  public String name() {
    return "held";
  }

  @Override
  public String mediaType() {
    return "text/plain";
  }

  @Override
  public String fileExtension() {
    return "txt";
  }

  @Override
  public WfsOutputFormat wfsOutputFormat() {
    return WfsOutputFormat.UNLISTED;
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    byte[] part = new byte[300_000];
    java.util.Arrays.fill(part, (byte) 'x');
    out.write(part);
    WRITTEN.countDown();
    try {
      if (!RELEASE.await(60, TimeUnit.SECONDS)) {
        throw new IOException("never released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException();
    }
    out.write(part);
  }

  @Override
  public List<Feature> decode(FeatureType type, InputStream in) {
    throw new UnsupportedOperationException("test codec");
  }
}
