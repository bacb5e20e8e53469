package org.wirebench.formats.raster;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The raster study's {@code tilecache} path, as MapProxy served it: a cache of 256 × 256 JPEG tiles
 * in EPSG:4326 ({@link TileGrid}), kept on disk as {@code level/column/row.jpg}, each tile drawn
 * from the source by a {@link MapRenderer} (MapProxy's was fed by MapServer) the first time it is
 * needed or ahead by {@link #seed}. A request reads and decodes every tile it touches, fills each
 * output pixel with the nearest tile pixel to its centre (through Web Mercator's inverse for
 * EPSG:3857, as MapProxy served both SRS from its 4326 cache) and leaves encoding to the caller.
 * Nothing decoded is kept between requests: what MapProxy does, and what the study measured.
 * Thread-safe; two threads missing the same tile may both draw it, and the file is replaced whole.
 */
public final class TileCacheRenderer implements MapRenderer {
  private final Path directory;
  private final MapRenderer source;
  private final ThreadLocal<JpegEncoder> encoders = ThreadLocal.withInitial(JpegEncoder::new);
  private final ThreadLocal<JpegDecoder> decoders = ThreadLocal.withInitial(JpegDecoder::new);

  /**
   * @param directory where the tiles are kept (created when missing); reuse one only with the same
   *     source, as tiles found there are served as they are
   */
  public TileCacheRenderer(Path directory, MapRenderer source) throws IOException {
    this.directory = Files.createDirectories(directory);
    this.source = source;
  }

  /** Where tile caches are kept unless told: {@code java.io.tmpdir/wirebench-tiles}. */
  public static Path defaultRoot() {
    return Path.of(System.getProperty("java.io.tmpdir"), "wirebench-tiles");
  }

  /**
   * The cache folder for a Blue Marble pyramid of {@code sourceWidth} pixels under {@code root}.
   */
  public static Path folderFor(Path root, int sourceWidth) {
    return root.resolve(
        "bluemarble-" + sourceWidth + "-q" + Math.round(JpegEncoder.QUALITY * 100) + "-4326");
  }

  /** Draws every missing tile of levels 0..{@code maxLevel}; returns how many were drawn. */
  public int seed(int maxLevel) throws IOException {
    int drawn = 0;
    for (int level = 0; level <= maxLevel; level++) {
      for (int column = 0; column < TileGrid.tilesWide(level); column++) {
        for (int row = 0; row < TileGrid.tilesHigh(level); row++) {
          if (!Files.exists(path(level, column, row))) {
            tile(level, column, row);
            drawn++;
          }
        }
      }
    }
    return drawn;
  }

  @Override
  public int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs) throws IOException {
    Sampling at = new Sampling(request, srs);
    int level = TileGrid.levelFor(at.boxDegreesPerPixel);
    double degrees = TileGrid.degreesPerPixel(level);
    int[] columns = at.columns(degrees, TileGrid.tilesWide(level) * TileGrid.TILE);
    int[] rows = at.rows(degrees, TileGrid.tilesHigh(level) * TileGrid.TILE);
    Map<Long, int[]> tiles = new HashMap<>();
    int width = request.width();
    int[] out = new int[width * request.height()];
    for (int j = 0; j < rows.length; j++) {
      int to = j * width;
      int y = rows[j];
      if (y < 0) {
        Arrays.fill(out, to, to + width, OFF_GLOBE);
        continue;
      }
      int tileRow = y / TileGrid.TILE;
      int inRow = (y % TileGrid.TILE) * TileGrid.TILE;
      for (int i = 0; i < width; i++) {
        int x = columns[i];
        if (x < 0) {
          out[to + i] = OFF_GLOBE;
          continue;
        }
        int tileColumn = x / TileGrid.TILE;
        long key = (long) tileColumn << 32 | tileRow;
        int[] pixels = tiles.get(key);
        if (pixels == null) {
          pixels =
              decoders.get().decode(tile(level, tileColumn, tileRow), TileGrid.TILE, TileGrid.TILE);
          tiles.put(key, pixels);
        }
        out[to + i] = pixels[inRow + x % TileGrid.TILE];
      }
    }
    return out;
  }

  /** The tile's JPEG bytes, drawn and stored first when missing. */
  public byte[] tile(int level, int column, int row) throws IOException {
    Path file = path(level, column, row);
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException missing) {
      // drawn below
    }
    WmsRequestList.Request box = TileGrid.box(level, column, row);
    ByteArrayOutputStream jpeg = new ByteArrayOutputStream(16 * 1024);
    encoders
        .get()
        .encode(
            source.render(box, WmsRequestList.Srs.EPSG_4326), TileGrid.TILE, TileGrid.TILE, jpeg);
    byte[] bytes = jpeg.toByteArray();
    Files.createDirectories(file.getParent());
    Path part = Files.createTempFile(file.getParent(), "tile", ".part");
    try {
      Files.write(part, bytes);
      try {
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(part);
    }
    return bytes;
  }

  /** Tiles on disk now, for logs and tests. */
  public long storedTiles() {
    try (var files = Files.walk(directory)) {
      return files.filter(p -> p.toString().endsWith(".jpg")).count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Path path(int level, int column, int row) {
    return directory.resolve(level + "/" + column + "/" + row + ".jpg");
  }
}
