package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.raster.WmsRequestList.Request;
import org.wirebench.formats.raster.WmsRequestList.Srs;

/**
 * The tile cache keeping decoded tiles in memory draws the very maps the plain cache draws, and a
 * tile it holds is neither read from disk nor drawn again; it keeps no more than it is allowed.
 */
class DecodedTileCacheTest {
  @TempDir Path root;

  @Test
  void sameMapsAndHeldTilesAreNotReadAgain() throws Exception {
    DirectRenderer direct = new DirectRenderer(Pyramid.of(BlueMarble.read()));
    AtomicInteger drawn = new AtomicInteger();
    MapRenderer counted =
        (request, srs) -> {
          drawn.incrementAndGet();
          return direct.render(request, srs);
        };
    Path folder = TileCacheRenderer.folderFor(root, 5400);
    try (TileCacheRenderer disk = new TileCacheRenderer(folder, counted)) {
      DecodedTileCache memory = new DecodedTileCache(DecodedTileCache.DEFAULT_TILES);
      MapRenderer kept = disk.keepingDecoded(memory);
      List<Request> maps = WmsRequestList.generate(Srs.EPSG_4326, 12, 3);
      for (Srs srs : Srs.values()) {
        for (Request r : WmsRequestList.generate(srs, 12, 3)) {
          assertArrayEquals(disk.render(r, srs), kept.render(r, srs), r.row(srs));
        }
      }
      assertTrue(memory.size() > 0);
      // the tiles go from disk: a plain map would draw them all again, the kept ones do not
      try (var files = Files.walk(folder)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          if (p.toString().endsWith(".jpg")) {
            Files.delete(p);
          }
        }
      }
      int before = drawn.get();
      long hits = memory.hits();
      for (Request r : maps) {
        kept.render(r, Srs.EPSG_4326);
      }
      assertEquals(before, drawn.get(), "tiles held in memory were drawn again");
      assertTrue(memory.hits() > hits);
      disk.render(maps.get(0), Srs.EPSG_4326);
      assertTrue(drawn.get() > before, "the plain cache reads its tiles from disk");
    }
  }

  @Test
  void keepsAtMostItsBoundLeastRecentlyUsedOut() {
    DecodedTileCache memory = new DecodedTileCache(2);
    memory.put(DecodedTileCache.key(1, 0, 0), new int[] {1});
    memory.put(DecodedTileCache.key(1, 0, 1), new int[] {2});
    memory.get(DecodedTileCache.key(1, 0, 0)); // used: the other one is the eldest now
    memory.put(DecodedTileCache.key(6, 127, 63), new int[] {3});
    assertEquals(2, memory.size());
    assertEquals(null, memory.get(DecodedTileCache.key(1, 0, 1)));
    assertArrayEquals(new int[] {1}, memory.get(DecodedTileCache.key(1, 0, 0)));
    assertArrayEquals(new int[] {3}, memory.get(DecodedTileCache.key(6, 127, 63)));
    assertThrows(IllegalArgumentException.class, () -> new DecodedTileCache(0));
    assertThrows(IllegalArgumentException.class, () -> new DecodedTileCache(65_537));
  }
}
