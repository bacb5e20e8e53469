package org.wirebench.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SOAP handler's own filters, without the fixture server's body gate in front (which refuses a
 * body above the limit before any of them): {@link BodyLimitFilter}'s 413 comes before the 400 for
 * a refused SOAPAction, since the gate leaves that refusal to {@link EnvelopeFilter}, which runs
 * after the limit filter.
 */
class SoapFiltersOrderTest {
  private static final int LIMIT = 4096;
  private static Server server;
  private static LocalConnector local;

  @BeforeAll
  static void start() throws Exception {
    server = new Server();
    local = new LocalConnector(server);
    server.addConnector(local);
    server.setHandler(SoapServices.handler(LIMIT));
    server.start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.stop();
  }

  static Stream<Arguments> stacksByActions() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (String action : new String[] {null, "\"urn:nothing\""}) {
        cases.add(Arguments.of(SoapServices.path(stack), action));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} SOAPAction {1}")
  @MethodSource("stacksByActions")
  void aBodyAboveTheLimitGets413BeforeARefusedSoapAction(String path, String action)
      throws Exception {
    String body = "<x>" + " ".repeat(LIMIT) + "</x>";
    String raw =
        "POST "
            + path
            + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\n"
            + (action == null ? "" : "SOAPAction: " + action + "\r\n")
            + "Content-Length: "
            + body.getBytes(StandardCharsets.UTF_8).length
            + "\r\nConnection: close\r\n\r\n"
            + body;
    HttpTester.Response r =
        HttpTester.parseResponse(
            local.executeRequest(raw).waitForResponse(false, 30, TimeUnit.SECONDS));
    String what = path + " " + action + "\n" + r + r.getContent();
    assertEquals(413, r.getStatus(), what);
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), what);
    assertTrue(r.getContent().contains("above this server's limit"), what);
  }
}
