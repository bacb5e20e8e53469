package org.wirebench.bench.geo;

import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.Conformance;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.SameBytesFloor;

/**
 * What does it cost to encode one WFS GetFeature response of N features as GML 2, GML 3.1.1 (WFS
 * 1.1), GML 3.2 or GeoJSON, and how does that compare with JTS's own writers, with the floor
 * (printing only the coordinates) and with each codec's same-bytes floor (the least work that
 * writes exactly its bytes)?
 *
 * <p>Reproduces the encoder half of the GeoServer WFS output-format study (2013; its figures and
 * claims: {@link org.wirebench.results.Studies#WFS}), where GML 3.2 ran several times slower than
 * GML 2. Expected now, with streaming encoders: GML 3.2 within 1.2x of GML 2, each of our encoders
 * at least 2x faster than its JTS peer, and within 1.5x of its same-bytes floor on every dataset.
 *
 * <p>Every variant's output is validated (OGC schema, round trip) in the trial setup before it is
 * timed. The validated inputs are shared ({@code Scope.Benchmark}); each thread writes into its own
 * {@link ThreadSink}. Score: time per collection; aux counters: bytes and features per collection.
 */
@State(Scope.Benchmark)
public class GeoEncodingBenchmark extends StudyBenchmark {

  /** {@link #encode} */
  public static final BenchmarkMethod ENCODE =
      new BenchmarkMethod(GeoEncodingBenchmark.class, "encode");

  /** Every registered dataset (a test keeps this list equal to the registry's names). */
  @Param({"osm_mainroads", "osm_places", "helsinki_roads", "helsinki_pois"})
  public String dataset;

  /**
   * Every registered codec, then the same-bytes floors (a test keeps this list equal to the
   * registry's names and {@link SameBytesFloor#NAMES}).
   */
  @Param({
    "gml2",
    "gml31",
    "gml32",
    "geojson",
    "jts-gml2",
    "jts-geojson",
    "floor",
    "flatgeobuf",
    "flatgeobuf-indexed",
    "geojsonseq",
    "gml2-floor",
    "gml32-floor",
    "geojson-floor",
    "flatgeobuf-floor"
  })
  public String codec;

  /**
   * Features per response, 1..{@value org.wirebench.formats.geo.Datasets#GENERATED_SIZE}; clamped
   * to the size of the real datasets.
   */
  @Param({"200", "10000"})
  public int count;

  GeoCodec encoder;
  FeatureCollection collection;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    encoder = SameBytesFloor.codecOrFloor(codec);
    Dataset source = Datasets.get(dataset);
    collection = FeatureCollection.of(source.featureType(), source.take(count), Instant.now());
    byte[] validated = Conformance.check(encoder, collection);
    ByteSink again = new ByteSink(validated.length);
    encoder.encode(collection, again);
    if (!Arrays.equals(validated, again.toByteArray())) {
      throw new IllegalStateException(codec + " is not deterministic: the timed bytes differ");
    }
    if (encoder instanceof SameBytesFloor floor) {
      ByteSink own = new ByteSink(validated.length);
      floor.codec().encode(collection, own);
      if (!Arrays.equals(validated, own.toByteArray())) {
        throw new IllegalStateException(
            codec + " does not write " + floor.codec().name() + "'s bytes");
      }
    }
  }

  /**
   * What the encoder wrote, as JMH's EVENTS counters mean them: events summed over the iterations
   * (JMH resets the fields before each one), so jmh.json holds true totals and a size per
   * collection is a total over {@code operations} ({@link org.wirebench.results.AuxSize}).
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Sizes {
    public long operations;
    public long bytesWritten;
    public long featuresWritten;
  }

  @Benchmark
  public int encode(ThreadSink out, Sizes sizes) throws IOException {
    ByteSink sink = out.bytes;
    sink.reset();
    encoder.encode(collection, sink);
    sizes.operations++;
    sizes.bytesWritten += sink.size();
    sizes.featuresWritten += collection.size();
    return sink.size();
  }
}
