package org.wirebench.bench.raster;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.wirebench.bench.BenchmarkMethod;
import org.wirebench.bench.ByteSink;
import org.wirebench.bench.OperationCycle;
import org.wirebench.bench.StudyBenchmark;
import org.wirebench.bench.ThreadSink;
import org.wirebench.formats.raster.BlueMarble;
import org.wirebench.formats.raster.DecodedTileCache;
import org.wirebench.formats.raster.DirectRenderer;
import org.wirebench.formats.raster.JpegEncoder;
import org.wirebench.formats.raster.MapRenderer;
import org.wirebench.formats.raster.MapRendererKind;
import org.wirebench.formats.raster.Pyramid;
import org.wirebench.formats.raster.TileCacheRenderer;
import org.wirebench.formats.raster.WmsRequestList;

/**
 * What does one WMS GetMap of Blue Marble cost, rendered from the source pyramid ({@code direct},
 * as MapServer) or from a 256 × 256 JPEG tile cache ({@code tilecache}, as MapProxy), and encoded
 * as JPEG, in EPSG:4326 (no reprojection) and EPSG:3857 (reprojected)?
 *
 * <p>The MapProxy raster study (2010; its figures and claims: {@link
 * org.wirebench.results.Studies#RASTER}): MapProxy's cache answered the study's random requests
 * faster than MapServer rendered them, in both SRS. Expected here the other way round: the direct
 * renderer samples an in-memory pyramid, which costs less than reading and decoding the 4–30 tiles
 * a map touches, so the cache loses in Java unless decoding is cheap; JPEG encoding of the output
 * is common to both and dominates direct. 3857 costs little more than 4326, since Web Mercator's
 * inverse is separable (a row and a column of projections a map). The tile cache lives under {@code
 * java.io.tmpdir/wirebench-tiles}, drawn on demand: the setup's pass over the sample draws every
 * tile the timed calls read.
 *
 * <p>Each call renders and encodes the next of {@value #SAMPLE} requests of the seeded FOSS4G list
 * (seed 1), so the score is the mean over that mix of sizes and scales; each request is rendered,
 * encoded and decoded back once in the setup before anything is timed ({@link MapCheck}, on every
 * core: the setup is not timed).
 */
@State(Scope.Benchmark)
// a 2 GiB heap, fixed and touched as every fork's: -p upscale=4 holds a 1.3 GB pyramid (1 GiB threw
// OutOfMemoryError building it)
@Fork(
    value = 2,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-XX:+UseTransparentHugePages"})
public class RasterBenchmark extends StudyBenchmark {

  /** {@link #map} */
  public static final BenchmarkMethod MAP = new BenchmarkMethod(RasterBenchmark.class, "map");

  static final int SAMPLE = 64;

  /**
   * direct (from the pyramid), tilecache (MapProxy's design: every touched tile read and decoded),
   * tilecache-memory (the same cache keeping decoded tiles in memory; not in the quick suite): the
   * ids of {@link MapRendererKind}, which refuses any other.
   */
  @Param({"direct", "tilecache", "tilecache-memory"})
  public String renderer;

  @Param({"EPSG:4326", "EPSG:3857"})
  public String srs;

  /**
   * The source upscaled 1, 2 or 4 times (4: the study's 21600 × 10800, 1.3 GB of pyramid); the
   * suite keeps 1, {@code -p upscale=4} runs at the study's size.
   */
  @Param({"1"})
  public int upscale;

  WmsRequestList.Srs which;
  List<WmsRequestList.Request> requests;
  MapRenderer maps;
  TileCacheRenderer tiles;
  private java.nio.file.Path tileFolder;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    which = WmsRequestList.Srs.of(srs);
    requests = WmsRequestList.generate(which, SAMPLE, 1);
    DirectRenderer direct = new DirectRenderer(pyramid(upscale));
    maps =
        switch (MapRendererKind.of(renderer)) {
          case DIRECT -> direct;
          case TILECACHE -> tileCache(direct);
          case TILECACHE_MEMORY ->
              sameMapsAs(
                  tileCache(direct),
                  tiles.keepingDecoded(new DecodedTileCache(DecodedTileCache.DEFAULT_BYTES)));
        };
    MapCheck.check(requests, which, maps, checkedEncoding);
  }

  /**
   * How the set-up's check encodes each map: with the encoder the timed call uses (a test gives a
   * broken one, to see a map that does not decode refused).
   */
  java.util.function.Supplier<MapCheck.Encoding> checkedEncoding = () -> new JpegEncoder()::encode;

  private static final Map<Integer, Pyramid> PYRAMIDS = new HashMap<>();

  /**
   * The source's pyramid at this upscale, built once a JVM: the paired runner sets up all four
   * variants of its raster group in one fork, and each would read Blue Marble and build the same
   * read-only pyramid again (0.9 s each on the 2-core VM). A JMH fork sets up one variant.
   */
  private static synchronized Pyramid pyramid(int upscale) throws IOException {
    Pyramid p = PYRAMIDS.get(upscale);
    if (p == null) {
      p = Pyramid.of(BlueMarble.read(), upscale);
      PYRAMIDS.put(upscale, p);
    }
    return p;
  }

  /**
   * {@code kept}, once its maps of the sample are the very pixels {@code plain} draws: the decoded
   * tiles it keeps are the ones the plain cache decodes, so nothing may differ.
   */
  private MapRenderer sameMapsAs(MapRenderer plain, MapRenderer kept) throws IOException {
    for (WmsRequestList.Request r : requests) {
      if (!java.util.Arrays.equals(plain.render(r, which), kept.render(r, which))) {
        throw new IllegalStateException(
            "request " + r.row(which) + ": the kept tiles drew another map than the tile cache");
      }
    }
    return kept;
  }

  /** A tile cache open in this JVM, and how many trials use it. */
  private static final class SharedCache {
    final TileCacheRenderer renderer;
    int users;

    SharedCache(TileCacheRenderer renderer) {
      this.renderer = renderer;
    }
  }

  private static final Map<java.nio.file.Path, SharedCache> TILE_CACHES = new HashMap<>();

  /**
   * The tile cache of this upscale, opened once a JVM: the paired runner sets up both tile-cache
   * variants (4326 and 3857, one cache of 4326 tiles) in one fork, and the second found the folder
   * locked by the first, so drew every tile its sample touches again into a private folder (1 s of
   * each raster fork's set-up). The renderer serves any SRS and any number of threads.
   */
  private TileCacheRenderer tileCache(DirectRenderer direct) {
    java.nio.file.Path folder =
        TileCacheRenderer.folderFor(TileCacheRenderer.defaultRoot(), BlueMarble.WIDTH * upscale);
    synchronized (TILE_CACHES) {
      SharedCache shared =
          TILE_CACHES.computeIfAbsent(
              folder, f -> new SharedCache(new TileCacheRenderer(f, direct)));
      shared.users++;
      tiles = shared.renderer;
      tileFolder = folder;
    }
    return tiles;
  }

  /** Lets the tile cache's folder go for the next trial once no trial of this JVM uses it. */
  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    if (tiles == null) {
      return;
    }
    synchronized (TILE_CACHES) {
      if (--TILE_CACHES.get(tileFolder).users == 0) {
        TILE_CACHES.remove(tileFolder);
        tiles.close();
      }
    }
    tiles = null;
  }

  /** A thread's encoder and its place in the request sample. */
  @State(Scope.Thread)
  public static class Worker {
    final JpegEncoder jpeg = new JpegEncoder();
    int next;
  }

  /**
   * Bytes of the maps written, a total over the iteration beside the operations (EVENTS counters:
   * see GeoEncodingBenchmark.Sizes); maps differ in size, so the quotient is the mean map.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Sizes {
    public long operations;
    public long mapBytesWritten;
  }

  @Benchmark
  @OperationCycle(SAMPLE)
  public int map(Worker worker, ThreadSink out, Sizes sizes) throws IOException {
    WmsRequestList.Request r = requests.get(worker.next++ % SAMPLE);
    ByteSink sink = out.bytes;
    sink.reset();
    worker.jpeg.encode(maps.render(r, which), r.width(), r.height(), sink);
    sizes.operations++;
    sizes.mapBytesWritten += sink.size();
    return sink.size();
  }
}
