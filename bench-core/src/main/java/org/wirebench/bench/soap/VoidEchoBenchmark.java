package org.wirebench.bench.soap;

import java.io.ByteArrayInputStream;
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
 * What does a stack cost before there is any data: the server side of {@code echoVoid}, the fixed
 * price of reading an envelope, dispatching and writing an empty answer?
 *
 * <p>From the WSO2 study's operation list (2007), where echoVoid was the floor of every stack's
 * numbers. It has no array, so it is measured once per stack, not once per array size as {@link
 * DatabindingBenchmark} would. Expected: a few µs for ADB and stax-raw, more for the JAXB stacks,
 * whose per-message set-up (unmarshaller, context lookups) shows most plainly here.
 */
@State(Scope.Benchmark)
public class VoidEchoBenchmark extends StudyBenchmark {

  /** {@link #echo} */
  public static final BenchmarkMethod ECHO = new BenchmarkMethod(VoidEchoBenchmark.class, "echo");

  /** Every registered stack (a test keeps this list equal to the registry's names). */
  @Param({"axis2-adb", "axis2-jaxb", "cxf-jaxb", "stax-raw"})
  public String stack;

  SoapStack server;
  byte[] request;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    server = SoapStacks.get(stack);
    EchoValues sent = EchoValues.generate(Operation.VOID, 0);
    request = SoapEnvelopes.request(sent);
    ByteSink response = new ByteSink(1024);
    server.serve(Operation.VOID, new ByteArrayInputStream(request), response);
    String problem = EchoCheck.verify(stack, sent, response.toByteArray());
    if (problem != null) {
      throw new IllegalStateException("void: " + problem);
    }
  }

  @Benchmark
  public int echo(ThreadSink out, DatabindingBenchmark.Sizes sizes) throws Exception {
    ByteSink response = out.bytes;
    response.reset();
    server.serve(Operation.VOID, new ByteArrayInputStream(request), response);
    sizes.operations++;
    sizes.requestBytesRead += request.length;
    sizes.responseBytesWritten += response.size();
    return response.size();
  }
}
