package org.wirebench.formats.raster;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * A JPEG reader (the JDK's own ImageIO one by default), to packed RGB ints. Not thread-safe: one
 * per thread, as the reader keeps its native state between images.
 */
public final class JpegDecoder {
  private final ImageReader reader;
  private String warning;

  /** The JDK's reader, what the tile cache decodes with. */
  public JpegDecoder() {
    this(JpegCodec.JDK);
  }

  public JpegDecoder(JpegCodec codec) {
    reader = codec.reader();
  }

  /**
   * @throws IOException when {@code jpeg} is not a whole JPEG of {@code width × height} pixels: a
   *     warning of the reader's (a truncated or corrupt stream) fails the decoding
   */
  public int[] decode(byte[] jpeg, int width, int height) throws IOException {
    BufferedImage image;
    // not ImageIO.createImageInputStream: that asks every registered stream plug-in (TwelveMonkeys'
    // allocates a buffer per stream) for what a byte array needs no help with
    warning = null;
    try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(jpeg))) {
      reader.setInput(in, true, true);
      // a cut or damaged JPEG decodes with a warning and grey where data is missing: refused here
      // (added per image: reset() removes listeners)
      reader.addIIOReadWarningListener((source, message) -> warning = message);
      image = reader.read(0);
    } finally {
      reader.reset();
    }
    if (warning != null) {
      throw new IOException("a damaged JPEG: " + warning);
    }
    if (image.getWidth() != width || image.getHeight() != height) {
      throw new IOException(
          "a "
              + image.getWidth()
              + "×"
              + image.getHeight()
              + " JPEG where "
              + width
              + "×"
              + height
              + " was expected");
    }
    if (image.getType() != BufferedImage.TYPE_3BYTE_BGR) {
      return image.getRGB(0, 0, width, height, null, 0, width);
    }
    byte[] bgr = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
    int[] rgb = new int[width * height];
    for (int i = 0, b = 0; i < rgb.length; i++, b += 3) {
      rgb[i] = (bgr[b + 2] & 0xff) << 16 | (bgr[b + 1] & 0xff) << 8 | (bgr[b] & 0xff);
    }
    return rgb;
  }
}
