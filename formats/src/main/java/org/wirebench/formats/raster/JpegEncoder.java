package org.wirebench.formats.raster;

import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.DirectColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import javax.imageio.IIOImage;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * A JPEG writer (the JDK's own by default: ImageIO over libjpeg's 6b API, which the JDK bundles as
 * libjpeg 6b and Debian's OpenJDK takes from the system: libjpeg62-turbo 2.1.5 here) at MapServer's
 * default quality 75 with 4:2:0 chroma subsampling (the JDK's default for 3-channel images, as
 * libjpeg's and hence MapServer's and MapProxy's). Not thread-safe: one per thread.
 */
public final class JpegEncoder {
  /** MapServer's default {@code QUALITY=75}. */
  public static final float QUALITY = 0.75f;

  private final ImageWriter writer;
  private final ImageWriteParam param;

  /** The JDK's writer, what maps are encoded with. */
  public JpegEncoder() {
    this(JpegCodec.JDK);
  }

  public JpegEncoder(JpegCodec codec) {
    writer = codec.writer();
    param = writer.getDefaultWriteParam();
    param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
    param.setCompressionQuality(QUALITY);
  }

  /**
   * Maps up to this many pixels (2048 × 2048) are copied once to 3 bytes a pixel before encoding;
   * larger ones are read where they are. Copied, a map costs the writer a row copy (its own
   * conversion of a packed-int image, sample by sample through the Raster API, took 38% of a
   * tile-cache map's time in EPSG:4326, twice libjpeg's own). The copy is bounded, at most 12 MiB a
   * map, so that the largest maps, which the server's pixel budget counts at 4 bytes a pixel, take
   * no more memory than before.
   */
  static final int MAX_COPIED_PIXELS = 2048 * 2048;

  private static final VarHandle BIG_ENDIAN_INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  /**
   * Encodes {@code width × height} packed RGB pixels (row by row; the top byte is ignored) to
   * {@code out}: the same bytes whether they are copied ({@link #MAX_COPIED_PIXELS}) or not, since
   * libjpeg is handed the same RGB samples either way.
   */
  public void encode(int[] rgb, int width, int height, OutputStream out) throws IOException {
    if (width <= 0 || height <= 0 || rgb.length < (long) width * height) {
      throw new IllegalArgumentException(
          width + " × " + height + " pixels do not fit " + rgb.length + " packed RGB values");
    }
    write(
        (long) width * height <= MAX_COPIED_PIXELS
            ? interleavedImage(rgb, width, height)
            : rgbImage(rgb, width, height),
        out);
  }

  /**
   * Writes {@code image} as it is, whatever its type (what {@link #encode} does after choosing).
   */
  void write(BufferedImage image, OutputStream out) throws IOException {
    try (ImageOutputStream ios = new MemoryCacheImageOutputStream(out)) {
      writer.setOutput(ios);
      writer.write(null, new IIOImage(image, null, null), param);
    } finally {
      writer.reset();
    }
  }

  /**
   * The pixels copied to an sRGB image of 3 bytes a pixel in R, G, B order, the layout of the
   * writer's own row buffer, which it then fills with one array copy a row.
   */
  static BufferedImage interleavedImage(int[] rgb, int width, int height) {
    int pixels = width * height;
    // one big-endian int store a pixel (R, G, B and a byte the next pixel overwrites): 40% less
    // time than three byte stores; hence the array's spare last byte, outside the image
    byte[] bytes = new byte[3 * pixels + 1];
    for (int i = 0; i < pixels; i++) {
      BIG_ENDIAN_INTS.set(bytes, 3 * i, rgb[i] << 8);
    }
    WritableRaster raster =
        Raster.createInterleavedRaster(
            new DataBufferByte(bytes, 3 * pixels),
            width,
            height,
            3 * width,
            3,
            new int[] {0, 1, 2},
            null);
    ColorModel model =
        new ComponentColorModel(
            ColorSpace.getInstance(ColorSpace.CS_sRGB),
            false,
            false,
            Transparency.OPAQUE,
            DataBuffer.TYPE_BYTE);
    return new BufferedImage(model, raster, false, null);
  }

  /** The pixels as a TYPE_INT_RGB image over the same array. */
  public static BufferedImage rgbImage(int[] rgb, int width, int height) {
    int[] masks = {0xff0000, 0xff00, 0xff};
    WritableRaster raster =
        Raster.createPackedRaster(
            new DataBufferInt(rgb, width * height), width, height, width, masks, null);
    return new BufferedImage(
        new DirectColorModel(24, masks[0], masks[1], masks[2]), raster, false, null);
  }
}
