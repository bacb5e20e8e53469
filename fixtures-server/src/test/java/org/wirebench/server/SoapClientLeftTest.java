package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.server.LoopbackClients.await;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.server.soap.SoapServices;

/**
 * A SOAP request whose client sent it whole and closed its connection is not bound and echoed for
 * nobody: the look before a stack is handed the request sees the close, and the request ends with
 * nothing sent, {@code 499 0} in the access log. Before, every stack worked the request through and
 * wrote its answer into the closed connection ({@code 200} and the answer's size in the log). A
 * client that stays is answered on a kept-alive connection as before, request after request. Real
 * sockets on loopback: the close is the subject. The body is sent whole before the close, and read
 * whole by the server before it looks, so the close is in the socket when the look is made.
 */
class SoapClientLeftTest {
  private final List<String> log = new CopyOnWriteArrayList<>();
  private FixtureServer server;

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  static List<String> stacks() {
    return SoapServices.NAMES;
  }

  private void start() throws Exception {
    server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .accessLogTo(log::add)
            .start();
  }

  private Socket connect() throws Exception {
    Socket s = new Socket();
    s.connect(new InetSocketAddress("127.0.0.1", server.uri().getPort()));
    return s;
  }

  private static byte[] request(String stack, int items) {
    byte[] body = SoapEnvelopes.request(EchoValues.generate(Operation.INTS, items));
    String head =
        "POST "
            + SoapServices.path(stack)
            + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"\""
            + "\r\nContent-Length: "
            + body.length
            + "\r\n\r\n";
    byte[] h = head.getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[h.length + body.length];
    System.arraycopy(h, 0, all, 0, h.length);
    System.arraycopy(body, 0, all, h.length, body.length);
    return all;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void aLargeRequestWhoseClientLeftIsNotWorkedOn(String stack) throws Exception {
    start();
    try (Socket s = connect()) {
      OutputStream out = s.getOutputStream();
      out.write(request(stack, 40_000));
      out.flush();
    }
    String path = SoapServices.path(stack) + " ";
    await(() -> log.stream().anyMatch(l -> l.contains(path)), "the access log line");
    String line = log.stream().filter(l -> l.contains(path)).findFirst().orElseThrow();
    assertTrue(line.contains("\" 499 0 "), line);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void aClientThatStaysIsAnsweredRequestAfterRequest(String stack) throws Exception {
    start();
    try (Socket s = connect()) {
      HttpTester.Input in = HttpTester.from(s.getInputStream());
      for (int i = 0; i < 3; i++) {
        s.getOutputStream().write(request(stack, 2_000));
        s.getOutputStream().flush();
        HttpTester.Response r = HttpTester.parseResponse(in);
        assertEquals(200, r.getStatus(), stack + " #" + i + "\n" + r + r.getContent());
        assertTrue(r.getContent().contains(Operation.INTS.responseElement()), r.getContent());
      }
    }
    String path = SoapServices.path(stack) + " ";
    await(() -> log.stream().filter(l -> l.contains(path)).count() == 3, "three access log lines");
    assertTrue(log.stream().filter(l -> l.contains(path)).allMatch(l -> l.contains("\" 200 ")));
  }
}
