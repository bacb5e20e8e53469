package org.wirebench.bench.raster;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import org.wirebench.bench.ByteSink;
import org.wirebench.formats.raster.MapRenderer;
import org.wirebench.formats.raster.WmsRequestList;

/**
 * The set-up's check of a raster sample: every request rendered, encoded and decoded back by
 * ImageIO (the reader {@code ImageIO.read} would pick for the bytes), and refused unless it decodes
 * whole, without a warning of the reader's (a cut or corrupt JPEG decodes to grey with one), to the
 * request's width and height. The requests are checked on as many threads as there are cores: the
 * set-up is not timed, and on one thread its four variants' 256 maps were most of a raster fork's
 * set-up.
 */
final class MapCheck {
  /** Writes a map's pixels, as the timed call does; one per thread. */
  @FunctionalInterface
  interface Encoding {
    void encode(int[] rgb, int width, int height, OutputStream out) throws IOException;
  }

  private MapCheck() {}

  /**
   * @param maps thread-safe, as every renderer is
   * @param encodings makes a thread's encoding (an encoder is not thread-safe)
   * @throws IllegalStateException naming the first request, in the sample's order, whose map is
   *     refused
   */
  static void check(
      List<WmsRequestList.Request> requests,
      WmsRequestList.Srs srs,
      MapRenderer maps,
      Supplier<Encoding> encodings)
      throws IOException {
    int threads =
        Math.max(1, Math.min(requests.size(), Runtime.getRuntime().availableProcessors()));
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            task -> {
              Thread t = new Thread(task, "raster-map-check");
              t.setDaemon(true);
              return t;
            });
    ThreadLocal<Encoding> encoding = ThreadLocal.withInitial(encodings);
    try {
      List<Future<?>> checked = new ArrayList<>(requests.size());
      for (WmsRequestList.Request r : requests) {
        checked.add(
            pool.submit(
                () -> {
                  checkOne(r, srs, maps, encoding.get());
                  return null;
                }));
      }
      for (Future<?> f : checked) {
        try {
          f.get();
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof IOException io) {
            throw io;
          }
          if (cause instanceof RuntimeException re) {
            throw re;
          }
          if (cause instanceof Error err) {
            throw err;
          }
          throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted checking the raster sample");
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** One request's map, refused unless it decodes back whole to the request's size. */
  static void checkOne(
      WmsRequestList.Request r, WmsRequestList.Srs srs, MapRenderer maps, Encoding encoding)
      throws IOException {
    ByteSink sink = new ByteSink(64 * 1024);
    encoding.encode(maps.render(r, srs), r.width(), r.height(), sink);
    String refused = refusal(sink.toByteArray(), r.width(), r.height());
    if (refused != null) {
      throw new IllegalStateException(
          "request " + r.row(srs) + " did not encode to a map: " + refused);
    }
  }

  /**
   * Why {@code bytes} are not a whole {@code width × height} image, or null when they are. Decoded
   * as {@code ImageIO.read} decodes (the first reader ImageIO finds for them), through memory: the
   * stream {@code ImageIO.read} makes of an InputStream caches it in a file under java.io.tmpdir.
   */
  static String refusal(byte[] bytes, int width, int height) throws IOException {
    BufferedImage image;
    String[] warning = new String[1];
    try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
      Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
      if (!readers.hasNext()) {
        return "no image reader knows its " + bytes.length + " bytes";
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(in, true, true);
        reader.addIIOReadWarningListener((source, message) -> warning[0] = message);
        image = reader.read(0);
      } catch (IOException | RuntimeException e) {
        return "undecodable (" + e.getMessage() + ")";
      } finally {
        reader.dispose();
      }
    }
    if (warning[0] != null) {
      return "damaged (" + warning[0] + ")";
    }
    if (image.getWidth() != width || image.getHeight() != height) {
      return "decoded to " + image.getWidth() + " × " + image.getHeight();
    }
    return null;
  }
}
