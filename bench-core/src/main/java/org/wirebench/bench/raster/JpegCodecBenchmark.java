package org.wirebench.bench.raster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.wirebench.bench.BenchmarkMethod;
import org.wirebench.bench.ByteSink;
import org.wirebench.bench.StudyBenchmark;
import org.wirebench.bench.ThreadSink;
import org.wirebench.formats.raster.BlueMarble;
import org.wirebench.formats.raster.DirectRenderer;
import org.wirebench.formats.raster.JpegCodec;
import org.wirebench.formats.raster.JpegDecoder;
import org.wirebench.formats.raster.JpegEncoder;
import org.wirebench.formats.raster.Pyramid;
import org.wirebench.formats.raster.TileGrid;
import org.wirebench.formats.raster.WmsRequestList;

/**
 * Which JPEG codec should the raster study's renderers use: the JDK's own ImageIO plug-in, or
 * TwelveMonkeys' (the JPEG library on Maven Central)? {@code decodeTile} is the tile cache's hot
 * spot (a map reads 4–30 tiles of 256 × 256), {@code encodeMap} every map's last step, at the
 * study's quality 75 and 4:2:0.
 *
 * <p>Part of the MapProxy raster study (2010), whose peers both used libjpeg(-turbo) from C.
 * Expected: the same time within noise, since TwelveMonkeys hands baseline JPEG to the JDK's own
 * libjpeg 6b and adds colour handling around it; if so, the JDK's stays (one dependency less).
 *
 * <p>Inputs: 16 tiles of level 3 and 8 maps of the seeded EPSG:4326 list, drawn by the direct
 * renderer; every tile is decoded with both codecs in the setup and must give the JDK's pixels.
 */
@State(Scope.Benchmark)
public class JpegCodecBenchmark extends StudyBenchmark {
  /** {@link #decodeTile} */
  public static final BenchmarkMethod DECODE_TILE =
      new BenchmarkMethod(JpegCodecBenchmark.class, "decodeTile");

  /** {@link #encodeMap} */
  public static final BenchmarkMethod ENCODE_MAP =
      new BenchmarkMethod(JpegCodecBenchmark.class, "encodeMap");

  static final int TILES = 16;
  static final int MAPS = 8;

  @Param({"jdk", "twelvemonkeys"})
  public String codec;

  List<byte[]> tiles;
  List<int[]> maps;
  List<WmsRequestList.Request> mapRequests;
  JpegCodec which;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    which = JpegCodec.of(codec);
    DirectRenderer direct = new DirectRenderer(Pyramid.of(BlueMarble.read()));
    JpegEncoder jdk = new JpegEncoder();
    JpegDecoder reference = new JpegDecoder();
    JpegDecoder decoder = new JpegDecoder(which);
    tiles = new ArrayList<>();
    for (int i = 0; i < TILES; i++) {
      ByteSink sink = new ByteSink(32 * 1024);
      WmsRequestList.Request box = TileGrid.box(3, i % 16, 2 + i / 16);
      jdk.encode(
          direct.render(box, WmsRequestList.Srs.EPSG_4326), TileGrid.TILE, TileGrid.TILE, sink);
      byte[] tile = sink.toByteArray();
      if (!java.util.Arrays.equals(
          reference.decode(tile, TileGrid.TILE, TileGrid.TILE),
          decoder.decode(tile, TileGrid.TILE, TileGrid.TILE))) {
        throw new IllegalStateException(codec + " decodes tile " + i + " to other pixels");
      }
      tiles.add(tile);
    }
    mapRequests = WmsRequestList.generate(WmsRequestList.Srs.EPSG_4326, MAPS, 1);
    maps = new ArrayList<>();
    JpegEncoder encoder = new JpegEncoder(which);
    for (WmsRequestList.Request r : mapRequests) {
      int[] pixels = direct.render(r, WmsRequestList.Srs.EPSG_4326);
      ByteSink sink = new ByteSink(64 * 1024);
      encoder.encode(pixels, r.width(), r.height(), sink);
      reference.decode(sink.toByteArray(), r.width(), r.height()); // a JPEG of the right size
      maps.add(pixels);
    }
  }

  /** A thread's codec objects and its place in the inputs. */
  @State(Scope.Thread)
  public static class Worker {
    JpegDecoder decoder;
    JpegEncoder encoder;
    int next;

    @Setup(Level.Trial)
    public void setUp(JpegCodecBenchmark b) {
      decoder = new JpegDecoder(b.which);
      encoder = new JpegEncoder(b.which);
    }
  }

  @Benchmark
  public int[] decodeTile(Worker w) throws IOException {
    return w.decoder.decode(tiles.get(w.next++ % TILES), TileGrid.TILE, TileGrid.TILE);
  }

  @Benchmark
  public int encodeMap(Worker w, ThreadSink out) throws IOException {
    int i = w.next++ % MAPS;
    WmsRequestList.Request r = mapRequests.get(i);
    ByteSink sink = out.bytes;
    sink.reset();
    w.encoder.encode(maps.get(i), r.width(), r.height(), sink);
    return sink.size();
  }
}
