package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.raster.WmsRequestList.Request;
import org.wirebench.formats.raster.WmsRequestList.Srs;

/** The direct renderer picks the right overview and samples the source at each pixel's centre. */
class DirectRendererTest {
  private static Pyramid pyramid;

  @BeforeAll
  static void load() throws Exception {
    pyramid = Pyramid.of(BlueMarble.read());
  }

  @Test
  void theOverviewsHalveDownTo256() {
    List<Integer> widths = pyramid.levels().stream().map(Pyramid.Level::width).toList();
    assertEquals(List.of(5400, 2700, 1350, 675, 337), widths);
    assertEquals(pyramid.levels().get(2), pyramid.levelFor(360.0 / 1350 * 1.5));
    assertEquals(pyramid.levels().get(0), pyramid.levelFor(0.001));
  }

  /** A request on the source's own grid reads the source's pixels exactly (Nile delta). */
  @Test
  void aRequestOnTheSourceGridCopiesItsPixels() throws Exception {
    double d = 360.0 / 5400;
    int col = BlueMarble.column(30.0);
    int row = BlueMarble.row(32.0);
    double minX = -180 + col * d;
    double maxY = 90 - row * d;
    Request r = new Request(300, 256, minX, maxY - 256 * d, minX + 300 * d, maxY);
    int[] out = new DirectRenderer(pyramid).render(r, Srs.EPSG_4326);
    Pyramid.Level source = pyramid.levels().get(0);
    for (int[] p : new int[][] {{0, 0}, {299, 255}, {17, 140}, {150, 100}}) {
      assertEquals(source.pixel(col + p[0], row + p[1]), out[p[1] * 300 + p[0]], p[0] + "," + p[1]);
    }
  }

  /**
   * In Web Mercator each pixel shows the source pixel under its centre's longitude and latitude.
   */
  @Test
  void aWebMercatorRequestSamplesThroughTheInverseProjection() {
    Request r =
        new Request(
            512, 512, WebMercator.x(20), WebMercator.y(20), WebMercator.x(40), WebMercator.y(40));
    int[] out = new DirectRenderer(pyramid).render(r, Srs.EPSG_3857);
    double resX = (r.maxX() - r.minX()) / 512;
    double resY = (r.maxY() - r.minY()) / 512;
    double degrees = Math.toDegrees(resX / WebMercator.RADIUS) * Math.cos(Math.toRadians(40));
    Pyramid.Level level = pyramid.levelFor(degrees);
    for (int[] p : new int[][] {{0, 0}, {511, 511}, {100, 400}, {256, 256}}) {
      double lon = WebMercator.longitude(r.minX() + (p[0] + 0.5) * resX);
      double lat = WebMercator.latitude(r.maxY() - (p[1] + 0.5) * resY);
      int c = (int) Math.floor((lon + 180) / level.degreesPerPixel());
      int w = (int) Math.floor((90 - lat) / level.degreesPerPixel());
      assertEquals(level.pixel(c, w), out[p[1] * 512 + p[0]], p[0] + "," + p[1]);
    }
  }

  /**
   * Known places through a Web Mercator render: the Nile delta is land, the sea north of it is not.
   */
  @Test
  void theNileDeltaIsNotOceanInWebMercator() {
    Request r =
        new Request(
            400, 400, WebMercator.x(28), WebMercator.y(28), WebMercator.x(36), WebMercator.y(36));
    int[] out = new DirectRenderer(pyramid).render(r, Srs.EPSG_3857);
    double res = (r.maxX() - r.minX()) / 400;
    int[] delta = pixel(r, res, 31.0, 30.8);
    int[] sea = pixel(r, res, 31.0, 33.5);
    int land = out[delta[1] * 400 + delta[0]];
    int water = out[sea[1] * 400 + sea[0]];
    org.junit.jupiter.api.Assertions.assertTrue(
        (land & 0xff) < (land >> 16 & 0xff), "delta: red over blue " + Integer.toHexString(land));
    org.junit.jupiter.api.Assertions.assertTrue(
        (water & 0xff) > (water >> 16 & 0xff), "sea: blue over red " + Integer.toHexString(water));
  }

  private static int[] pixel(Request r, double res, double lon, double lat) {
    return new int[] {
      (int) ((WebMercator.x(lon) - r.minX()) / res), (int) ((r.maxY() - WebMercator.y(lat)) / res)
    };
  }

  /**
   * Upscaled, level 0 repeats each source pixel and the next level down is the source again,
   * exactly; strips of 256 rows hold the pixels (checked across a strip boundary).
   */
  @Test
  void anUpscaledPyramidRepeatsTheSourceAndAveragesBackToIt() throws Exception {
    Pyramid twice = Pyramid.of(BlueMarble.read(), 2);
    List<Integer> widths = twice.levels().stream().map(Pyramid.Level::width).toList();
    assertEquals(List.of(10800, 5400, 2700, 1350, 675, 337), widths);
    Pyramid.Level big = twice.levels().get(0);
    Pyramid.Level source = pyramid.levels().get(0);
    Pyramid.Level back = twice.levels().get(1);
    for (int row = 0; row < source.height(); row += 7) {
      for (int col = row % 11; col < source.width(); col += 97) {
        int p = source.pixel(col, row) & 0xFFFFFF;
        assertEquals(p, back.pixel(col, row), col + "," + row);
        assertEquals(p, big.pixel(2 * col + 1, 2 * row + 1), col + "," + row);
      }
    }
    assertEquals(source.pixel(100, 255) & 0xFFFFFF, big.pixel(200, 511));
    assertEquals(source.pixel(100, 256) & 0xFFFFFF, big.pixel(200, 512));
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> Pyramid.of(BlueMarble.read(), 3));
  }
}
