package org.wirebench.bench.finding;

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
import org.wirebench.formats.finding.BackendFormat;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.formats.finding.FindingResponse;
import org.wirebench.formats.finding.GatewayJson;
import org.wirebench.formats.finding.GatewayView;

/**
 * What does the backend's wire format cost a JSON gateway per request?
 *
 * <p>Reproduces the ql.io study (2012): a gateway fetched eBay's findItemsByKeywords answer of 50
 * items as SOAP/XML or protobuf and answered JSON; protobuf answered about three times sooner than
 * XML (its figures and claims: {@link org.wirebench.results.Studies#BACKEND}). Expected now:
 * protobuf decoding several times faster than Woodstox per item, so the gateway's cost per request
 * follows the backend format, and a JSON backend between the two; the JSON write, the same for all,
 * is the floor ({@link GatewayJsonBenchmark}).
 *
 * <p>{@code gateway}: backend bytes → gateway JSON bytes as the gateway makes them ({@link
 * BackendFormat#writeGatewayJson}: decoded, projected and written; the XML and protobuf backends'
 * answers are written as they are read), one request's work without the network. {@code decode}:
 * backend bytes → the projected view alone, so the report can say where the time goes. Every
 * format's view is compared with the generated one, and its JSON with the bytes written from the
 * generated objects, before anything is timed.
 */
@State(Scope.Benchmark)
public class BackendResponseBenchmark extends StudyBenchmark {

  /** {@link #gateway} */
  public static final BenchmarkMethod GATEWAY =
      new BenchmarkMethod(BackendResponseBenchmark.class, "gateway");

  /** {@link #decode} */
  public static final BenchmarkMethod DECODE =
      new BenchmarkMethod(BackendResponseBenchmark.class, "decode");

  /** Every registered backend format (a test keeps this list equal to the registry's names). */
  @Param({"xml", "protobuf", "json"})
  public String backendFormat;

  /** Items in the backend's answer, 0..100000 (the study: 50). */
  @Param({"5", "50", "500"})
  public int items;

  BackendFormat format;
  byte[] backendBytes;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    format = BackendFormats.get(backendFormat);
    FindingResponse response =
        FindingGenerator.response(items, FindingGenerator.DEFAULT_SEED, "ipad");
    backendBytes = format.encode(response);
    GatewayView view = format.decode(backendBytes);
    if (!view.equals(response.view())) {
      throw new IllegalStateException(backendFormat + " × " + items + ": the view differs");
    }
    byte[] expected = GatewayJson.toBytes(response.view());
    if (!Arrays.equals(expected, GatewayJson.toBytes(view))
        || !Arrays.equals(
            expected, GatewayJson.toBytes(format, backendBytes, 0, backendBytes.length))) {
      throw new IllegalStateException(backendFormat + " × " + items + ": the JSON differs");
    }
  }

  /**
   * Bytes in (from the backend) and out (to the client), totals over the iteration beside the
   * operations (EVENTS counters: see GeoEncodingBenchmark.Sizes).
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Sizes {
    public long operations;
    public long backendBytesRead;
    public long jsonBytesWritten;
  }

  @Benchmark
  public int gateway(ThreadSink out, Sizes sizes) throws Exception {
    ByteSink json = out.bytes;
    json.reset();
    format.writeGatewayJson(backendBytes, 0, backendBytes.length, json, json::reset);
    sizes.operations++;
    sizes.backendBytesRead += backendBytes.length;
    sizes.jsonBytesWritten += json.size();
    return json.size();
  }

  @Benchmark
  public GatewayView decode() throws Exception {
    return format.decode(backendBytes);
  }
}
