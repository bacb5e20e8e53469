package org.wirebench.bench.finding;

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
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.formats.finding.GatewayJson;
import org.wirebench.formats.finding.GatewayView;

/**
 * What is the least a JSON gateway can spend per request: writing its answer from objects already
 * in memory, with no backend bytes to read?
 *
 * <p>The floor of the ql.io study's gateway (see {@link BackendResponseBenchmark}, which it is
 * compared with side by side): each backend path's {@code gateway} time over this is what decoding
 * that format adds. A separate class because it does not depend on the backend format.
 */
@State(Scope.Benchmark)
public class GatewayJsonBenchmark extends StudyBenchmark {

  /** {@link #writeJson} */
  public static final BenchmarkMethod WRITE_JSON =
      new BenchmarkMethod(GatewayJsonBenchmark.class, "writeJson");

  /** Items in the answer, 0..100000 (the study: 50); BackendResponseBenchmark's list. */
  @Param({"5", "50", "500"})
  public int items;

  GatewayView view;

  @Setup(Level.Trial)
  public void setUp() {
    view = FindingGenerator.response(items, FindingGenerator.DEFAULT_SEED, "ipad").view();
  }

  @Benchmark
  public int writeJson(ThreadSink out, BackendResponseBenchmark.Sizes sizes) throws Exception {
    ByteSink json = out.bytes;
    json.reset();
    GatewayJson.write(view, json);
    sizes.operations++;
    sizes.jsonBytesWritten += json.size();
    return json.size();
  }
}
