package org.wirebench.formats.raster;

/**
 * MapProxy's {@code GLOBAL_GEODETIC} grid: EPSG:4326, 256 × 256 pixel tiles, level 0 two tiles side
 * by side covering the globe (180/256 degrees a pixel), each next level half the resolution. Tiles
 * are numbered from the north-west corner. Levels 0..{@value #MAX_LEVEL}: level 6 is the first
 * finer than the study's finest request (21600 pixels for 360°).
 */
public final class TileGrid {
  public static final int TILE = 256;
  public static final int MAX_LEVEL = 6;

  /**
   * MapProxy's default {@code stretch_factor}: a level up to this much finer than the request is
   * still used (scaled down) rather than the next finer one.
   */
  public static final double STRETCH = 1.15;

  private TileGrid() {}

  /** Degrees a pixel at {@code level}. */
  public static double degreesPerPixel(int level) {
    return 180.0 / TILE / (1 << level);
  }

  public static int tilesWide(int level) {
    return 2 << level;
  }

  public static int tilesHigh(int level) {
    return 1 << level;
  }

  /**
   * The level MapProxy serves a request of {@code degreesPerPixel} from: the coarsest whose
   * resolution is finer than the request's stretched by {@link #STRETCH}, else the finest.
   */
  public static int levelFor(double degreesPerPixel) {
    for (int level = 0; level <= MAX_LEVEL; level++) {
      if (degreesPerPixel(level) <= degreesPerPixel * STRETCH) {
        return level;
      }
    }
    return MAX_LEVEL;
  }

  /**
   * The most tiles a {@code width} × {@code height} map may touch: {@code (⌈2·width/256⌉ + 1) ·
   * (⌈2·height/256⌉ + 1)}, what a map whose box is as wide and high in degrees as its pixels say
   * touches at its level (at most twice as fine as the map on each axis, and one more tile where it
   * straddles a tile edge): 289 for 2048 × 2048, 1089 for 4096 × 4096. A map whose box is stretched
   * (see {@code TileCacheRenderer.level}) is drawn from a coarser level, so that a 2048 × 2048 map
   * of a 360° × 22.5° band touches 256 tiles, not 1024 (four times the decoding, and a whole
   * decoded-tile cache of 256 MiB filled, and so emptied for every other map, by one request).
   */
  public static long maxTiles(int width, int height) {
    return (long) (Math.ceil(2.0 * width / TILE) + 1) * (long) (Math.ceil(2.0 * height / TILE) + 1);
  }

  /** The tile's box as a 256 × 256 request in EPSG:4326. */
  public static WmsRequestList.Request box(int level, int column, int row) {
    double side = TILE * degreesPerPixel(level);
    double minX = -180 + column * side;
    double maxY = 90 - row * side;
    return new WmsRequestList.Request(TILE, TILE, minX, maxY - side, minX + side, maxY);
  }
}
