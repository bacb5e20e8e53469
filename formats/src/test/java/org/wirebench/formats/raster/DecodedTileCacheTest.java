package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.raster.WmsRequestList.Request;
import org.wirebench.formats.raster.WmsRequestList.Srs;

/**
 * The tile cache keeping decoded tiles in memory draws the very maps the plain cache draws, and a
 * tile it holds is neither read from disk nor drawn again; it keeps no more bytes than it is
 * allowed, and threads missing the same tile at once decode it once.
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
      DecodedTileCache memory = new DecodedTileCache(DecodedTileCache.DEFAULT_BYTES);
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
  void keepsAtMostItsBoundInBytesLeastRecentlyUsedOut() throws Exception {
    DecodedTileCache memory = new DecodedTileCache(2 * DecodedTileCache.TILE_BYTES + 1);
    memory.get(DecodedTileCache.key(1, 0, 0), () -> new int[] {1});
    memory.get(DecodedTileCache.key(1, 0, 1), () -> new int[] {2});
    memory.get(DecodedTileCache.key(1, 0, 0), () -> fail("kept")); // used: 1/0/1 is the eldest
    memory.get(DecodedTileCache.key(6, 127, 63), () -> new int[] {3});
    assertEquals(2, memory.size());
    assertEquals(2 * DecodedTileCache.TILE_BYTES, memory.bytes());
    assertArrayEquals(new int[] {1}, memory.get(DecodedTileCache.key(1, 0, 0), () -> fail("kept")));
    assertArrayEquals(
        new int[] {3}, memory.get(DecodedTileCache.key(6, 127, 63), () -> fail("kept")));
    assertArrayEquals(
        new int[] {4}, memory.get(DecodedTileCache.key(1, 0, 1), () -> new int[] {4}));
    assertEquals(4, memory.loads());
    assertThrows(
        IllegalArgumentException.class,
        () -> new DecodedTileCache(DecodedTileCache.TILE_BYTES - 1));
    assertThrows(IllegalArgumentException.class, () -> new DecodedTileCache((16L << 30) + 1));
  }

  /** Maps touching far more tiles than the bound holds: after each one, the bound holds. */
  @Test
  void memoryNeverGrowsPastItsBoundWhileServingMaps() throws Exception {
    DirectRenderer direct = new DirectRenderer(Pyramid.of(BlueMarble.read()));
    try (TileCacheRenderer disk =
        new TileCacheRenderer(TileCacheRenderer.folderFor(root, 5400), direct)) {
      long bound = 5 * DecodedTileCache.TILE_BYTES + DecodedTileCache.TILE_BYTES / 2;
      DecodedTileCache memory = new DecodedTileCache(bound);
      MapRenderer kept = disk.keepingDecoded(memory);
      for (Srs srs : Srs.values()) {
        for (Request r : WmsRequestList.generate(srs, 16, 5)) {
          assertArrayEquals(disk.render(r, srs), kept.render(r, srs), r.row(srs));
          assertTrue(memory.bytes() <= bound, memory.bytes() + " bytes kept, bound " + bound);
          assertTrue(memory.size() <= 5, memory.size() + " tiles kept, room for 5");
          assertEquals(memory.size() * DecodedTileCache.TILE_BYTES, memory.bytes());
        }
      }
      assertTrue(memory.loads() > 5, "the maps touched more tiles than it keeps");
      assertEquals(5, memory.size());
    }
  }

  /** Threads missing the same tile at once: one loads it, all get its pixels. */
  @Test
  void concurrentMissesOfOneTileLoadItOnce() throws Exception {
    DecodedTileCache memory = new DecodedTileCache(DecodedTileCache.DEFAULT_BYTES);
    int threads = 8;
    long key = DecodedTileCache.key(3, 4, 5);
    int[] tile = new int[TileGrid.TILE * TileGrid.TILE];
    AtomicInteger loads = new AtomicInteger();
    DecodedTileCache.Loader slow =
        () -> {
          loads.incrementAndGet();
          // hold the load until every thread has looked the tile up (60 s at most: a bound for
          // a starved machine; sleeping, not spinning, so the other threads get the cores)
          long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
          while (memory.misses() < threads && System.nanoTime() < until) {
            try {
              Thread.sleep(1);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new java.io.InterruptedIOException("the test ended");
            }
          }
          return tile.clone();
        };
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<int[]>> got = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        got.add(pool.submit(() -> memory.get(key, slow)));
      }
      int[] first = got.get(0).get(90, TimeUnit.SECONDS);
      for (Future<int[]> f : got) {
        assertTrue(first == f.get(90, TimeUnit.SECONDS), "a thread got another tile's pixels");
      }
      assertEquals(threads, memory.misses());
      assertEquals(1, loads.get(), "the tile was decoded once per thread, not once");
      assertEquals(1, memory.loads());
    } finally {
      pool.shutdownNow();
    }
  }

  /** A load that fails fails every thread waiting on it and keeps nothing; the next one loads. */
  @Test
  void aFailedLoadIsNotKept() throws Exception {
    DecodedTileCache memory = new DecodedTileCache(DecodedTileCache.DEFAULT_BYTES);
    long key = DecodedTileCache.key(0, 0, 0);
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                memory.get(
                    key,
                    () -> {
                      throw new IOException("damaged");
                    }));
    assertEquals("damaged", e.getMessage());
    assertEquals(0, memory.size());
    assertArrayEquals(new int[] {7}, memory.get(key, () -> new int[] {7}));
  }

  /** Maps drawn by several threads at once from the kept tiles are the plain cache's maps. */
  @Test
  void concurrentMapsAreThePlainCachesMaps() throws Exception {
    DirectRenderer direct = new DirectRenderer(Pyramid.of(BlueMarble.read()));
    try (TileCacheRenderer disk =
        new TileCacheRenderer(TileCacheRenderer.folderFor(root, 5400), direct)) {
      List<Request> maps = WmsRequestList.generate(Srs.EPSG_3857, 6, 9);
      List<int[]> expected = new ArrayList<>();
      for (Request r : maps) {
        expected.add(disk.render(r, Srs.EPSG_3857));
      }
      DecodedTileCache memory = new DecodedTileCache(DecodedTileCache.DEFAULT_BYTES);
      MapRenderer kept = disk.keepingDecoded(memory);
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<?>> runs = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
          runs.add(
              pool.submit(
                  () -> {
                    for (int i = 0; i < maps.size(); i++) {
                      assertArrayEquals(expected.get(i), kept.render(maps.get(i), Srs.EPSG_3857));
                    }
                    return null;
                  }));
        }
        for (Future<?> f : runs) {
          f.get(60, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      assertEquals(memory.size(), memory.loads(), "a kept tile was loaded twice");
    }
  }

  private static int[] fail(String why) {
    throw new AssertionError(why);
  }
}
