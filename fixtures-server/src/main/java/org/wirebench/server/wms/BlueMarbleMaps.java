package org.wirebench.server.wms;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.wirebench.formats.raster.BlueMarble;
import org.wirebench.formats.raster.DirectRenderer;
import org.wirebench.formats.raster.MapRenderer;
import org.wirebench.formats.raster.Pyramid;
import org.wirebench.formats.raster.TileCacheRenderer;

/**
 * The two renderers the WMS endpoints draw with, over one Blue Marble pyramid built on the first
 * map asked for (about 2 s and 60 MB: a server that never serves a map never pays for it), the tile
 * cache kept under a folder of its own.
 */
public final class BlueMarbleMaps {
  /** Where the tile cache is kept unless told: {@code java.io.tmpdir/wirebench-tiles}. */
  public static Path defaultTileRoot() {
    return Path.of(System.getProperty("java.io.tmpdir"), "wirebench-tiles");
  }

  private final Path tileRoot;
  private volatile DirectRenderer direct;
  private volatile TileCacheRenderer tiles;

  public BlueMarbleMaps(Path tileRoot) {
    this.tileRoot = tileRoot;
  }

  public MapRenderer direct() {
    DirectRenderer d = direct;
    if (d == null) {
      synchronized (this) {
        if (direct == null) {
          try {
            direct = new DirectRenderer(Pyramid.of(BlueMarble.read()));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        d = direct;
      }
    }
    return d;
  }

  public MapRenderer tileCache() {
    TileCacheRenderer t = tiles;
    if (t == null) {
      MapRenderer source = direct();
      synchronized (this) {
        if (tiles == null) {
          try {
            tiles =
                new TileCacheRenderer(
                    TileCacheRenderer.folderFor(tileRoot, BlueMarble.WIDTH), source);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        t = tiles;
      }
    }
    return t;
  }
}
