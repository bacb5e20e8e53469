package org.wirebench.bench.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.raster.BlueMarble;
import org.wirebench.formats.raster.DirectRenderer;
import org.wirebench.formats.raster.Pyramid;
import org.wirebench.formats.raster.TileCacheRenderer;
import org.wirebench.formats.raster.WmsRequestList;

/**
 * The paired runner sets up both tile-cache variants of the raster group in one JVM: they share one
 * cache, where the second used to find the folder locked by the first and draw its tiles again into
 * a private one; the folder is let go once both trials ended.
 */
class RasterTileCacheSharedTest {
  private static RasterBenchmark tileCache(String srs) throws IOException {
    RasterBenchmark b = new RasterBenchmark();
    b.renderer = "tilecache";
    b.srs = srs;
    b.upscale = 1;
    b.setUp();
    return b;
  }

  @Test
  void bothTileCacheVariantsOfOneJvmShareOneCache() throws IOException {
    Path folder = TileCacheRenderer.folderFor(TileCacheRenderer.defaultRoot(), BlueMarble.WIDTH);
    RasterBenchmark geographic = tileCache("EPSG:4326");
    RasterBenchmark mercator = tileCache("EPSG:3857");
    Path used = geographic.tiles.directory();
    try {
      // one cache: the second variant did not take a private folder of its own
      assertSame(geographic.tiles, mercator.tiles);
      geographic.tearDown();
      // still open for the trial that goes on
      WmsRequestList.Request r = mercator.requests.get(0);
      assertEquals(r.width() * r.height(), mercator.maps.render(r, mercator.which).length);
    } finally {
      geographic.tearDown();
      mercator.tearDown();
    }
    if (!used.equals(folder)) {
      // another process (a server) held the folder: the private one went with the last trial
      assertFalse(Files.exists(used), used::toString);
      return;
    }
    // let go: the next cache takes the folder itself, not a private one beside it
    try (TileCacheRenderer next =
        new TileCacheRenderer(folder, new DirectRenderer(Pyramid.of(BlueMarble.read(), 1)))) {
      assertEquals(folder, next.directory());
    }
  }
}
