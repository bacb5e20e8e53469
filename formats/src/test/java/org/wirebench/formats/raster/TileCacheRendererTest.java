package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.raster.WmsRequestList.Request;
import org.wirebench.formats.raster.WmsRequestList.Srs;

/**
 * The tile cache keeps its tiles on disk and draws the same maps as the direct renderer within
 * JPEG's loss: known places land where they are in both SRS, and off-globe pixels are white.
 */
class TileCacheRendererTest {
  private static DirectRenderer direct;
  @TempDir static Path cache;
  private static TileCacheRenderer tiles;

  @BeforeAll
  static void load() throws Exception {
    direct = new DirectRenderer(Pyramid.of(BlueMarble.read()));
    tiles = new TileCacheRenderer(TileCacheRenderer.folderFor(cache, 5400), direct);
  }

  @Test
  void theGridIsGlobalGeodetic() {
    assertEquals(180.0 / 256, TileGrid.degreesPerPixel(0));
    assertEquals(2, TileGrid.tilesWide(0));
    assertEquals(128, TileGrid.tilesWide(6));
    assertEquals(0, TileGrid.levelFor(1.0));
    // within the stretch factor the coarser level serves; past it the finer one
    assertEquals(3, TileGrid.levelFor(TileGrid.degreesPerPixel(3) / 1.1));
    assertEquals(4, TileGrid.levelFor(TileGrid.degreesPerPixel(3) / 1.2));
    assertEquals(TileGrid.MAX_LEVEL, TileGrid.levelFor(1e-6));
    Request box = TileGrid.box(1, 3, 1);
    assertEquals(90.0, box.minX(), 1e-12);
    assertEquals(-90.0, box.minY(), 1e-12);
    assertEquals(180.0, box.maxX(), 1e-12);
    assertEquals(0.0, box.maxY(), 1e-12);
  }

  /** A tile is drawn once, stored whole, and read back byte for byte afterwards. */
  @Test
  void tilesAreDrawnOnceAndKeptOnDisk() throws Exception {
    byte[] first = tiles.tile(2, 5, 1);
    Path file = TileCacheRenderer.folderFor(cache, 5400).resolve("2/5/1.jpg");
    assertTrue(Files.isRegularFile(file));
    assertArrayEquals(first, Files.readAllBytes(file));
    assertArrayEquals(first, tiles.tile(2, 5, 1));
    int[] pixels = new JpegDecoder().decode(first, 256, 256);
    ByteArrayOutputStream again = new ByteArrayOutputStream();
    new JpegEncoder().encode(direct.render(TileGrid.box(2, 5, 1), Srs.EPSG_4326), 256, 256, again);
    assertTrue(meanDifference(pixels, new JpegDecoder().decode(again.toByteArray(), 256, 256)) < 1);
    // the encoder reads the pixels in place as the JDK's own RGB image type
    assertEquals(
        java.awt.image.BufferedImage.TYPE_INT_RGB,
        JpegEncoder.rgbImage(pixels, 256, 256).getType());
  }

  /** The seeded study mix, both SRS: each map within JPEG's loss of the direct renderer's. */
  @Test
  void mapsMatchTheDirectRenderer() throws Exception {
    for (Srs srs : Srs.values()) {
      for (Request r : WmsRequestList.generate(srs, 24, 7)) {
        double d = meanDifference(direct.render(r, srs), tiles.render(r, srs));
        assertTrue(d < 12, srs.code + " " + r.row(srs) + ": mean channel difference " + d);
      }
    }
  }

  /**
   * The whole Web Mercator square, the request MapProxy 1.15 drew mirrored about the equator here:
   * France is land and the ocean at its latitude south of the equator is water.
   */
  @Test
  void theWholeWebMercatorWorldIsNotMirrored() throws Exception {
    double h = WebMercator.HALF_EXTENT;
    Request world = new Request(512, 512, -h, -h, h, h);
    for (MapRenderer renderer : new MapRenderer[] {direct, tiles}) {
      int[] out = renderer.render(world, Srs.EPSG_3857);
      int france = at(out, world, 2.5, 46.5);
      int south = at(out, world, 2.5, -46.5);
      assertTrue((france & 0xff) < (france >> 16 & 0xff), "France " + Integer.toHexString(france));
      assertTrue((south & 0xff) > (south >> 16 & 0xff), "46.5°S " + Integer.toHexString(south));
    }
  }

  /** A map reaching past the globe's edge is off the globe there, not the edge pixel stretched. */
  @Test
  void offTheGlobeIsWhite() throws Exception {
    Request r = new Request(400, 200, 170, -10, 210, 10);
    for (MapRenderer renderer : new MapRenderer[] {direct, tiles}) {
      int[] out = renderer.render(r, Srs.EPSG_4326);
      assertEquals(MapRenderer.OFF_GLOBE, out[100 * 400 + 399]);
      assertEquals(MapRenderer.OFF_GLOBE, out[100 * 400 + 101]);
      assertTrue(out[100 * 400 + 50] != MapRenderer.OFF_GLOBE, "inside the globe is drawn");
      assertTrue(out[100 * 400 + 99] != MapRenderer.OFF_GLOBE, "the antimeridian's west side");
    }
  }

  private static int at(int[] out, Request r, double lon, double lat) {
    double res = (r.maxX() - r.minX()) / r.width();
    int i = (int) ((WebMercator.x(lon) - r.minX()) / res);
    int j = (int) ((r.maxY() - WebMercator.y(lat)) / res);
    return out[j * r.width() + i];
  }

  static double meanDifference(int[] a, int[] b) {
    assertEquals(a.length, b.length);
    long sum = 0;
    for (int i = 0; i < a.length; i++) {
      for (int shift = 0; shift <= 16; shift += 8) {
        sum += Math.abs((a[i] >> shift & 0xff) - (b[i] >> shift & 0xff));
      }
    }
    return sum / (3.0 * a.length);
  }
}
