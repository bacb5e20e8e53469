package org.wirebench.formats.raster;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decoded tiles kept in memory between requests, at most {@link #maxBytes} of them counted as
 * {@link #TILE_BYTES} each (the pixels, the array's header and the map entry), the least recently
 * used let go first: what a tile cache can do beyond MapProxy's design, which reads and decodes
 * every tile a map touches on every request (the JDK's JPEG decoder took 0.47–0.77 ms a tile, most
 * of a cached map's time). Threads missing the same tile at once decode it once: the first loads
 * it, the others wait for its pixels (or its failure, which is not kept). Thread-safe; the tiles
 * handed out are shared and must not be changed.
 */
public final class DecodedTileCache {
  /** What one kept tile counts against the bound: 256 × 256 ints, the array header, the entry. */
  public static final long TILE_BYTES = 4L * TileGrid.TILE * TileGrid.TILE + 16 + 80;

  /** The bound by default: 256 MiB, 1,023 tiles. */
  public static final long DEFAULT_BYTES = 256L << 20;

  /** The smallest bound: one tile. */
  public static final long MIN_BYTES = TILE_BYTES;

  /** The largest bound: 16 GiB. */
  public static final long MAX_BYTES = 16L << 30;

  /** Draws a tile's pixels when the cache does not hold them. */
  @FunctionalInterface
  public interface Loader {
    int[] load() throws IOException;
  }

  private final long maxBytes;
  private final LinkedHashMap<Long, int[]> tiles = new LinkedHashMap<>(16, 0.75f, true);
  private final Map<Long, CompletableFuture<int[]>> loading = new HashMap<>();
  private long bytes;
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();
  private final AtomicLong loads = new AtomicLong();

  /**
   * @param maxBytes bytes of tiles kept at most, {@link #MIN_BYTES}..{@link #MAX_BYTES}
   * @throws IllegalArgumentException outside that range
   */
  public DecodedTileCache(long maxBytes) {
    if (maxBytes < MIN_BYTES || maxBytes > MAX_BYTES) {
      throw new IllegalArgumentException(
          "decoded tiles' memory must be "
              + MIN_BYTES
              + ".."
              + MAX_BYTES
              + " bytes (one tile to 16 GiB), was "
              + maxBytes);
    }
    this.maxBytes = maxBytes;
  }

  static long key(int level, int column, int row) {
    return (long) level << 48 | (long) column << 24 | row;
  }

  /**
   * The tile's pixels: kept ones, else those another thread is loading now, else {@code loader}'s
   * (kept then, letting the least recently used go until the bound holds).
   *
   * @throws IOException what the loader threw (for every thread that waited on it)
   */
  public int[] get(long key, Loader loader) throws IOException {
    CompletableFuture<int[]> pending;
    boolean mine = false;
    synchronized (this) {
      int[] kept = tiles.get(key);
      if (kept != null) {
        hits.incrementAndGet();
        return kept;
      }
      misses.incrementAndGet();
      pending = loading.get(key);
      if (pending == null) {
        pending = new CompletableFuture<>();
        loading.put(key, pending);
        mine = true;
      }
    }
    return mine ? load(key, loader, pending) : await(pending);
  }

  private int[] load(long key, Loader loader, CompletableFuture<int[]> pending) throws IOException {
    int[] pixels;
    try {
      loads.incrementAndGet();
      pixels = loader.load();
    } catch (IOException | RuntimeException | Error e) {
      synchronized (this) {
        loading.remove(key);
      }
      pending.completeExceptionally(e);
      throw e;
    }
    synchronized (this) {
      loading.remove(key);
      if (tiles.put(key, pixels) == null) {
        bytes += TILE_BYTES;
      }
      var eldest = tiles.entrySet().iterator();
      while (bytes > maxBytes && eldest.hasNext()) {
        eldest.next();
        eldest.remove();
        bytes -= TILE_BYTES;
      }
    }
    pending.complete(pixels);
    return pixels;
  }

  private static int[] await(CompletableFuture<int[]> pending) throws IOException {
    try {
      return pending.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted waiting for a tile another map is decoding");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IOException(cause);
    }
  }

  /** Tiles kept now. */
  public synchronized int size() {
    return tiles.size();
  }

  /** Bytes kept now, counted as {@link #TILE_BYTES} a tile; never above {@link #maxBytes}. */
  public synchronized long bytes() {
    return bytes;
  }

  public long maxBytes() {
    return maxBytes;
  }

  /** Look-ups that found their tile kept, since this cache was made. */
  public long hits() {
    return hits.get();
  }

  /** Look-ups that did not (they loaded the tile or waited for another thread's load). */
  public long misses() {
    return misses.get();
  }

  /** Tiles loaded (read and decoded, or drawn) since this cache was made. */
  public long loads() {
    return loads.get();
  }
}
