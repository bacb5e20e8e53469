package org.wirebench.formats.raster;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A map put together from one level's tiles: each output pixel is the tile pixel its column and row
 * index ({@link Sampling#columns}, {@link Sampling#rows}) name, or {@link MapRenderer#OFF_GLOBE}
 * where either is -1. The output's columns are cut once a map into runs lying in one tile, so a row
 * costs a tile look-up a run, not a hash look-up a pixel; a run of consecutive tile pixels (the map
 * at its level's scale) is one array copy, and a row sampling the same tile row as the one above it
 * (a map finer than its level) is a copy of that row. Every tile a pixel touches is fetched once a
 * map, no other.
 */
final class TileMosaic {

  /** A tile's 256 × 256 packed RGB pixels, row by row. */
  @FunctionalInterface
  interface Tiles {
    int[] pixels(int column, int row) throws IOException;
  }

  private TileMosaic() {}

  /**
   * @param columns each output column's pixel column in the level (-1: off the globe)
   * @param rows each output row's pixel row in the level, from the north (-1: off the globe)
   */
  static int[] draw(int[] columns, int[] rows, Tiles tiles) throws IOException {
    return draw(columns, rows, tiles, RowWatch.NONE);
  }

  /** The same, telling {@code watch} of the rows drawn as it goes. */
  static int[] draw(int[] columns, int[] rows, Tiles tiles, RowWatch watch) throws IOException {
    int width = columns.length;
    int size = TileGrid.TILE;
    // runs: [start[r], start[r + 1]) off the globe (tile -1) or in tile column tile[r]
    int[] start = new int[width + 1];
    int[] tile = new int[width];
    boolean[] consecutive = new boolean[width];
    int[] inTile = new int[width];
    int runs = 0;
    for (int i = 0; i < width; i++) {
      int t = columns[i] < 0 ? -1 : columns[i] / size;
      inTile[i] = columns[i] < 0 ? 0 : columns[i] % size;
      if (runs > 0 && tile[runs - 1] == t) {
        consecutive[runs - 1] &= t < 0 || columns[i] == columns[i - 1] + 1;
        continue;
      }
      start[runs] = i;
      tile[runs] = t;
      consecutive[runs] = true;
      runs++;
    }
    start[runs] = width;
    int[] out = new int[width * rows.length];
    Map<Long, int[]> fetched = new HashMap<>();
    int[][] band = new int[runs][];
    int bandRow = -1;
    for (int j = 0; j < rows.length; j++) {
      if (j % RowWatch.ROWS == 0) {
        watch.drawn(j == 0 ? 0 : RowWatch.ROWS);
      }
      int to = j * width;
      int y = rows[j];
      if (y < 0) {
        Arrays.fill(out, to, to + width, MapRenderer.OFF_GLOBE);
        continue;
      }
      if (j > 0 && y == rows[j - 1]) {
        System.arraycopy(out, to - width, out, to, width);
        continue;
      }
      int tileRow = y / size;
      if (tileRow != bandRow) {
        Arrays.fill(band, null);
        bandRow = tileRow;
      }
      int inRow = (y % size) * size;
      for (int r = 0; r < runs; r++) {
        int from = start[r];
        int end = start[r + 1];
        if (tile[r] < 0) {
          Arrays.fill(out, to + from, to + end, MapRenderer.OFF_GLOBE);
          continue;
        }
        int[] pixels = band[r];
        if (pixels == null) {
          long key = (long) tile[r] << 32 | tileRow;
          pixels = fetched.get(key);
          if (pixels == null) {
            pixels = tiles.pixels(tile[r], tileRow);
            fetched.put(key, pixels);
          }
          band[r] = pixels;
        }
        if (consecutive[r]) {
          System.arraycopy(pixels, inRow + inTile[from], out, to + from, end - from);
        } else {
          for (int i = from; i < end; i++) {
            out[to + i] = pixels[inRow + inTile[i]];
          }
        }
      }
    }
    return out;
  }
}
