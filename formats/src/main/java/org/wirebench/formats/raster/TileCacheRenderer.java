package org.wirebench.formats.raster;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The raster study's {@code tilecache} path, as MapProxy served it: a cache of 256 × 256 JPEG tiles
 * in EPSG:4326 ({@link TileGrid}), kept on disk as {@code level/column/row.jpg}, each tile drawn
 * from the source by a {@link MapRenderer} (MapProxy's was fed by MapServer) the first time it is
 * needed or ahead by {@link #seed}. A request reads and decodes every tile it touches, fills each
 * output pixel with the nearest tile pixel to its centre (through Web Mercator's inverse for
 * EPSG:3857, as MapProxy served both SRS from its 4326 cache) and leaves encoding to the caller.
 * Nothing decoded is kept between requests: what MapProxy does, and what the study measured ({@link
 * #keepingDecoded} is the same cache keeping decoded tiles in memory).
 *
 * <p>Nothing on disk is trusted: a tile that does not decode whole to 256 × 256 pixels (cut, empty,
 * garbage, another size) or is no regular file of the cache (a link, a FIFO, over 1 MiB) is redrawn
 * and replaced, and a folder another user could have filled is not used (TileFolder). A tile is
 * written to a temporary file and renamed, so a reader sees a whole tile or none; a tile that
 * cannot be stored (a full disk, a folder not ours) is served all the same. One renderer at a time
 * owns a folder, by a lock on its {@value #LOCK_FILE}: another finding it held (another server on
 * the machine) works in a private folder beside it, deleted at {@link #close}. Thread-safe; two
 * threads missing the same tile may both draw it, and the file is replaced whole.
 */
public final class TileCacheRenderer implements MapRenderer, AutoCloseable {
  /**
   * How much more of its SRS's units a pixel may span on one axis than on the other before a map is
   * held to {@link TileGrid#maxTiles}.
   */
  static final double STRETCHED = 2;

  /** The file in a cache folder whose lock says which renderer owns it. */
  public static final String LOCK_FILE = ".lock";

  /**
   * What a tile being written is named until it is renamed into place: {@code tile<random>.part} in
   * its level's folder. Only the folder's owner writes them, so one found when the folder is taken
   * is a killed server's, deleted then ({@link TileFolder}).
   */
  static final String PART_PREFIX = "tile";

  static final String PART_SUFFIX = ".part";

  /**
   * The most of a tile file read: a 256 × 256 JPEG at our quality is some tens of KB (its raw
   * pixels are 192 KiB), so a larger file is no tile of ours.
   */
  static final int MAX_TILE_BYTES = 1 << 20;

  private static final System.Logger LOG = System.getLogger(TileCacheRenderer.class.getName());

  private final TileFolder folder;
  private final Path directory;
  private final MapRenderer source;
  private final AtomicLong redrawn = new AtomicLong();
  private final AtomicLong unstored = new AtomicLong();
  private final ThreadLocal<JpegEncoder> encoders = ThreadLocal.withInitial(JpegEncoder::new);
  private final ThreadLocal<JpegDecoder> decoders = ThreadLocal.withInitial(JpegDecoder::new);

  /**
   * @param directory where the tiles are kept (created when missing) and locked; reuse one only
   *     with the same source, as whole tiles found there are served as they are. When another
   *     renderer holds it, a private folder beside it is used instead (see {@link #directory()});
   *     when neither can be made (a full disk, a folder not ours), tiles are drawn for each map and
   *     not kept.
   */
  public TileCacheRenderer(Path directory, MapRenderer source) {
    this.source = source;
    this.folder = new TileFolder(directory);
    this.directory = folder.directory();
  }

  /**
   * Where tile caches are kept unless told: {@code java.io.tmpdir/wirebench-tiles-USER}, a folder
   * per user (another user's would not be writable, and its tiles not ours to trust).
   */
  public static Path defaultRoot() {
    return Path.of(
        System.getProperty("java.io.tmpdir"),
        "wirebench-tiles-" + System.getProperty("user.name").replaceAll("[^A-Za-z0-9._-]", "_"));
  }

  /**
   * The cache folder for a Blue Marble pyramid of {@code sourceWidth} pixels under {@code root}.
   */
  public static Path folderFor(Path root, int sourceWidth) {
    return root.resolve(
        "bluemarble-" + sourceWidth + "-q" + Math.round(JpegEncoder.QUALITY * 100) + "-4326");
  }

  /** The folder the tiles are kept in: the one asked for, or a private one when that was taken. */
  public Path directory() {
    return directory;
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
    return render(request, srs, null, RowWatch.NONE);
  }

  @Override
  public int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs, RowWatch watch)
      throws IOException {
    return render(request, srs, null, watch);
  }

  /**
   * This cache drawing its maps with decoded tiles kept in {@code memory} ({@link
   * MapRendererKind#TILECACHE_MEMORY}): tiles it holds are neither read nor decoded again, and maps
   * missing the same tile at once decode it once (the disk cache stays as it is, and this
   * renderer's own maps keep MapProxy's design).
   */
  public MapRenderer keepingDecoded(DecodedTileCache memory) {
    return new MapRenderer() {
      @Override
      public int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs)
          throws IOException {
        return TileCacheRenderer.this.render(request, srs, memory, RowWatch.NONE);
      }

      @Override
      public int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs, RowWatch watch)
          throws IOException {
        return TileCacheRenderer.this.render(request, srs, memory, watch);
      }
    };
  }

  private int[] render(
      WmsRequestList.Request request,
      WmsRequestList.Srs srs,
      DecodedTileCache memory,
      RowWatch watch)
      throws IOException {
    Sampling at = new Sampling(request, srs);
    int level = level(request, at);
    double degrees = TileGrid.degreesPerPixel(level);
    int[] columns = at.columns(degrees, TileGrid.tilesWide(level) * TileGrid.TILE);
    int[] rows = at.rows(degrees, TileGrid.tilesHigh(level) * TileGrid.TILE);
    return TileMosaic.draw(
        columns, rows, (column, row) -> pixels(level, column, row, memory), watch);
  }

  /**
   * The level a map is drawn from: MapProxy's ({@link TileGrid#levelFor}); for a map whose box is
   * stretched, more than {@link #STRETCHED} times as many of its SRS's units a pixel on one axis as
   * on the other, the finest coarser one on which it touches at most {@link TileGrid#maxTiles}
   * tiles. A map as wide and high as its pixels say keeps MapProxy's level even where Web Mercator
   * makes its degrees uneven (near the poles), as every map of the study's request lists does.
   */
  static int level(WmsRequestList.Request request, Sampling at) {
    int level = TileGrid.levelFor(at.boxDegreesPerPixel);
    double resX = (request.maxX() - request.minX()) / request.width();
    double resY = (request.maxY() - request.minY()) / request.height();
    if (Math.max(resX, resY) <= STRETCHED * Math.min(resX, resY)) {
      return level;
    }
    long most = TileGrid.maxTiles(request.width(), request.height());
    for (; level > 0; level--) {
      double degrees = TileGrid.degreesPerPixel(level);
      long touched =
          (long) tiles(at.columns(degrees, TileGrid.tilesWide(level) * TileGrid.TILE))
              * tiles(at.rows(degrees, TileGrid.tilesHigh(level) * TileGrid.TILE));
      if (touched <= most) {
        break;
      }
    }
    return level;
  }

  /** Tiles an axis's pixel indexes (ordered, -1 off the globe) fall in. */
  private static int tiles(int[] index) {
    int count = 0;
    int last = -1;
    for (int i : index) {
      int tile = i < 0 ? -1 : i / TileGrid.TILE;
      if (tile >= 0 && tile != last) {
        count++;
      }
      if (tile >= 0) {
        last = tile;
      }
    }
    return count;
  }

  /** The tile's JPEG bytes, drawn and stored first when missing or damaged. */
  public byte[] tile(int level, int column, int row) throws IOException {
    Path file = path(level, column, row);
    byte[] stored = read(file);
    if (stored != null && decodes(stored, file) != null) {
      return stored;
    }
    return draw(level, column, row, file);
  }

  /**
   * The tile's pixels: from {@code memory} when it holds them, else from the tile's file when that
   * decodes whole, else drawn again (and then kept in {@code memory}, if any).
   */
  private int[] pixels(int level, int column, int row, DecodedTileCache memory) throws IOException {
    if (memory == null) {
      return pixels(level, column, row);
    }
    return memory.get(DecodedTileCache.key(level, column, row), () -> pixels(level, column, row));
  }

  /** The tile's pixels, from its file when that decodes whole, else drawn again. */
  private int[] pixels(int level, int column, int row) throws IOException {
    Path file = path(level, column, row);
    byte[] stored = read(file);
    int[] pixels = stored == null ? null : decodes(stored, file);
    if (pixels == null) {
      pixels = decoders.get().decode(draw(level, column, row, file), TileGrid.TILE, TileGrid.TILE);
    }
    return pixels;
  }

  /**
   * The file's bytes, or null when it is missing, cannot be read or is no tile of the cache's own
   * (drawn again then, and the file replaced): a link is never followed (to another cache's tile or
   * any JPEG, it served a map of what it pointed to; to /dev/zero, a read with no bound), a FIFO
   * never opened (the request waited for a writer for ever), and no more than {@link
   * #MAX_TILE_BYTES} is read.
   */
  private byte[] read(Path file) {
    if (!folder.trusted()) {
      return null; // its tiles are not ours: drawn for each map (TileFolder said why, once)
    }
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        redrawn.incrementAndGet();
        LOG.log(
            System.Logger.Level.WARNING,
            "tile {0} is {1}, not a file of the cache; drawing it again",
            file,
            Files.isSymbolicLink(file) ? "a link" : "no regular file");
      }
      return null;
    }
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      byte[] bytes = in.readNBytes(MAX_TILE_BYTES + 1);
      if (bytes.length > MAX_TILE_BYTES) {
        redrawn.incrementAndGet();
        LOG.log(
            System.Logger.Level.WARNING,
            "tile {0} is larger than {1} bytes, no tile of ours; drawing it again",
            file,
            MAX_TILE_BYTES);
        return null;
      }
      return bytes;
    } catch (NoSuchFileException missing) {
      return null;
    } catch (IOException unreadable) {
      LOG.log(System.Logger.Level.WARNING, "cannot read tile {0}; drawing it again", file);
      return null;
    }
  }

  /** The tile's pixels, or null when the bytes are not a whole 256 × 256 JPEG. */
  private int[] decodes(byte[] stored, Path file) {
    try {
      return decoders.get().decode(stored, TileGrid.TILE, TileGrid.TILE);
    } catch (IOException | RuntimeException damaged) {
      redrawn.incrementAndGet();
      LOG.log(
          System.Logger.Level.WARNING,
          "tile {0} ({1} bytes) is damaged ({2}); drawing it again",
          file,
          stored.length,
          damaged.getMessage());
      return null;
    }
  }

  private byte[] draw(int level, int column, int row, Path file) throws IOException {
    WmsRequestList.Request box = TileGrid.box(level, column, row);
    ByteArrayOutputStream jpeg = new ByteArrayOutputStream(16 * 1024);
    encoders
        .get()
        .encode(
            source.render(box, WmsRequestList.Srs.EPSG_4326), TileGrid.TILE, TileGrid.TILE, jpeg);
    byte[] bytes = jpeg.toByteArray();
    store(file, bytes);
    return bytes;
  }

  /**
   * Writes the tile beside its place and renames it there, so no reader sees part of it; a tile
   * that cannot be stored is left out of the cache, and its map served all the same.
   */
  private void store(Path file, byte[] bytes) {
    if (!folder.trusted()) {
      unstored.incrementAndGet(); // never written where another user could have put tiles
      return;
    }
    Path part = null;
    try {
      Files.createDirectories(file.getParent());
      part = Files.createTempFile(file.getParent(), PART_PREFIX, PART_SUFFIX);
      Files.write(part, bytes);
      try {
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
      }
      part = null;
    } catch (IOException | RuntimeException e) {
      // the first failure and then one in a thousand: a full disk fails every new tile
      if (unstored.getAndIncrement() % 1000 == 0) {
        LOG.log(
            System.Logger.Level.WARNING,
            "cannot store tile {0} ({1}); serving it without caching ({2} not stored so far)",
            file,
            e.toString(),
            unstored.get());
      }
    } finally {
      if (part != null) {
        try {
          Files.deleteIfExists(part);
        } catch (IOException ignored) {
          // a part file left behind is never read: tiles are *.jpg
        }
      }
    }
  }

  /** Tiles found damaged and drawn again since this renderer was made. */
  public long redrawnTiles() {
    return redrawn.get();
  }

  /** Tiles drawn but not stored (the write failed) since this renderer was made. */
  public long unstoredTiles() {
    return unstored.get();
  }

  /** Lets the folder go; a private one is deleted. Closing again does nothing. */
  @Override
  public void close() throws IOException {
    folder.close();
  }

  private Path path(int level, int column, int row) {
    return directory.resolve(level + "/" + column + "/" + row + ".jpg");
  }
}
