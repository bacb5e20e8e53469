package org.wirebench.formats.raster;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.DirectColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.OutputStream;
import javax.imageio.IIOImage;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * A JPEG writer (the JDK's own by default: ImageIO, libjpeg 6b inside the JDK) at MapServer's
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
   * Encodes {@code width × height} packed RGB pixels (row by row; the top byte is ignored) to
   * {@code out}, read where they are: a 4096 × 4096 map is 64 MiB of ints, not copied again.
   */
  public void encode(int[] rgb, int width, int height, OutputStream out) throws IOException {
    BufferedImage image = rgbImage(rgb, width, height);
    try (ImageOutputStream ios = new MemoryCacheImageOutputStream(out)) {
      writer.setOutput(ios);
      writer.write(null, new IIOImage(image, null, null), param);
    } finally {
      writer.reset();
    }
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
