package org.wirebench.formats.raster;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.IOException;
import java.io.OutputStream;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * The JDK's own JPEG writer (ImageIO, libjpeg 6b inside the JDK) at MapServer's default quality 75
 * with 4:2:0 chroma subsampling (the JDK's default for 3-channel images, as libjpeg's and hence
 * MapServer's and MapProxy's). Not thread-safe: one per thread.
 */
public final class JpegEncoder {
  /** MapServer's default {@code QUALITY=75}. */
  public static final float QUALITY = 0.75f;

  private final ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
  private final ImageWriteParam param = writer.getDefaultWriteParam();

  public JpegEncoder() {
    param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
    param.setCompressionQuality(QUALITY);
  }

  /** Encodes {@code width × height} packed RGB pixels (row by row) to {@code out}. */
  public void encode(int[] rgb, int width, int height, OutputStream out) throws IOException {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    int[] target = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
    System.arraycopy(rgb, 0, target, 0, width * height);
    try (ImageOutputStream ios = new MemoryCacheImageOutputStream(out)) {
      writer.setOutput(ios);
      writer.write(null, new IIOImage(image, null, null), param);
    } finally {
      writer.reset();
    }
  }
}
