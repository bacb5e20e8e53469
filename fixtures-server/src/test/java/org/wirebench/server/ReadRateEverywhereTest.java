package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.logging.JettyLogger;
import org.eclipse.jetty.logging.StdErrAppender;
import org.eclipse.jetty.server.LocalConnector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.LoggerFactory;
import org.wirebench.formats.soap.Operation;
import org.wirebench.server.soap.SoapServices;

/**
 * Every kind of writer is held to the minimum read rate, not only the WFS's GetFeature: the WFS's
 * gathered pieces (GetFeature, capabilities), its single-write answers (DescribeFeatureType, an
 * exception report), the WMS's maps, capabilities and exceptions, /static/N, the index, the SOAP
 * stacks' servlet streams (an answer on each stack, a fault, a WSDL), the mock backend, the
 * gateway's answers and errors, and the error pages Jetty asks for outside any handler. The server
 * runs a rule no client can meet once a write has to wait (no grace, a rate of 2^63-1 bytes/s) and
 * an idle timeout of ten minutes: a client that never reads (a local endpoint with room for one
 * byte) must find its connections closed at once by the rule. Before, every answer but the WFS's
 * pieces stayed until the idle timeout (30 s in production), and a client reading a few bytes at a
 * time held it, its buffers and a servlet's thread, for as long as it kept reading. The same rule
 * leaves a client that reads everything at once its whole answer: only waiting counts.
 */
class ReadRateEverywhereTest {
  private static FixtureServer server;
  private static LocalConnector local;

  @BeforeAll
  static void start() throws Exception {
    server = new FixtureServer(FixtureServer.Settings.defaults()).readRate(Long.MAX_VALUE, 0);
    local = server.localConnector();
    // far beyond the test's bound: only the rule can close a connection in time
    local.setIdleTimeout(TimeUnit.MINUTES.toMillis(10));
    server.start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static Stream<Arguments> writers() {
    List<Arguments> all = new ArrayList<>();
    String wfs = "/ows?service=WFS&version=2.0.0&request=";
    all.add(
        get(
            "WFS GetFeature (gathered pieces)",
            wfs + "GetFeature&typeNames=osm:osm_places&count=50&outputFormat=application/json",
            200));
    all.add(get("WFS GetCapabilities (gathered pieces)", wfs + "GetCapabilities", 200));
    all.add(
        get("WFS DescribeFeatureType", wfs + "DescribeFeatureType&typeNames=osm:osm_places", 200));
    all.add(get("WFS exception report", wfs + "GetFeature", 400));
    String wms = "/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=";
    all.add(
        get(
            "WMS GetMap",
            wms
                + "GetMap&LAYERS=bluemarble&STYLES=&SRS=EPSG:4326&BBOX=-180,-90,180,90"
                + "&FORMAT=image/png&WIDTH=64&HEIGHT=64",
            200));
    all.add(get("WMS GetCapabilities", wms + "GetCapabilities", 200));
    all.add(get("WMS exception", wms + "GetMap", 400));
    all.add(get("/static/N", "/static/100000", 200));
    all.add(get("index", "/", 200));
    all.add(get("SOAP WSDL", SoapServices.path("cxf-jaxb") + "?wsdl", 200));
    for (String stack : List.of("axis2-adb", "axis2-jaxb", "cxf-jaxb")) {
      all.add(soap("SOAP answer, " + stack, SoapServices.path(stack), ECHO, 200));
    }
    all.add(soap("SOAP fault (the envelope's check)", SoapServices.path("cxf-jaxb"), "<x/>", 400));
    all.add(soap("SOAP fault (the stack's own)", SoapServices.path("axis2-adb"), NAN, 500));
    all.add(get("mock backend", "/finding/mock.xml", 200));
    all.add(get("gateway error", "/ebay/finding/keywords/yaml/ipad", 404));
    all.add(
        Arguments.of(
            "Jetty's error page (a request line it cannot parse)",
            "G@T /ows HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
            400));
    all.add(get("Jetty's error page (no route)", "/nowhere", 404));
    return all.stream();
  }

  /** Writers for the non-reading case only. */
  static Stream<Arguments> writersAndGateway() {
    // the gateway's answer: it calls the mock backend over a real socket, whose writes may wait a
    // moment on any machine and so meet this test's rule, which no real rule is near; not read
    // whole here, but cut as every other when its client does not read
    return Stream.concat(
        writers(), Stream.of(get("gateway answer", "/ebay/finding/keywords/json/ipad", 200)));
  }

  /** Axis2-ADB cannot echo NaN: a Server fault of its own. */
  private static final String NAN =
      "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
          + "<soapenv:Body><ns:echoDoubles xmlns:ns=\""
          + Operation.NAMESPACE
          + "\"><ns:input>NaN</ns:input></ns:echoDoubles>"
          + "</soapenv:Body></soapenv:Envelope>";

  private static final String ECHO =
      "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
          + "<soapenv:Body><ns:echoInts xmlns:ns=\""
          + Operation.NAMESPACE
          + "\"><ns:input>7</ns:input><ns:input>8</ns:input></ns:echoInts>"
          + "</soapenv:Body></soapenv:Envelope>";

  private static Arguments get(String kind, String target, int status) {
    return Arguments.of(
        kind,
        ("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII),
        status);
  }

  private static Arguments soap(String kind, String path, String envelope, int status) {
    byte[] body = envelope.getBytes(StandardCharsets.UTF_8);
    byte[] head =
        ("POST "
                + path
                + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: \"\"\r\nContent-Length: "
                + body.length
                + "\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    byte[] raw = java.util.Arrays.copyOf(head, head.length + body.length);
    System.arraycopy(body, 0, raw, head.length, body.length);
    return Arguments.of(kind, raw, status);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("writersAndGateway")
  void aClientThatNeverReadsIsCutByTheRule(String kind, byte[] request, int status)
      throws Exception {
    List<LocalConnector.LocalEndPoint> clients = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      // room for one byte: every write of the answer waits on the client
      LocalConnector.LocalEndPoint client = local.connect(1);
      send(client, request);
      clients.add(client);
    }
    for (LocalConnector.LocalEndPoint client : clients) {
      // a bound on a broken server, not a measure: the rule cuts the first write that waits
      for (int i = 0; i < 400 && client.isOpen(); i++) {
        TimeUnit.MILLISECONDS.sleep(50);
      }
      assertFalse(client.isOpen(), kind + ": the connection of a client that never reads is open");
    }
  }

  /**
   * A SOAP answer cut by the rule is one INFO line, as a client hanging up is: any client can do
   * either at will. Before, each was a WARN with about 90 lines of stack trace.
   */
  @Test
  void aSoapAnswerCutByTheRuleIsLoggedInOneLine() throws Exception {
    StdErrAppender appender =
        (StdErrAppender)
            ((JettyLogger) LoggerFactory.getLogger("org.wirebench.server.soap.SoapGate"))
                .getAppender();
    PrintStream before = appender.getStream();
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    appender.setStream(new PrintStream(captured, true, StandardCharsets.UTF_8));
    String line = "the client left while its answer to /services/axis2-adb was written";
    String log = "";
    try {
      LocalConnector.LocalEndPoint client = local.connect(1);
      send(client, (byte[]) soap("", ADB, ECHO, 200).get()[1]);
      for (int i = 0; i < 400 && !log.contains(line); i++) {
        TimeUnit.MILLISECONDS.sleep(50); // a bound on a broken server, not a measure
        log = captured.toString(StandardCharsets.UTF_8);
      }
    } finally {
      appender.setStream(before == null ? System.err : before);
    }
    assertTrue(log.contains(line), log);
    assertFalse(log.contains("\tat "), "a stack trace was logged:\n" + log);
  }

  private static final String ADB = SoapServices.path("axis2-adb");

  /**
   * Hands {@code request} to {@code client} off the test's thread: the local connector may serve it
   * on the thread that adds it, and a write that is never cut would hold that thread.
   */
  private static void send(LocalConnector.LocalEndPoint client, byte[] request) {
    Thread t = new Thread(() -> client.addInput(ByteBuffer.wrap(request)), "never-reading client");
    t.setDaemon(true);
    t.start();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("writers")
  void aClientThatReadsAtOnceGetsItAllUnderTheSameRule(String kind, byte[] request, int status)
      throws Exception {
    HttpTester.Response r =
        HttpTester.parseResponse(
            local.getResponse(ByteBuffer.wrap(request), false, 30, TimeUnit.SECONDS));
    assertNotNull(r, kind + ": no answer");
    assertTrue(r.isComplete(), kind + ": a cut answer\n" + r);
    assertEquals(status, r.getStatus(), kind + "\n" + r + r.getContent());
  }
}
