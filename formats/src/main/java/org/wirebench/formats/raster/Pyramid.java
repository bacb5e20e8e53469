package org.wirebench.formats.raster;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.PixelInterleavedSampleModel;
import java.awt.image.WritableRaster;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The source and its overviews, as a GeoTIFF with internal overviews holds them: level 0 is the
 * source (or the source upscaled to the study's size), each next level half its width and height,
 * each pixel the mean of the 2 × 2 it covers (gdaladdo's "average"), down to the first level
 * narrower than 256 pixels. Pixels are packed RGB ints, row by row from the north-west corner, held
 * in strips of {@value #STRIP_ROWS} rows (the study's 21600 × 10800 is 933 MB of pixels: strips of
 * 22 MB, not one array past the JVM's array limit); every level covers the whole globe in plate
 * carrée.
 */
public final class Pyramid {
  /** Rows a strip holds. */
  public static final int STRIP_ROWS = 256;

  /** Upscale factors {@link #of(BufferedImage, int)} takes: 4 is the study's 21600 × 10800. */
  public static final List<Integer> UPSCALES = List.of(1, 2, 4);

  /** One level: {@code width × height} pixels of {@code degreesPerPixel} each, in row strips. */
  public static final class Level {
    private final int width;
    private final int height;
    private final int[][] strips;
    private final double degreesPerPixel;

    Level(int width, int height, int[][] strips) {
      this.width = width;
      this.height = height;
      this.strips = strips;
      this.degreesPerPixel = 360.0 / width;
    }

    public int width() {
      return width;
    }

    public int height() {
      return height;
    }

    public double degreesPerPixel() {
      return degreesPerPixel;
    }

    public int pixel(int column, int row) {
      return strips[row / STRIP_ROWS][(row % STRIP_ROWS) * width + column];
    }

    /** The strip holding {@code row}; the row starts at {@link #offset}. */
    int[] strip(int row) {
      return strips[row / STRIP_ROWS];
    }

    int offset(int row) {
      return (row % STRIP_ROWS) * width;
    }
  }

  private final List<Level> levels;

  private Pyramid(List<Level> levels) {
    this.levels = List.copyOf(levels);
  }

  public static Pyramid of(BufferedImage source) {
    return of(source, 1);
  }

  /**
   * @param upscale 1, 2 or 4: level 0 is the source with each pixel repeated {@code upscale ×
   *     upscale} times (nearest neighbour: no detail is invented, and level log2(upscale) is the
   *     source again, exactly), so that maps at the study's finest resolutions read a source of the
   *     study's size
   */
  public static Pyramid of(BufferedImage source, int upscale) {
    if (!UPSCALES.contains(upscale)) {
      throw new IllegalArgumentException("upscale must be one of " + UPSCALES + ", was " + upscale);
    }
    int w = source.getWidth();
    int h = source.getHeight();
    int[] rgb = packedRgb(source);
    int width = w * upscale;
    int height = h * upscale;
    int[][] strips = new int[(height + STRIP_ROWS - 1) / STRIP_ROWS][];
    for (int s = 0; s < strips.length; s++) {
      int rows = Math.min(STRIP_ROWS, height - s * STRIP_ROWS);
      int[] strip = new int[rows * width];
      for (int r = 0; r < rows; r++) {
        int from = ((s * STRIP_ROWS + r) / upscale) * w;
        for (int c = 0; c < width; c++) {
          strip[r * width + c] = rgb[from + c / upscale] & 0xFFFFFF;
        }
      }
      strips[s] = strip;
    }
    List<Level> levels = new ArrayList<>();
    Level level = new Level(width, height, strips);
    levels.add(level);
    while (halvesAgain(level.width())) {
      level = half(level);
      levels.add(level);
    }
    return new Pyramid(levels);
  }

  /**
   * The bytes of pixels {@link #of} holds for a {@code width} × {@code height} source upscaled
   * {@code upscale} times: every level, 4 bytes a pixel, by the same halving as it makes them. What
   * a JVM's heap must hold at least to draw from it (the study's 21600 × 10800: about 1.2 GiB).
   */
  public static long pixelBytes(int width, int height, int upscale) {
    long w = (long) width * upscale;
    long h = (long) height * upscale;
    long bytes = Integer.BYTES * w * h;
    while (halvesAgain(w)) {
      w = halved(w);
      h = halved(h);
      bytes += Integer.BYTES * w * h;
    }
    return bytes;
  }

  /**
   * Whether a level this wide has a next one: the levels go down to the first narrower than 256
   * pixels.
   */
  private static boolean halvesAgain(long width) {
    return width >= 256 * 2;
  }

  /** A next level's width or height: half its level's, an odd last pixel dropped. */
  private static long halved(long side) {
    return side / 2;
  }

  /**
   * The source's pixels, packed RGB row by row (the top byte left for the caller to clear). An
   * image of 3 bytes a pixel in B, G, R order, what the JDK's JPEG reader makes of Blue Marble, is
   * read from its bytes; any other through {@link BufferedImage#getRGB}, which converts pixel by
   * pixel through the colour model: the same values (sRGB, 8 bits a sample, no conversion), at many
   * times the cost on the 14.6 million pixels of Blue Marble, in every raster fork's set-up.
   */
  static int[] packedRgb(BufferedImage source) {
    int w = source.getWidth();
    int h = source.getHeight();
    WritableRaster raster = source.getRaster();
    if (source.getType() == BufferedImage.TYPE_3BYTE_BGR
        && source.getColorModel().getColorSpace().isCS_sRGB()
        && raster.getParent() == null
        && raster.getSampleModelTranslateX() == 0
        && raster.getSampleModelTranslateY() == 0
        && raster.getDataBuffer() instanceof DataBufferByte buffer
        && buffer.getNumBanks() == 1
        && buffer.getOffset() == 0
        && raster.getSampleModel() instanceof PixelInterleavedSampleModel layout
        && layout.getPixelStride() == 3
        && layout.getScanlineStride() == 3 * w
        && Arrays.equals(layout.getBandOffsets(), new int[] {2, 1, 0})) {
      byte[] bgr = buffer.getData();
      int[] rgb = new int[w * h];
      for (int i = 0, b = 0; i < rgb.length; i++, b += 3) {
        rgb[i] = (bgr[b + 2] & 0xff) << 16 | (bgr[b + 1] & 0xff) << 8 | (bgr[b] & 0xff);
      }
      return rgb;
    }
    return source.getRGB(0, 0, w, h, null, 0, w);
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
    int w = (int) halved(l.width());
    int h = (int) halved(l.height());
    int[][] strips = new int[(h + STRIP_ROWS - 1) / STRIP_ROWS][];
    for (int s = 0; s < strips.length; s++) {
      int rows = Math.min(STRIP_ROWS, h - s * STRIP_ROWS);
      int[] out = new int[rows * w];
      for (int r = 0; r < rows; r++) {
        int y = s * STRIP_ROWS + r;
        int[] topStrip = l.strip(2 * y);
        int top = l.offset(2 * y);
        int[] bottomStrip = l.strip(2 * y + 1);
        int bottom = l.offset(2 * y + 1);
        for (int x = 0; x < w; x++) {
          int a = topStrip[top + 2 * x];
          int b = topStrip[top + 2 * x + 1];
          int c = bottomStrip[bottom + 2 * x];
          int d = bottomStrip[bottom + 2 * x + 1];
          out[r * w + x] =
              mean(a, b, c, d, 16) << 16 | mean(a, b, c, d, 8) << 8 | mean(a, b, c, d, 0);
        }
      }
      strips[s] = out;
    }
    return new Level(w, h, strips);
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
