package org.wirebench.bench.geo;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.server.http.ContentCoding;

/**
 * What does each content coding cost per KB it saves? One WFS GetFeature response encoded and
 * compressed as the fixture server sends it to a client that asks for it ({@code Accept-Encoding}):
 * the codec writes through the server's 32 KiB response buffer into the coding's encoder, at the
 * level the server uses ({@link ContentCoding}: gzip 6, brotli quality 6, zstd 3).
 *
 * <p>The question comes from issue 28 (today's formats and the wire): the GeoServer study (2013)
 * timed the formats uncompressed on a LAN; a client on a slow link pays bytes instead. Per format ×
 * coding the score is the time per response and the aux counters its bytes before and after the
 * coding, so a report divides the time added over {@code identity} by the KB saved. Expected: each
 * coding shrinks GML 5 to 15 times and GeoJSON somewhat less (its tags are shorter); zstd 3 costs
 * the least time per KB saved and brotli 6 saves the most bytes at the highest cost, with gzip 6
 * between them; the time added is larger than the encoding itself for GML 2 and GeoJSON.
 *
 * <p>Validated before timing, every variant: the codec's output passes {@link Conformance#check}
 * (schema, round trip), and the bytes the timed method writes decode back to exactly those bytes.
 */
@State(Scope.Benchmark)
public class CompressionCostBenchmark extends StudyBenchmark {
  /** {@link #encodeAndCompress} */
  public static final BenchmarkMethod ENCODE_AND_COMPRESS =
      new BenchmarkMethod(CompressionCostBenchmark.class, "encodeAndCompress");

  /** The server's response buffer ({@code WfsHandler}): what the coding's encoder is fed. */
  static final int RESPONSE_CHUNK_BYTES = 32 * 1024;

  /** The study's two layers. */
  @Param({"osm_mainroads", "osm_places"})
  public String dataset;

  /** The study's three formats and FlatGeobuf (binary: what is left for a coding to save). */
  @Param({"gml2", "gml32", "geojson", "flatgeobuf"})
  public String codec;

  /** identity (the baseline) and the codings the server sends. */
  @Param({"identity", "gzip", "br", "zstd"})
  public String encoding;

  /**
   * Features per response, 1..{@value org.wirebench.formats.geo.Datasets#GENERATED_SIZE}; the
   * study's 200.
   */
  @Param({"200"})
  public int count;

  GeoCodec encoder;
  ContentCoding coding;
  FeatureCollection collection;
  int encodedBytes;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    encoder = GeoCodecs.get(codec);
    coding = ContentCoding.of(encoding);
    Dataset source = Datasets.get(dataset);
    collection = FeatureCollection.of(source.featureType(), source.take(count), Instant.now());
    byte[] validated = Conformance.check(encoder, collection);
    encodedBytes = validated.length;
    ByteSink wire = new ByteSink(validated.length);
    write(wire);
    byte[] decoded;
    try (InputStream in = coding.decoder(new ByteArrayInputStream(wire.toByteArray()))) {
      decoded = in.readAllBytes();
    }
    if (!Arrays.equals(validated, decoded)) {
      throw new IllegalStateException(
          codec + " in " + encoding + " does not decode to the validated bytes");
    }
  }

  private void write(ByteSink sink) throws IOException {
    sink.reset();
    OutputStream out = new BufferedOutputStream(coding.encoder(sink), RESPONSE_CHUNK_BYTES);
    encoder.encode(collection, out);
    out.close(); // ends the coding; the sink itself is not closed
  }

  /**
   * Bytes of the responses and the operations that wrote them, totals over the iteration (EVENTS
   * counters, see {@link org.wirebench.results.AuxSize}): one response's is their quotient.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Sizes {
    public long operations;

    /** Bytes on the wire: the bodies as coded, in total over the iteration. */
    public long wireBytesWritten;

    /** Bytes the codec wrote, before the coding, in total. */
    public long encodedBytesWritten;
  }

  @Benchmark
  public int encodeAndCompress(ThreadSink out, Sizes sizes) throws IOException {
    ByteSink sink = out.bytes;
    write(sink);
    sizes.operations++;
    sizes.wireBytesWritten += sink.size();
    sizes.encodedBytesWritten += encodedBytes;
    return sink.size();
  }
}
