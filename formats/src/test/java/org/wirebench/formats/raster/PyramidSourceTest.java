package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.image.BufferedImage;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pyramid's level 0 holds the source's pixels as {@link BufferedImage#getRGB} gives them, whether
 * they are read from the image's bytes (3 bytes a pixel, B, G, R) or through getRGB.
 */
class PyramidSourceTest {

  private static BufferedImage image(String kind) {
    Random random = new Random(7);
    int type =
        switch (kind) {
          case "3byte-bgr", "sub-image" -> BufferedImage.TYPE_3BYTE_BGR;
          case "int-rgb" -> BufferedImage.TYPE_INT_RGB;
          case "4byte-abgr" -> BufferedImage.TYPE_4BYTE_ABGR;
          default -> throw new IllegalArgumentException(kind);
        };
    BufferedImage image = new BufferedImage(600, 300, type);
    for (int y = 0; y < 300; y++) {
      for (int x = 0; x < 600; x++) {
        image.setRGB(x, y, 0xFF000000 | random.nextInt(0x1000000));
      }
    }
    // a window onto a larger image: its bytes are not its pixels alone
    return kind.equals("sub-image") ? image.getSubimage(50, 20, 520, 260) : image;
  }

  @ParameterizedTest
  @ValueSource(strings = {"3byte-bgr", "sub-image", "int-rgb", "4byte-abgr"})
  void levelZeroHoldsGetRgbsPixels(String kind) {
    BufferedImage source = image(kind);
    Pyramid.Level zero = Pyramid.of(source).levels().get(0);
    for (int y = 0; y < source.getHeight(); y++) {
      for (int x = 0; x < source.getWidth(); x++) {
        assertEquals(source.getRGB(x, y) & 0xFFFFFF, zero.pixel(x, y), kind + " " + x + "," + y);
      }
    }
  }

  /** Blue Marble as the JDK reads it is read from its bytes, to the same pixels as getRGB's. */
  @Test
  void blueMarblesBytesAreGetRgbsPixels() throws Exception {
    BufferedImage bm = BlueMarble.read();
    assertEquals(BufferedImage.TYPE_3BYTE_BGR, bm.getType());
    int[] expected = bm.getRGB(0, 0, bm.getWidth(), bm.getHeight(), null, 0, bm.getWidth());
    int[] packed = Pyramid.packedRgb(bm);
    for (int i = 0; i < expected.length; i++) {
      expected[i] &= 0xFFFFFF;
      packed[i] &= 0xFFFFFF;
    }
    assertArrayEquals(expected, packed);
  }

  /** What serve weighs against the heap is what a pyramid holds: every level's pixels. */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 4})
  void pixelBytesAreEveryLevelsPixels(int upscale) {
    Pyramid p = Pyramid.of(image("int-rgb"), upscale);
    long held = 0;
    for (Pyramid.Level l : p.levels()) {
      held += 4L * l.width() * l.height();
    }
    assertEquals(held, Pyramid.pixelBytes(600, 300, upscale));
  }
}
