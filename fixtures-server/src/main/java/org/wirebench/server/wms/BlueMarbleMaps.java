package org.wirebench.server.wms;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.wirebench.formats.raster.BlueMarble;
import org.wirebench.formats.raster.DecodedTileCache;
import org.wirebench.formats.raster.DirectRenderer;
import org.wirebench.formats.raster.MapRenderer;
import org.wirebench.formats.raster.MapRendererKind;
import org.wirebench.formats.raster.Pyramid;
import org.wirebench.formats.raster.TileCacheRenderer;

/**
 * The renderers the WMS endpoints draw with ({@link MapRendererKind}: direct, the tile cache, the
 * tile cache keeping decoded tiles in a memory cache bounded by bytes), over one Blue Marble
 * pyramid built on the first map asked for (about 2 s and 60 MB: a server that never serves a map
 * never pays for it), the tile cache kept under a folder of its own: locked while the server runs,
 * or a private one when another server holds it (see {@link TileCacheRenderer}).
 */
public final class BlueMarbleMaps implements AutoCloseable {
  private volatile Path tileRoot;
  private volatile int upscale = 1;
  private volatile DirectRenderer direct;
  private volatile TileCacheRenderer tiles;
  private volatile MapRenderer decodedTiles;

  public BlueMarbleMaps(Path tileRoot) {
    this.tileRoot = tileRoot;
  }

  /**
   * Draws from the source upscaled {@code factor} times (1, 2 or 4; 4 is the study's 21600 × 10800,
   * about 1.3 GB of pyramid); only before the first map.
   *
   * @throws IllegalArgumentException for another factor
   * @throws IllegalStateException once a map has been drawn
   */
  public synchronized void upscale(int factor) {
    if (!Pyramid.UPSCALES.contains(factor)) {
      throw new IllegalArgumentException(
          "the raster upscale must be one of " + Pyramid.UPSCALES + ", was " + factor);
    }
    if (direct != null) {
      throw new IllegalStateException("the pyramid is built already");
    }
    upscale = factor;
  }

  /**
   * Keeps the tile cache under {@code root}; only before the first tiled map.
   *
   * @throws IllegalStateException once the tile cache is open
   */
  public synchronized void tileRoot(Path root) {
    if (tiles != null) {
      throw new IllegalStateException("the tile cache is open already");
    }
    tileRoot = root;
  }

  /** The renderer {@code kind} names, made on its first use. */
  public MapRenderer renderer(MapRendererKind kind) {
    return switch (kind) {
      case DIRECT -> direct();
      case TILECACHE -> tileCache();
      case TILECACHE_MEMORY -> decodedTileCache();
    };
  }

  public MapRenderer direct() {
    DirectRenderer d = direct;
    if (d == null) {
      synchronized (this) {
        if (direct == null) {
          try {
            direct = new DirectRenderer(Pyramid.of(BlueMarble.read(), upscale));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        d = direct;
      }
    }
    return d;
  }

  public TileCacheRenderer tileCache() {
    TileCacheRenderer t = tiles;
    if (t == null) {
      MapRenderer source = direct();
      synchronized (this) {
        if (tiles == null) {
          tiles =
              new TileCacheRenderer(
                  TileCacheRenderer.folderFor(tileRoot, BlueMarble.WIDTH * upscale), source);
        }
        t = tiles;
      }
    }
    return t;
  }

  /**
   * The tile cache keeping decoded tiles in memory (at most {@link
   * DecodedTileCache#DEFAULT_BYTES}): the same folder of tiles as {@link #tileCache}, which keeps
   * MapProxy's design.
   */
  public MapRenderer decodedTileCache() {
    MapRenderer d = decodedTiles;
    if (d == null) {
      TileCacheRenderer disk = tileCache();
      synchronized (this) {
        if (decodedTiles == null) {
          decodedTiles = disk.keepingDecoded(new DecodedTileCache(DecodedTileCache.DEFAULT_BYTES));
        }
        d = decodedTiles;
      }
    }
    return d;
  }

  /** Lets the tile cache's folder go (a private one is deleted). */
  @Override
  public synchronized void close() throws IOException {
    if (tiles != null) {
      tiles.close();
      tiles = null;
      decodedTiles = null;
    }
  }
}
