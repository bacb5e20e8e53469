package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.raster.WmsRequestList.Request;
import org.wirebench.formats.raster.WmsRequestList.Srs;

/**
 * Nothing in the tile cache's folder is trusted: a damaged tile is redrawn, never served (a cut one
 * drew a grey half, the others failed every map forever), a tile that cannot be stored still serves
 * its map, and a folder held by one renderer is not shared with another.
 */
class TileCacheDamageTest {
  private static final int LEVEL = 2;
  private static final int COLUMN = 5;
  private static final int ROW = 1;
  private static DirectRenderer direct;
  private static byte[] whole;
  private static int[] expected;
  @TempDir Path root;

  @BeforeAll
  static void load() throws Exception {
    direct = new DirectRenderer(Pyramid.of(BlueMarble.read()));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new JpegEncoder().encode(direct.render(tileBox(), Srs.EPSG_4326), 256, 256, out);
    whole = out.toByteArray();
    expected = new JpegDecoder().decode(whole, 256, 256);
  }

  private static Request tileBox() {
    return TileGrid.box(LEVEL, COLUMN, ROW);
  }

  private static byte[] damaged(String kind) throws Exception {
    return switch (kind) {
      case "empty" -> new byte[0];
      case "ten-bytes" -> Arrays.copyOf(whole, 10);
      case "half" -> Arrays.copyOf(whole, whole.length / 2);
      case "no-eoi" -> Arrays.copyOf(whole, whole.length - 2);
      case "garbage" -> {
        byte[] b = new byte[whole.length];
        new Random(24).nextBytes(b);
        yield b;
      }
      case "wrong-size" -> {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new JpegEncoder().encode(new int[128 * 128], 128, 128, out);
        yield out.toByteArray();
      }
      default -> throw new IllegalArgumentException(kind);
    };
  }

  @ParameterizedTest
  @ValueSource(strings = {"empty", "ten-bytes", "half", "no-eoi", "garbage", "wrong-size"})
  void aDamagedTileIsRedrawnNotServed(String kind) throws Exception {
    Path folder = TileCacheRenderer.folderFor(root, 5400);
    Path file = tileFile(folder);
    Files.createDirectories(file.getParent());
    Files.write(file, damaged(kind));
    try (TileCacheRenderer tiles = new TileCacheRenderer(folder, direct)) {
      assertArrayEquals(expected, tiles.render(tileBox(), Srs.EPSG_4326), kind);
      assertEquals(1, tiles.redrawnTiles(), kind);
      assertArrayEquals(whole, Files.readAllBytes(file), "the tile on disk is whole again");
      // read back as it is now, not drawn a second time
      assertArrayEquals(expected, tiles.render(tileBox(), Srs.EPSG_4326), kind);
      assertEquals(1, tiles.redrawnTiles(), kind);
      assertArrayEquals(whole, tiles.tile(LEVEL, COLUMN, ROW));
    }
  }

  /**
   * A tile's place holding no tile file of the cache's own: a link to a whole tile of another place
   * (it was followed and its map served), or a file larger than any tile. Redrawn, and the link
   * replaced by the tile, its target left as it was.
   */
  @ParameterizedTest
  @ValueSource(strings = {"link", "too-large"})
  void aTileThatIsNoFileOfTheCacheIsRedrawn(String kind) throws Exception {
    Path folder = TileCacheRenderer.folderFor(root, 5400);
    Path file = tileFile(folder);
    Files.createDirectories(file.getParent());
    byte[] planted = neighbourTile();
    Path elsewhere = Files.write(root.resolve("elsewhere.jpg"), planted);
    if (kind.equals("link")) {
      Files.createSymbolicLink(file, elsewhere);
    } else {
      byte[] large = Arrays.copyOf(whole, TileCacheRenderer.MAX_TILE_BYTES + 1);
      Files.write(file, large);
    }
    try (TileCacheRenderer tiles = new TileCacheRenderer(folder, direct)) {
      assertArrayEquals(expected, tiles.render(tileBox(), Srs.EPSG_4326), kind);
      assertEquals(1, tiles.redrawnTiles(), kind);
      assertFalse(Files.isSymbolicLink(file), "the tile is a file of the cache now");
      assertArrayEquals(whole, Files.readAllBytes(file));
      assertArrayEquals(planted, Files.readAllBytes(elsewhere), "never written");
    }
  }

  /** A FIFO in a tile's place is never opened (a request waited for a writer for ever). */
  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aFifoInATilesPlaceIsNotOpened() throws Exception {
    Path folder = TileCacheRenderer.folderFor(root, 5400);
    Path file = tileFile(folder);
    Files.createDirectories(file.getParent());
    Process mkfifo = new ProcessBuilder("mkfifo", file.toString()).inheritIO().start();
    Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");
    try (TileCacheRenderer tiles = new TileCacheRenderer(folder, direct)) {
      assertArrayEquals(expected, tiles.render(tileBox(), Srs.EPSG_4326));
      assertEquals(1, tiles.redrawnTiles());
      assertArrayEquals(whole, Files.readAllBytes(file), "replaced by the tile");
    }
  }

  /**
   * A folder another user could have filled (writable by anyone, or another user's: the default
   * root's name is known to all) is not taken as a cache: its tiles are never served, the maps are
   * drawn uncached. Another user is uid 65534 (nobody), which only root can give a folder.
   */
  @ParameterizedTest
  @ValueSource(strings = {"anyone-writes", "another-users"})
  void aFolderAnotherUserCouldHaveFilledIsNotUsed(String kind) throws Exception {
    Path tileRoot = Files.createDirectory(root.resolve("shared"));
    Path folder = TileCacheRenderer.folderFor(tileRoot, 5400);
    Path file = tileFile(folder);
    Files.createDirectories(file.getParent());
    byte[] planted = neighbourTile();
    Files.write(file, planted);
    if (kind.equals("anyone-writes")) {
      Files.setPosixFilePermissions(
          folder, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
    } else {
      Assumptions.assumeTrue(
          Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid")),
          "run as root, which can give a folder to another user");
      Files.setAttribute(tileRoot, "unix:uid", 65534);
    }
    try (TileCacheRenderer tiles = new TileCacheRenderer(folder, direct)) {
      assertArrayEquals(expected, tiles.render(tileBox(), Srs.EPSG_4326), kind);
      assertEquals(1, tiles.unstoredTiles(), kind);
    }
    assertArrayEquals(planted, Files.readAllBytes(file), "left as it was");
  }

  /** The cache's own tile() answer is checked too: what the seeding and tests read. */
  @Test
  void tileBytesAreCheckedToo() throws Exception {
    Path folder = TileCacheRenderer.folderFor(root, 5400);
    Path file = tileFile(folder);
    Files.createDirectories(file.getParent());
    Files.write(file, damaged("half"));
    try (TileCacheRenderer tiles = new TileCacheRenderer(folder, direct)) {
      assertArrayEquals(whole, tiles.tile(LEVEL, COLUMN, ROW));
    }
  }

  /** A tile that cannot be written (here its folder is a file) still serves its map. */
  @Test
  void aFailedWriteLeavesTheMapWhole() throws Exception {
    Path folder = TileCacheRenderer.folderFor(root, 5400);
    Files.createDirectories(folder.resolve(String.valueOf(LEVEL)));
    Files.write(folder.resolve(LEVEL + "/" + COLUMN), new byte[] {1});
    try (TileCacheRenderer tiles = new TileCacheRenderer(folder, direct)) {
      assertArrayEquals(expected, tiles.render(tileBox(), Srs.EPSG_4326));
      assertArrayEquals(expected, tiles.render(tileBox(), Srs.EPSG_4326));
      assertEquals(2, tiles.unstoredTiles());
      assertEquals(0, storedTiles(tiles.directory()));
    }
    try (var files = Files.walk(folder)) {
      assertFalse(files.anyMatch(p -> p.toString().endsWith(".part")), "no part file left");
    }
  }

  /**
   * Private folders left by killed servers are deleted when the folder is next taken; one a live
   * renderer holds is left alone.
   */
  @Test
  void abandonedPrivateFoldersAreDeleted() throws Exception {
    Path folder = TileCacheRenderer.folderFor(root, 5400);
    Path abandoned = Path.of(folder + "-private-1");
    Files.createDirectories(abandoned.resolve("2/5"));
    Files.write(abandoned.resolve(TileCacheRenderer.LOCK_FILE), new byte[0]);
    Files.write(abandoned.resolve("2/5/1.jpg"), whole);
    Path held;
    try (TileCacheRenderer owner = new TileCacheRenderer(folder, direct);
        TileCacheRenderer other = new TileCacheRenderer(folder, direct)) {
      assertFalse(Files.exists(abandoned), "the abandoned folder is deleted");
      held = other.directory();
      owner.close();
      try (TileCacheRenderer again = new TileCacheRenderer(folder, direct)) {
        assertTrue(Files.isDirectory(held), "a folder in use is left alone");
      }
    }
    assertFalse(Files.exists(held));
  }

  /** A cache folder that cannot be made at all (its parent is a file): maps are drawn uncached. */
  @Test
  void anUnusableFolderLeavesTheMapsWhole() throws Exception {
    Path file = root.resolve("not-a-folder");
    Files.write(file, new byte[] {1});
    try (TileCacheRenderer tiles = new TileCacheRenderer(file.resolve("cache"), direct)) {
      assertArrayEquals(expected, tiles.render(tileBox(), Srs.EPSG_4326));
      assertEquals(1, tiles.unstoredTiles());
      assertEquals(0, storedTiles(tiles.directory()));
    }
  }

  /**
   * A second renderer on a folder in use gets a private one beside it, deleted when it closes; the
   * first keeps its folder and its tiles.
   */
  @Test
  void aFolderInUseIsNotShared() throws Exception {
    Path folder = TileCacheRenderer.folderFor(root, 5400);
    try (TileCacheRenderer first = new TileCacheRenderer(folder, direct)) {
      first.tile(LEVEL, COLUMN, ROW);
      Path other;
      try (TileCacheRenderer second = new TileCacheRenderer(folder, direct)) {
        other = second.directory();
        assertNotEquals(folder, other);
        assertEquals(folder.getParent(), other.getParent());
        assertEquals(0, storedTiles(second.directory()));
        assertArrayEquals(expected, second.render(tileBox(), Srs.EPSG_4326));
        assertEquals(1, storedTiles(second.directory()));
      }
      assertFalse(Files.exists(other), "the private folder is deleted");
      assertEquals(folder, first.directory());
      assertEquals(1, storedTiles(first.directory()));
    }
    try (TileCacheRenderer again = new TileCacheRenderer(folder, direct)) {
      assertEquals(folder, again.directory(), "released on close");
      assertTrue(storedTiles(again.directory()) == 1);
    }
  }

  /** The tiles a renderer's folder holds on disk now. */
  private static long storedTiles(Path directory) throws java.io.IOException {
    if (!Files.isDirectory(directory)) {
      return 0;
    }
    try (var files = Files.walk(directory)) {
      return files.filter(p -> p.toString().endsWith(".jpg")).count();
    }
  }

  /** Where the tile under test lies in a cache folder. */
  private static Path tileFile(Path folder) {
    return folder.resolve(LEVEL + "/" + COLUMN + "/" + ROW + ".jpg");
  }

  /** A real tile of another place: the map a planted file would show instead of the right one. */
  private byte[] neighbourTile() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new JpegEncoder()
        .encode(direct.render(TileGrid.box(LEVEL, COLUMN + 1, ROW), Srs.EPSG_4326), 256, 256, out);
    return out.toByteArray();
  }
}
