package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.raster.WmsRequestList.Request;
import org.wirebench.formats.raster.WmsRequestList.Srs;

/**
 * One map touches at most {@link TileGrid#maxTiles} tiles: a 2048 × 2048 map of a 360° × 22.5° band
 * touched 1024 level-6 tiles (1.5 s instead of 0.095 s on /tiled/memory/wms, and the whole 256 MiB
 * decoded-tile cache filled by one request). Maps whose boxes match their sizes, which is every map
 * of the study's request lists, keep MapProxy's level.
 */
class TileBoundTest {
  @TempDir Path root;

  @Test
  void aStretchedBandTouchesAtMostTheBound() throws Exception {
    AtomicInteger drawn = new AtomicInteger();
    // the tiles' pixels do not matter here, only how many are asked for
    MapRenderer source =
        (request, srs) -> {
          drawn.incrementAndGet();
          return new int[request.width() * request.height()];
        };
    try (TileCacheRenderer disk = new TileCacheRenderer(root.resolve("tiles"), source)) {
      DecodedTileCache memory = new DecodedTileCache(DecodedTileCache.DEFAULT_BYTES);
      Request band = new Request(2048, 2048, -180, 22.5, 180, 45);
      int[] map = disk.keepingDecoded(memory).render(band, Srs.EPSG_4326);
      assertEquals(2048 * 2048, map.length);
      long bound = TileGrid.maxTiles(2048, 2048);
      assertEquals(289, bound);
      assertTrue(memory.loads() <= bound, memory.loads() + " tiles touched, the bound " + bound);
      assertTrue(drawn.get() <= bound, drawn.get() + " tiles drawn");
    }
  }

  @Test
  void theStudysMapsKeepMapProxysLevel() {
    for (Srs srs : Srs.values()) {
      for (Request r : WmsRequestList.generate(srs, 2000, 42)) {
        Sampling at = new Sampling(r, srs);
        assertEquals(
            TileGrid.levelFor(at.boxDegreesPerPixel), TileCacheRenderer.level(r, at), r.row(srs));
      }
    }
  }
}
