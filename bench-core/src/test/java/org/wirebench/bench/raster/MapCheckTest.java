package org.wirebench.bench.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.raster.JpegEncoder;
import org.wirebench.formats.raster.MapRenderer;
import org.wirebench.formats.raster.WmsRequestList;

/**
 * The raster set-up refuses a map that does not decode back whole to its request's size — another
 * size, bytes no reader knows, a cut JPEG — naming the request, whichever thread checked it.
 */
class MapCheckTest {
  private static final WmsRequestList.Srs SRS = WmsRequestList.Srs.EPSG_4326;
  private static final List<WmsRequestList.Request> SAMPLE = WmsRequestList.generate(SRS, 8, 1);

  /** Pixels enough to encode, without a pyramid. */
  private static final MapRenderer PATTERN =
      (r, srs) -> {
        int[] rgb = new int[r.width() * r.height()];
        for (int i = 0; i < rgb.length; i++) {
          int x = i % r.width();
          int y = i / r.width();
          rgb[i] = (x & 0xFF) << 16 | ((x ^ y) & 0xFF) << 8 | (y & 0xFF);
        }
        return rgb;
      };

  /** The request spoiled: no other of the sample has its size, so its map is the one spoiled. */
  private static final WmsRequestList.Request BAD = SAMPLE.get(5);

  @Test
  void theSpoiledRequestIsTheOnlyOneOfItsSize() {
    assertEquals(
        1,
        SAMPLE.stream()
            .filter(r -> r.width() == BAD.width() && r.height() == BAD.height())
            .count());
  }

  /** The JPEG encoder, except for {@link #BAD}'s map, whose bytes {@code spoil} rewrites. */
  private static Supplier<MapCheck.Encoding> spoiling(UnaryOperator<byte[]> spoil) {
    return () -> {
      JpegEncoder jpeg = new JpegEncoder();
      return (rgb, width, height, out) -> {
        boolean isBad = width == BAD.width() && height == BAD.height();
        if (!isBad) {
          jpeg.encode(rgb, width, height, out);
          return;
        }
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        jpeg.encode(rgb, width, height, whole);
        out.write(spoil.apply(whole.toByteArray()));
      };
    };
  }

  private static void assertRefused(Supplier<MapCheck.Encoding> encoding, String why) {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> MapCheck.check(SAMPLE, SRS, PATTERN, encoding),
            why + " was let through");
    assertTrue(e.getMessage().startsWith("request " + BAD.row(SRS)), e.getMessage());
  }

  @Test
  void wholeMapsPass() throws IOException {
    MapCheck.check(SAMPLE, SRS, PATTERN, () -> new JpegEncoder()::encode);
  }

  @Test
  void aMapOfAnotherSizeIsRefused() {
    Supplier<MapCheck.Encoding> narrower =
        () -> {
          JpegEncoder jpeg = new JpegEncoder();
          return (rgb, width, height, out) ->
              jpeg.encode(
                  rgb,
                  width == BAD.width() && height == BAD.height() ? width - 1 : width,
                  height,
                  out);
        };
    assertRefused(narrower, "a map one pixel narrower");
  }

  @Test
  void bytesNoReaderKnowsAreRefused() {
    assertRefused(spoiling(jpeg -> "not a map".getBytes(StandardCharsets.US_ASCII)), "text");
  }

  @Test
  void aCutJpegIsRefused() {
    assertRefused(spoiling(jpeg -> Arrays.copyOf(jpeg, jpeg.length / 2)), "half a JPEG");
  }

  @Test
  void aJpegWithItsEntropyDataOverwrittenIsRefused() {
    assertRefused(
        spoiling(
            jpeg -> {
              byte[] b = jpeg.clone();
              // the second half of the scan turned to a marker the decoder cannot place
              Arrays.fill(b, b.length / 2, b.length - 2, (byte) 0xFF);
              return b;
            }),
        "a JPEG whose scan is garbage");
  }

  /** The benchmark's own set-up runs the check: skipping it lets the bad map through. */
  @Test
  void theBenchmarksSetUpRefusesABadMap() {
    RasterBenchmark b = new RasterBenchmark();
    b.renderer = "direct";
    b.srs = "EPSG:4326";
    b.upscale = 1;
    b.checkedEncoding =
        () -> {
          JpegEncoder jpeg = new JpegEncoder();
          return (rgb, width, height, out) -> jpeg.encode(rgb, width, height - 1, out);
        };
    assertThrows(IllegalStateException.class, b::setUp);
  }
}
