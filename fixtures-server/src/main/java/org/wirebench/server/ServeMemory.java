package org.wirebench.server;

import java.util.Locale;
import org.wirebench.formats.raster.BlueMarble;
import org.wirebench.formats.raster.Pyramid;

/**
 * What serve's options ask of the heap of the JVM that serves, against what that heap is: a
 * combination it cannot hold is refused before the server starts, in one line. Before, {@code
 * --raster-upscale 4} on a heap smaller than its 1.2 GiB of pixels started, served, and failed its
 * first map with an OutOfMemoryError; a {@code --max-body-bytes} of more than half the heap
 * promised room for two bodies at the limit ({@code BodyBudget}) that the heap does not have.
 */
final class ServeMemory {
  private ServeMemory() {}

  /**
   * Why a server with these options cannot run on a heap of {@code heapBytes}, one line, or null.
   */
  static String problem(int rasterUpscale, long maxBodyBytes, long heapBytes) {
    long pixels = Pyramid.pixelBytes(BlueMarble.WIDTH, BlueMarble.HEIGHT, rasterUpscale);
    if (pixels > heapBytes) {
      return "--raster-upscale "
          + rasterUpscale
          + " draws from "
          + size(pixels)
          + " of Blue Marble's pixels, more than this JVM's heap of "
          + size(heapBytes)
          + ": give a smaller upscale, or a larger heap (-Xmx, a --jvm-profile of 2 GiB)";
    }
    long bodies = BodyBudget.leastBytes(maxBodyBytes);
    if (bodies > heapBytes) {
      return "--max-body-bytes "
          + maxBodyBytes
          + ": the server keeps room for two bodies at the limit, "
          + size(bodies)
          + ", more than this JVM's heap of "
          + size(heapBytes)
          + ": give a smaller limit, or a larger heap (-Xmx)";
    }
    return null;
  }

  private static String size(long bytes) {
    return bytes >= 1L << 30
        ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
        : String.format(Locale.ROOT, "%d MiB", bytes >> 20);
  }
}
