package org.wirebench.formats.raster;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * The source and its overviews, as a GeoTIFF with internal overviews holds them: level 0 is the
 * source, each next level half its width and height, each pixel the mean of the 2 × 2 it covers
 * (gdaladdo's "average"), down to the first level narrower than 256 pixels. Pixels are packed RGB
 * ints, row by row from the north-west corner; every level covers the whole globe in plate carrée.
 */
public final class Pyramid {
  /** One level: {@code width × height} pixels of {@code degreesPerPixel} each. */
  public record Level(int width, int height, int[] rgb, double degreesPerPixel) {
    public int pixel(int column, int row) {
      return rgb[row * width + column];
    }
  }

  private final List<Level> levels;

  private Pyramid(List<Level> levels) {
    this.levels = List.copyOf(levels);
  }

  public static Pyramid of(BufferedImage source) {
    int w = source.getWidth();
    int h = source.getHeight();
    int[] rgb = source.getRGB(0, 0, w, h, null, 0, w);
    List<Level> levels = new ArrayList<>();
    Level level = new Level(w, h, rgb, 360.0 / w);
    levels.add(level);
    while (level.width() >= 256 * 2) {
      level = half(level);
      levels.add(level);
    }
    return new Pyramid(levels);
  }

  public List<Level> levels() {
    return levels;
  }

  /**
   * The coarsest level still at least as fine as {@code degreesPerPixel}, as MapServer picks an
   * overview (level 0 when the request is finer than the source).
   */
  public Level levelFor(double degreesPerPixel) {
    Level best = levels.get(0);
    for (Level l : levels) {
      if (l.degreesPerPixel() <= degreesPerPixel * (1 + 1e-9)) {
        best = l;
      }
    }
    return best;
  }

  private static Level half(Level l) {
    int w = l.width() / 2;
    int h = l.height() / 2;
    int[] out = new int[w * h];
    int[] in = l.rgb();
    for (int y = 0; y < h; y++) {
      int top = 2 * y * l.width();
      int bottom = top + l.width();
      for (int x = 0; x < w; x++) {
        int a = in[top + 2 * x];
        int b = in[top + 2 * x + 1];
        int c = in[bottom + 2 * x];
        int d = in[bottom + 2 * x + 1];
        out[y * w + x] =
            mean(a, b, c, d, 16) << 16 | mean(a, b, c, d, 8) << 8 | mean(a, b, c, d, 0);
      }
    }
    return new Level(w, h, out, 360.0 / w);
  }

  private static int mean(int a, int b, int c, int d, int shift) {
    return ((a >> shift & 0xff)
            + (b >> shift & 0xff)
            + (c >> shift & 0xff)
            + (d >> shift & 0xff)
            + 2)
        / 4;
  }
}
