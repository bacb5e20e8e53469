package org.wirebench.formats.raster;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decoded tiles kept in memory between requests, at most {@code maxTiles} of them (256 KiB each),
 * the least recently used let go first: what a tile cache can do beyond MapProxy's design, which
 * reads and decodes every tile a map touches on every request (the JDK's JPEG decoder took
 * 0.47–0.77 ms a tile, most of a cached map's time). Thread-safe; the tiles handed out are shared
 * and must not be changed.
 */
public final class DecodedTileCache {
  /** Tiles kept by default: 1,024, 256 MiB of pixels. */
  public static final int DEFAULT_TILES = 1024;

  private final int maxTiles;
  private final Map<Long, int[]> tiles;
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();

  /**
   * @param maxTiles tiles kept at most, 1..65536
   * @throws IllegalArgumentException outside that range
   */
  public DecodedTileCache(int maxTiles) {
    if (maxTiles < 1 || maxTiles > 65_536) {
      throw new IllegalArgumentException("decoded tiles kept must be 1..65536, was " + maxTiles);
    }
    this.maxTiles = maxTiles;
    this.tiles =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Long, int[]> eldest) {
            return size() > DecodedTileCache.this.maxTiles;
          }
        };
  }

  static long key(int level, int column, int row) {
    return (long) level << 48 | (long) column << 24 | row;
  }

  /** The tile's pixels if kept, else null. */
  synchronized int[] get(long key) {
    int[] pixels = tiles.get(key);
    if (pixels == null) {
      misses.incrementAndGet();
    } else {
      hits.incrementAndGet();
    }
    return pixels;
  }

  synchronized void put(long key, int[] pixels) {
    tiles.put(key, pixels);
  }

  /** Tiles kept now. */
  public synchronized int size() {
    return tiles.size();
  }

  public int maxTiles() {
    return maxTiles;
  }

  /** Look-ups that found their tile, since this cache was made. */
  public long hits() {
    return hits.get();
  }

  /** Look-ups that did not. */
  public long misses() {
    return misses.get();
  }
}
