package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A chunked request body whose chunk size is not a hex number (or overflows) is refused with 400 in
 * the path's format, naming the broken chunk: it was answered "400 Bad Request: Early EOF", as if
 * the client had gone away while it was still there. Raw bytes on a LocalConnector.
 */
class ChunkFaultsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  /** Path, what its error body must contain, its content type's start. */
  private static final String[][] SERVICES = {
    {"/ebay/finding/keywords/xml/ipad", "{\"error\":{\"status\":400", "application/json"},
    {"/finding/mock.xml", "{\"error\":{\"status\":400", "application/json"},
    {"/ows", "ExceptionReport", "application/xml"},
    {"/wms", "ServiceExceptionReport", "text/xml"},
    {"/services/cxf-jaxb", "<faultcode>soapenv:Client</faultcode>", "text/xml"},
    {"/services/axis2-adb", "<faultcode>soapenv:Client</faultcode>", "text/xml"},
    {"/static/1", "400 ", "text/plain"},
    {"/", "400 ", "text/plain"},
  };

  /**
   * Chunked bodies whose framing is broken: bad sizes, data longer than its size, a bad trailer.
   */
  private static final String[] BODIES = {
    "FFFFFFFFFFFFFFFFFFFF\r\nabc\r\n0\r\n\r\n",
    "-3\r\nabc\r\n0\r\n\r\n",
    "0x3\r\nabc\r\n0\r\n\r\n",
    "ZZ\r\nabc\r\n0\r\n\r\n",
    "3\r\nabcXYZ\r\n0\r\n\r\n",
    "3\r\nabc\r\n0\r\nno colon here\r\n\r\n"
  };

  static Stream<Arguments> services() {
    return Stream.of(SERVICES).map(s -> Arguments.of(s[0], s[1], s[2]));
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String[] s : SERVICES) {
      for (String body : BODIES) {
        cases.add(Arguments.of(s[0], body, s[1], s[2]));
      }
    }
    return cases.stream();
  }

  private static String head(String path) {
    return "POST "
        + path
        + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nTransfer-Encoding: chunked\r\n\r\n";
  }

  @ParameterizedTest(name = "{0} [{1}]")
  @MethodSource("cases")
  void aBrokenChunkIsNamed(String path, String body, String marker, String type) throws Exception {
    HttpTester.Response r =
        HttpTester.parseResponse(
            SERVER
                .connector()
                .executeRequest(head(path) + body)
                .waitForResponse(false, 30, TimeUnit.SECONDS));
    assertNamed(path + " [" + body + "]\n" + r + r.getContent(), r, marker, type);
  }

  /**
   * The broken chunk arrives while the service waits for more of the body: the parser then runs
   * inside the wait's demand, and the failure is handed to another thread.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("services")
  void aBrokenChunkThatArrivesLaterIsNamed(String path, String marker, String type)
      throws Exception {
    LocalConnector.LocalEndPoint client = SERVER.connector().connect();
    client.addInput(head(path) + "3\r\nabc\r\n");
    Thread.sleep(200);
    client.addInput("ZZ\r\nabc\r\n0\r\n\r\n");
    HttpTester.Response r =
        HttpTester.parseResponse(client.waitForResponse(false, 30, TimeUnit.SECONDS));
    assertNamed(path + " [later]\n" + r + r.getContent(), r, marker, type);
  }

  private static void assertNamed(String shown, HttpTester.Response r, String marker, String type) {
    assertEquals(400, r.getStatus(), shown);
    assertTrue(r.get(HttpHeader.CONTENT_TYPE).startsWith(type), shown);
    assertTrue(r.getContent().contains(marker), shown);
    assertTrue(r.getContent().contains("chunked request body is malformed"), shown);
    assertFalse(r.getContent().contains("Early EOF"), shown);
    assertEquals("close", r.get(HttpHeader.CONNECTION), shown);
  }
}
