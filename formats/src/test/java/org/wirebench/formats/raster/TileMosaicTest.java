package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.raster.WmsRequestList.Request;
import org.wirebench.formats.raster.WmsRequestList.Srs;

/**
 * The mosaic's runs, array copies and repeated rows draw every pixel as the plain per-pixel look-up
 * does ({@link #perPixel}, the tile cache's loop before the mosaic), and fetch each touched tile
 * once.
 */
class TileMosaicTest {
  private static final int TILE = TileGrid.TILE;
  @TempDir static Path cache;
  private static TileCacheRenderer tiles;

  @BeforeAll
  static void load() throws Exception {
    tiles =
        new TileCacheRenderer(
            TileCacheRenderer.folderFor(cache, 5400),
            new DirectRenderer(Pyramid.of(BlueMarble.read())));
  }

  /** Each output pixel from its tile, one hash look-up a pixel. */
  private static int[] perPixel(int[] columns, int[] rows, TileMosaic.Tiles source)
      throws IOException {
    Map<Long, int[]> fetched = new HashMap<>();
    int width = columns.length;
    int[] out = new int[width * rows.length];
    for (int j = 0; j < rows.length; j++) {
      for (int i = 0; i < width; i++) {
        int x = columns[i];
        int y = rows[j];
        if (x < 0 || y < 0) {
          out[j * width + i] = MapRenderer.OFF_GLOBE;
          continue;
        }
        long key = (long) (x / TILE) << 32 | y / TILE;
        int[] pixels = fetched.get(key);
        if (pixels == null) {
          pixels = source.pixels(x / TILE, y / TILE);
          fetched.put(key, pixels);
        }
        out[j * width + i] = pixels[(y % TILE) * TILE + x % TILE];
      }
    }
    return out;
  }

  /** A tile whose every pixel names its tile and place, so any misplaced pixel shows. */
  private static int[] labelled(int column, int row) {
    int[] pixels = new int[TILE * TILE];
    for (int p = 0; p < pixels.length; p++) {
      pixels[p] = (column * 31 + row) * TILE * TILE + p;
    }
    return pixels;
  }

  /**
   * An index of {@code n} pixels into a grid of {@code size}: at a random scale (a map finer or
   * coarser than its level, or at its scale), -1 at either end where the map leaves the globe.
   */
  private static int[] index(Random random, int n, int size) {
    int[] out = new int[n];
    double scale = random.nextInt(4) == 0 ? 1 : 0.3 + 2 * random.nextDouble();
    double at = random.nextInt(size) - n * scale * random.nextDouble();
    for (int i = 0; i < n; i++) {
      int v = (int) Math.floor(at + i * scale);
      out[i] = v < 0 || v >= size ? -1 : v;
    }
    return out;
  }

  @Test
  void drawsWhatThePerPixelLookUpDrawsAndFetchesEachTileOnce() throws Exception {
    Random random = new Random(3);
    for (int k = 0; k < 400; k++) {
      int[] columns = index(random, 1 + random.nextInt(700), 8 * TILE);
      int[] rows = index(random, 1 + random.nextInt(500), 4 * TILE);
      if (k % 10 == 0) {
        // not monotone: the mosaic must not assume a tile column comes back only once
        for (int i = 0; i < columns.length; i++) {
          columns[i] = random.nextInt(10) == 0 ? -1 : random.nextInt(8 * TILE);
        }
      }
      List<Long> asked = new ArrayList<>();
      int[] drawn =
          TileMosaic.draw(
              columns,
              rows,
              (column, row) -> {
                asked.add((long) column << 32 | row);
                return labelled(column, row);
              });
      Set<Long> touched = new HashSet<>();
      int[] expected =
          perPixel(
              columns,
              rows,
              (column, row) -> {
                touched.add((long) column << 32 | row);
                return labelled(column, row);
              });
      assertArrayEquals(expected, drawn, "case " + k);
      assertEquals(touched, new HashSet<>(asked), "case " + k + ": the tiles fetched");
      assertEquals(asked.size(), touched.size(), "case " + k + ": a tile fetched twice");
    }
  }

  /**
   * The seeded list RasterBenchmark times in EPSG:4326 (64 requests, seed 1) and the tests' list in
   * EPSG:3857 (24, seed 7): the tile cache's maps, plain and keeping decoded tiles, are pixel for
   * pixel the per-pixel look-up's over the same decoded tiles.
   */
  @Test
  void theTileCacheDrawsTheSeededListsPixelForPixel() throws Exception {
    MapRenderer kept = tiles.keepingDecoded(new DecodedTileCache(DecodedTileCache.DEFAULT_BYTES));
    JpegDecoder decoder = new JpegDecoder();
    Map<Long, int[]> decoded = new HashMap<>();
    for (Srs srs : Srs.values()) {
      List<Request> requests =
          srs == Srs.EPSG_4326
              ? WmsRequestList.generate(srs, 64, 1)
              : WmsRequestList.generate(srs, 24, 7);
      for (Request r : requests) {
        Sampling at = new Sampling(r, srs);
        int level = TileGrid.levelFor(at.boxDegreesPerPixel);
        double degrees = TileGrid.degreesPerPixel(level);
        int[] expected =
            perPixel(
                at.columns(degrees, TileGrid.tilesWide(level) * TILE),
                at.rows(degrees, TileGrid.tilesHigh(level) * TILE),
                (column, row) -> {
                  long key = DecodedTileCache.key(level, column, row);
                  int[] pixels = decoded.get(key);
                  if (pixels == null) {
                    pixels = decoder.decode(tiles.tile(level, column, row), TILE, TILE);
                    decoded.put(key, pixels);
                  }
                  return pixels;
                });
        String which = srs + " " + r.row(srs);
        assertArrayEquals(expected, tiles.render(r, srs), which);
        assertArrayEquals(expected, kept.render(r, srs), which + " (decoded tiles kept)");
      }
    }
    assertEquals(0, tiles.redrawnTiles());
  }

  /** A map at its level's scale, the case the GLOBAL_GEODETIC grid makes of 4326: array copies. */
  @Test
  void aMapAtItsLevelsScaleIsItsTilesPixels() throws Exception {
    // level 2's tile column 3, row 1, shifted by 100 pixels: 256 columns over two tiles
    Request r = TileGrid.box(2, 3, 1);
    double shift = 100 * TileGrid.degreesPerPixel(2);
    Request shifted =
        new Request(TILE, TILE, r.minX() + shift, r.minY(), r.maxX() + shift, r.maxY());
    int[] map = tiles.render(shifted, Srs.EPSG_4326);
    JpegDecoder decoder = new JpegDecoder();
    int[] left = decoder.decode(tiles.tile(2, 3, 1), TILE, TILE);
    int[] right = decoder.decode(tiles.tile(2, 4, 1), TILE, TILE);
    assertNotNull(map);
    for (int y = 0; y < TILE; y++) {
      for (int x = 0; x < TILE; x++) {
        int expected = x < TILE - 100 ? left[y * TILE + x + 100] : right[y * TILE + x + 100 - TILE];
        if (map[y * TILE + x] != expected) {
          assertEquals(expected, map[y * TILE + x], "pixel " + x + ", " + y);
        }
      }
    }
    assertTrue(map.length == TILE * TILE);
  }
}
