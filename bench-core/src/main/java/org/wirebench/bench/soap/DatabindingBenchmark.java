package org.wirebench.bench.soap;

import java.io.ByteArrayInputStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.wirebench.bench.geo.ByteSink;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.formats.soap.SoapStack;
import org.wirebench.formats.soap.SoapStacks;

/**
 * What does the server side of one SOAP echo cost in each databinding stack, and how does it scale
 * with array size?
 *
 * <p>Reproduces WSO2's "Web Services are not slow" (2007) on the Indiana University SOAP benchmark:
 * then Axis2 1.1.1/ADB was ~50% faster than XFire/JAXB at 100 elements and ~70% faster for
 * MeshInterfaceObjects from 50 up, and Axis2/JAXB was slowest. Expected now: ADB still ahead of
 * both JAXB stacks, by less; all within a small factor of {@code stax-raw}, which shows what the
 * databinding itself costs.
 *
 * <p>One operation: read the request envelope bytes, bind, copy every value into the response
 * objects, write the response envelope. The request bytes are the same for every stack; each
 * response is checked (decoded by a different stack) in the trial setup before timing.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
@State(Scope.Benchmark)
public class DatabindingBenchmark {

  @Param({"axis2-adb", "axis2-jaxb", "cxf-jaxb", "stax-raw"})
  public String stack;

  @Param({"void", "ints", "doubles", "floats", "strings", "simpleEvents", "meshInterfaceObjects"})
  public String operation;

  /** Array elements, 1..5000 in the studies. */
  @Param({"1", "10", "50", "100", "500", "1000", "5000"})
  public int size;

  private SoapStack server;
  private Operation op;
  private byte[] request;
  private ByteSink response;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    server = SoapStacks.get(stack);
    op = Operation.byShortName(operation);
    EchoValues sent = EchoValues.generate(op, size);
    request = SoapEnvelopes.request(sent);
    response = new ByteSink(2 * request.length);
    server.serve(op, new ByteArrayInputStream(request), response);
    SoapStack checker = SoapStacks.get(server.name().equals("stax-raw") ? "axis2-adb" : "stax-raw");
    EchoValues echoed = checker.readResponse(op, new ByteArrayInputStream(response.toByteArray()));
    if (!sent.equals(echoed)) {
      throw new IllegalStateException(stack + " " + operation + " × " + size + " echoed " + echoed);
    }
  }

  /** Sizes of one exchange; JMH sums EVENTS counters over iterations (see GeoEncodingBenchmark). */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Sizes {
    public long requestBytes;
    public long responseBytes;
  }

  @Benchmark
  public int echo(Sizes sizes) throws Exception {
    response.reset();
    server.serve(op, new ByteArrayInputStream(request), response);
    sizes.requestBytes = request.length;
    sizes.responseBytes = response.size();
    return response.size();
  }
}
