package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.server.LoopbackClients.await;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.server.soap.SoapServices;

/**
 * A client that leaves while a stack is still binding its (large) request stops the binding: the
 * stack's next read of the body fails, the service is never called, no echo is serialized, and the
 * request ends with nothing sent, {@code 499 0} in the access log. {@link SoapClientLeftTest} has
 * the client leave before a stack is handed the request; here it leaves in the middle, which only
 * the reads' look at the watch can catch. The stack's fault about the stop is held and dropped,
 * never logged with a stack trace.
 *
 * <p>A real socket on loopback (a {@code LocalConnector}'s client is never seen leaving). The test
 * finds the request's thread by its stack and closes the connection once that thread is inside the
 * stack's binding (ADB's generated parse, JAXB's unmarshal), then samples it until the request
 * ends: a stack that bound on would be seen in the service or writing the echo (50,000
 * MeshInterfaceObjects take tens of milliseconds to copy and serialize; a sample takes
 * microseconds).
 */
class SoapClientLeftMidBindingTest {
  private final List<String> log = new CopyOnWriteArrayList<>();
  private FixtureServer server;

  /** What the stacks log through java.util.logging (Axis2 does) with a stack trace. */
  private final List<String> traced = new CopyOnWriteArrayList<>();

  private final Handler traces =
      new Handler() {
        @Override
        public void publish(LogRecord r) {
          if (r.getThrown() != null) {
            traced.add(r.getLevel() + " " + r.getLoggerName() + ": " + r.getThrown());
          }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void listen() {
    Logger.getLogger("").addHandler(traces);
  }

  @AfterEach
  void stop() throws Exception {
    Logger.getLogger("").removeHandler(traces);
    if (server != null) {
      server.close();
    }
  }

  static List<String> stacks() {
    return SoapServices.NAMES;
  }

  /** In the stack's binding of the request: ADB's generated parse, JAXB's unmarshal. */
  private static final Predicate<StackTraceElement> BINDING =
      f ->
          (f.getClassName().endsWith("$Factory") && f.getMethodName().equals("parse"))
              || f.getMethodName().equals("unmarshal");

  /**
   * Past the binding: the service echoing the values, or the echo serialized (ADB's generated
   * serialize, JAXB's marshalling), which no fault goes through.
   */
  private static final Predicate<StackTraceElement> PAST_BINDING =
      f ->
          f.getClassName().startsWith("org.wirebench.formats.soap.stack.")
              || (f.getClassName().startsWith("org.wirebench.formats.soap.adb.")
                  && f.getMethodName().equals("serialize"))
              || f.getClassName().equals("com.sun.xml.bind.v2.runtime.XMLSerializer");

  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void aClientLeavingWhileItsRequestIsBoundStopsTheBinding(String stack) throws Exception {
    server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .accessLogTo(log::add)
            .start();
    byte[] body =
        SoapEnvelopes.request(
            EchoValues.generate(Operation.MESH_INTERFACE_OBJECTS, Operation.MAX_SIZE));
    String head =
        "POST "
            + SoapServices.path(stack)
            + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"\""
            + "\r\nContent-Length: "
            + body.length
            + "\r\n\r\n";
    List<String> after = new ArrayList<>();
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", server.uri().getPort()));
      OutputStream out = s.getOutputStream();
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      Thread worker = binding(60_000);
      assertNotNull(worker, stack + ": the request's thread was never seen binding it");
      s.close(); // the client leaves, its request half bound
      long end = System.nanoTime() + 60_000_000_000L;
      while (System.nanoTime() < end) {
        StackTraceElement[] frames = worker.getStackTrace();
        if (!inRequest(frames)) {
          break;
        }
        for (StackTraceElement f : frames) {
          if (PAST_BINDING.test(f)) {
            after.add(f.toString());
          }
        }
      }
    }
    String path = SoapServices.path(stack) + " ";
    await(() -> log.stream().anyMatch(l -> l.contains(path)), "the access log line");
    String line = log.stream().filter(l -> l.contains(path)).findFirst().orElseThrow();
    assertTrue(line.contains("\" 499 0 "), line);
    assertEquals(List.of(), after.stream().distinct().toList(), stack + " bound on for nobody");
    // any client can leave at will: one INFO line, never a stack trace (Axis2 logged the stop
    // with its trace, some 350 lines, when it was raised again at the fault's write)
    assertEquals(List.of(), traced, stack);
  }

  /** The thread working on the SOAP request once it is in the stack's binding, or null. */
  private static Thread binding(long timeoutMs) {
    long end = System.nanoTime() + timeoutMs * 1_000_000;
    Thread worker = null;
    while (System.nanoTime() < end) {
      if (worker == null) {
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
          if (inRequest(e.getValue())) {
            worker = e.getKey();
          }
        }
        continue;
      }
      StackTraceElement[] frames = worker.getStackTrace();
      for (StackTraceElement f : frames) {
        if (BINDING.test(f)) {
          return worker;
        }
      }
    }
    return null;
  }

  private static boolean inRequest(StackTraceElement[] frames) {
    for (StackTraceElement f : frames) {
      if (f.getClassName().equals("org.wirebench.server.soap.SoapGate")) {
        return true;
      }
    }
    return false;
  }
}
