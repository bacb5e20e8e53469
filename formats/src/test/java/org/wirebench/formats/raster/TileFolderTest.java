package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A private tile folder can be deleted by two at once: its owner closing, and a new cache taking
 * the shared folder and clearing it as abandoned the moment the owner's lock is gone. Neither may
 * fail for what the other deleted first (a walk that met a vanished level failed a JMH trial's
 * setup while a server on the same machine closed its cache).
 */
class TileFolderTest {
  @TempDir Path root;

  @Test
  void twoDeletingTheSameFolderAtOnceBothSucceed() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      // a race, not a certainty: on the old walk one to five rounds of these 50 failed (3 runs
      // of 3); small trees, so the class takes seconds
      for (int round = 0; round < 50; round++) {
        Path folder = root.resolve("bluemarble-private-" + round);
        for (int level = 0; level < 4; level++) {
          for (int column = 0; column < 4; column++) {
            Path dir = Files.createDirectories(folder.resolve(level + "/" + column));
            for (int row = 0; row < 2; row++) {
              Files.write(dir.resolve(row + ".jpg"), new byte[] {1});
            }
          }
        }
        CyclicBarrier start = new CyclicBarrier(2);
        List<Future<?>> both = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
          both.add(
              pool.submit(
                  () -> {
                    start.await();
                    TileFolder.deleteTree(folder);
                    return null;
                  }));
        }
        for (Future<?> f : both) {
          f.get(); // an exception in either deletion fails the test here
        }
        assertFalse(Files.exists(folder), folder + " is still there");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * A tile half-written by a killed server (its tile*.part beside the tiles) is deleted by the next
   * cache to take the folder; the tiles stay. It stayed for good, one for each such kill.
   */
  @Test
  void takingTheFolderDeletesAKilledOwnersHalfWrittenTiles() throws Exception {
    Path folder = root.resolve("bluemarble");
    Path level = Files.createDirectories(folder.resolve("0/0"));
    Path tile = Files.write(level.resolve("0.jpg"), new byte[] {1});
    Path half = Files.write(level.resolve("tile123456.part"), new byte[] {1});
    try (TileFolder taken = new TileFolder(folder)) {
      assertFalse(Files.exists(half), "the killed owner's half tile");
      org.junit.jupiter.api.Assertions.assertTrue(Files.exists(tile), "a tile of the cache");
    }
  }
}
