package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.raster.WmsRequestList.Request;
import org.wirebench.formats.raster.WmsRequestList.Srs;

/**
 * The encoder's copy to 3 bytes a pixel writes the very bytes the JDK's writer writes from the
 * packed-int image it replaced: libjpeg gets the same samples, markers and tables.
 */
class JpegEncoderTest {

  private static byte[] packedInt(JpegEncoder encoder, int[] rgb, int width, int height)
      throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    encoder.write(JpegEncoder.rgbImage(rgb, width, height), out);
    return out.toByteArray();
  }

  private static byte[] encoded(JpegEncoder encoder, int[] rgb, int width, int height)
      throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    encoder.encode(rgb, width, height, out);
    return out.toByteArray();
  }

  @Test
  void mapsOfTheSeededListEncodeToTheSameBytesAsThePackedIntImage() throws Exception {
    DirectRenderer direct = new DirectRenderer(Pyramid.of(BlueMarble.read()));
    JpegEncoder encoder = new JpegEncoder();
    for (Srs srs : Srs.values()) {
      for (Request r : WmsRequestList.generate(srs, 16, 1)) {
        int[] map = direct.render(r, srs);
        assertArrayEquals(
            packedInt(encoder, map, r.width(), r.height()),
            encoded(encoder, map, r.width(), r.height()),
            srs + " " + r.row(srs));
      }
    }
  }

  /**
   * Any pixels, the top byte (OFF_GLOBE's mark) included, odd sizes that cut chroma blocks, and
   * both codecs' writers.
   */
  @Test
  void anyPixelsEncodeToTheSameBytesAsThePackedIntImage() throws Exception {
    Random random = new Random(5);
    for (JpegCodec codec : JpegCodec.values()) {
      JpegEncoder encoder = new JpegEncoder(codec);
      for (int[] size : new int[][] {{1, 1}, {17, 3}, {255, 129}, {333, 77}}) {
        int[] rgb = new int[size[0] * size[1]];
        for (int i = 0; i < rgb.length; i++) {
          rgb[i] = random.nextInt();
        }
        assertArrayEquals(
            packedInt(encoder, rgb, size[0], size[1]),
            encoded(encoder, rgb, size[0], size[1]),
            codec.label + " " + size[0] + " × " + size[1]);
      }
    }
  }

  /** Past the copy's bound the packed-int image is written as it is: same bytes either way. */
  @Test
  void aMapPastTheCopysBoundIsReadInPlace() throws Exception {
    int width = 2049;
    int height = JpegEncoder.MAX_COPIED_PIXELS / width + 1;
    int[] rgb = new int[width * height];
    for (int i = 0; i < rgb.length; i++) {
      rgb[i] = (i % width) * 0x010203 ^ (i / width) * 0x030201;
    }
    JpegEncoder encoder = new JpegEncoder();
    ByteArrayOutputStream copied = new ByteArrayOutputStream();
    encoder.write(JpegEncoder.interleavedImage(rgb, width, height), copied);
    assertArrayEquals(copied.toByteArray(), encoded(encoder, rgb, width, height));
  }

  @Test
  void pixelsShortOfTheSizeAreRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new JpegEncoder().encode(new int[10], 4, 3, new ByteArrayOutputStream()));
    assertThrows(
        IllegalArgumentException.class,
        () -> new JpegEncoder().encode(new int[0], 0, 0, new ByteArrayOutputStream()));
  }
}
