package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Request framings and HTTP versions refused at the HTTP layer, each in its path's format and with
 * the connection closed after: an HTTP/1.0 request with Transfer-Encoding (RFC 9112 §6.1), a GET or
 * HEAD with a body no path reads, and HTTP/2 without an Upgrade this server could make (505, not a
 * 426 that names no protocol, RFC 9110 §15.5.22). A request pipelined behind a refused one is never
 * answered. Raw request bytes on a LocalConnector.
 */
class FramingAndVersionsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String NEXT =
      "GET /static/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

  /**
   * Every answer the connection gives to {@code raw}, up to its close (every case here ends in one)
   * or, where the server wrongly keeps it open, to 10 s of quiet.
   */
  private static String answers(String raw) throws Exception {
    LocalConnector.LocalEndPoint endPoint = SERVER.connector().executeRequest(raw);
    endPoint.waitUntilClosedOrIdleFor(10, TimeUnit.SECONDS);
    return endPoint.getOutputString(java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  private static int count(String answers) {
    return answers.split("HTTP/1\\.1 \\d{3} ", -1).length - 1;
  }

  /** The one answer in {@code answers}, checked to be alone and to close the connection. */
  private static HttpTester.Response onlyAndClosing(String answers) {
    assertEquals(1, count(answers), "a request behind the refused one was answered: " + answers);
    HttpTester.Response r = HttpTester.parseResponse(answers);
    assertEquals("close", r.get("Connection"), answers);
    return r;
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"POST /static/1", "POST /ows", "POST /services/cxf-jaxb", "GET /static/1"})
  void http10WithTransferEncodingIsRefusedAndClosed(String line) throws Exception {
    String raw =
        line
            + " HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\nContent-Type: text/xml\r\n"
            + "SOAPAction: \"\"\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
            + NEXT;
    HttpTester.Response r = onlyAndClosing(answers(raw));
    assertEquals(400, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("HTTP/1.0"), r.getContent());
    String path = line.substring(line.indexOf(' ') + 1);
    if (path.equals("/ows")) {
      assertTrue(r.getContent().contains("ows:ExceptionReport"), r.getContent());
    } else if (path.startsWith("/services/")) {
      assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GET /ows?service=WFS&request=GetCapabilities|Content-Length: 3|abc",
        "GET /ows?service=WFS&request=GetCapabilities|Transfer-Encoding: chunked|3\r\nabc\r\n0\r\n\r\n",
        "HEAD /wms?SERVICE=WMS&REQUEST=GetCapabilities|Content-Length: 3|abc",
        "GET /services/cxf-jaxb?wsdl|Content-Length: 3|abc",
        "GET /static/1|Content-Length: 3|abc",
      })
  void aGetWithABodyIsRefusedAndClosed(String spec) throws Exception {
    String[] p = spec.split("\\|");
    String raw = p[0] + " HTTP/1.1\r\nHost: x\r\n" + p[1] + "\r\n\r\n" + p[2] + NEXT;
    HttpTester.Response r = onlyAndClosing(answers(raw));
    assertEquals(400, r.getStatus(), r.getContent());
    if (p[0].startsWith("GET /ows")) {
      assertTrue(r.getContent().contains("ows:ExceptionReport"), r.getContent());
      assertTrue(r.getContent().contains("takes no body"), r.getContent());
    } else if (p[0].contains("/services/")) {
      assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
    }
  }

  @Test
  void aGetWithAnEmptyBodyIsServed() throws Exception {
    String raw = "GET /static/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n" + NEXT;
    String answers = answers(raw);
    assertEquals(2, count(answers), answers);
    assertTrue(answers.startsWith("HTTP/1.1 200 "), answers);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GET /ows?service=WFS&request=GetCapabilities HTTP/2.0\r\nHost: x\r\n\r\n",
        "GET /wms?SERVICE=WMS&REQUEST=GetCapabilities HTTP/2.0\r\nHost: x\r\n\r\n",
        "GET /services/cxf-jaxb?wsdl HTTP/2.0\r\nHost: x\r\n\r\n",
        "GET /static/1 HTTP/2.0\r\nHost: x\r\n\r\n",
        "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
      })
  void http2IsRefused505AndClosed(String request) throws Exception {
    HttpTester.Response r = onlyAndClosing(answers(request + NEXT));
    assertEquals(505, r.getStatus(), r.getContent());
    if (request.contains("/ows")) {
      assertTrue(r.getContent().contains("ows:ExceptionReport"), r.getContent());
    } else if (request.contains("/wms")) {
      assertTrue(r.getContent().contains("ServiceException"), r.getContent());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"HTTP/1.2", "HTTP/2.0", "HTTP/3.0"})
  void aVersionRefusedUnderServicesIsTheClientsFault(String version) throws Exception {
    HttpTester.Response r =
        onlyAndClosing(answers("GET /services/cxf-jaxb?wsdl " + version + "\r\nHost: x\r\n\r\n"));
    assertEquals(505, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
  }
}
