package org.wirebench.bench.soap;

import java.io.ByteArrayInputStream;
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
import org.wirebench.formats.soap.EchoCheck;
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
 * then Axis2 1.1.1/ADB was faster than XFire/JAXB and Axis2/JAXB was slowest (its figures and
 * claims: {@link org.wirebench.results.Studies#SOAP}). Expected now: ADB still ahead of both JAXB
 * stacks, by less; all within a small factor of {@code stax-raw}, which shows what the databinding
 * itself costs.
 *
 * <p>One operation: read the request envelope bytes, bind, copy every value into the response
 * objects, write the response envelope. The request bytes are the same for every stack and shared
 * ({@code Scope.Benchmark}); each response is checked by another stack ({@link EchoCheck}) in the
 * trial setup before timing; each thread writes its responses into its own {@link ThreadSink}.
 */
@State(Scope.Benchmark)
public class DatabindingBenchmark extends StudyBenchmark {

  /** {@link #echo} */
  public static final BenchmarkMethod ECHO =
      new BenchmarkMethod(DatabindingBenchmark.class, "echo");

  /** Every registered stack (a test keeps this list equal to the registry's names). */
  @Param({"axis2-adb", "axis2-jaxb", "cxf-jaxb", "stax-raw"})
  public String stack;

  /**
   * Every operation of the study's WSDL that carries an array (a test keeps this list equal to
   * Operation's); echoVoid has no size and is {@link VoidEchoBenchmark}'s.
   */
  @Param({"ints", "doubles", "floats", "strings", "simpleEvents", "meshInterfaceObjects"})
  public String operation;

  /**
   * Array elements, 1..5000 in the studies; any of {@link Operation#MIN_SIZE}..{@link
   * Operation#MAX_SIZE}.
   */
  @Param({"1", "10", "50", "100", "500", "1000", "5000"})
  public int size;

  SoapStack server;
  Operation op;
  byte[] request;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    server = SoapStacks.get(stack);
    op = Operation.byShortName(operation);
    EchoValues sent = EchoValues.generate(op, size);
    request = SoapEnvelopes.request(sent);
    ByteSink response = new ByteSink(2 * request.length);
    server.serve(op, new ByteArrayInputStream(request), response);
    String problem = EchoCheck.verify(stack, sent, response.toByteArray());
    if (problem != null) {
      throw new IllegalStateException(operation + " × " + size + ": " + problem);
    }
  }

  /**
   * Bytes of the exchanges (VoidEchoBenchmark's too), totals over the iteration beside the
   * operations (EVENTS counters: see GeoEncodingBenchmark.Sizes).
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Sizes {
    public long operations;
    public long requestBytesRead;
    public long responseBytesWritten;
  }

  @Benchmark
  public int echo(ThreadSink out, Sizes sizes) throws Exception {
    ByteSink response = out.bytes;
    response.reset();
    server.serve(op, new ByteArrayInputStream(request), response);
    sizes.operations++;
    sizes.requestBytesRead += request.length;
    sizes.responseBytesWritten += response.size();
    return response.size();
  }
}
