package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.logging.JettyLogger;
import org.eclipse.jetty.logging.StdErrAppender;
import org.eclipse.jetty.util.HostPort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;

/**
 * Request lines Jetty was lenient with or refused in the wrong format: a lowercase {@code http/1.1}
 * (RFC 9112 §2.3: the name is case-sensitive) was served; a line parted by tabs was refused in
 * plain text whatever its path; a bad Host header logged a WARN any client could trigger at will.
 * Raw request bytes on a LocalConnector.
 */
class RequestLineStrictnessTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static HttpTester.Response send(String raw) throws Exception {
    return HttpTester.parseResponse(
        SERVER.connector().executeRequest(raw).waitForResponse(false, 30, TimeUnit.SECONDS));
  }

  @ParameterizedTest
  @ValueSource(strings = {"http/1.1", "Http/1.1", "hTTP/1.0"})
  void aVersionNotInCapitalsIsRefusedInThePathsFormat(String version) throws Exception {
    HttpTester.Response r =
        send(
            "GET /ows?service=WFS&version=2.0.0&request=GetCapabilities "
                + version
                + "\r\nHost: x\r\n\r\n");
    assertEquals(400, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("ows:ExceptionReport"), r.getContent());
    assertTrue(r.getContent().contains("case-sensitive"), r.getContent());
    assertEquals("close", r.get("Connection"));
  }

  @Test
  void theVersionInCapitalsIsServed() throws Exception {
    HttpTester.Response r = send("GET /static/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertEquals(200, r.getStatus(), r.getContent());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GET\t/ows?service=WFS\tHTTP/1.1|ows:ExceptionReport",
        "GET\t/ows?service=WFS HTTP/1.1|ows:ExceptionReport",
        "GET /wms?SERVICE=WMS\tHTTP/1.1|ServiceException",
        "GET\t/services/cxf-jaxb?wsdl\tHTTP/1.1|<faultcode>soapenv:Client</faultcode>",
      })
  void aLineWithTabsIsRefusedInThePathsFormat(String spec) throws Exception {
    String[] p = spec.split("\\|");
    HttpTester.Response r = send(p[0] + "\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertEquals(400, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains(p[1]), r.getContent());
  }

  /**
   * Words parted by two spaces: Jetty read past them, so one spelling was served and the other
   * refused as a version "/owsHTTP/1.1" not in capitals.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "GET /ows?service=WFS&version=2.0.0&request=GetCapabilities  HTTP/1.1|ows:ExceptionReport",
        "GET  /ows?service=WFS&version=2.0.0&request=GetCapabilities HTTP/1.1|ows:ExceptionReport",
        "GET  /wms?SERVICE=WMS&REQUEST=GetCapabilities  HTTP/1.1|ServiceException",
        "GET /services/cxf-jaxb?wsdl  HTTP/1.1|<faultcode>soapenv:Client</faultcode>",
        "GET  /finding/mock.json HTTP/1.1|{\"error\":{\"status\":400",
        "GET /static/2   HTTP/1.1|400 ",
      })
  void aLineWithTwoSpacesBetweenItsWordsIsRefusedInThePathsFormat(String spec) throws Exception {
    String[] p = spec.split("\\|");
    HttpTester.Response r = send(p[0] + "\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertEquals(400, r.getStatus(), p[0] + "\n" + r.getContent());
    assertTrue(r.getContent().contains(p[1]), r.getContent());
    assertTrue(
        r.getContent().contains("the request line is not METHOD /path HTTP/1.1 ending in CR LF"),
        r.getContent());
    assertFalse(r.getContent().contains("case-sensitive"), r.getContent());
    assertEquals("close", r.get("Connection"));
  }

  @Test
  void aBadHostIsRefusedWithoutAWarning() throws Exception {
    StdErrAppender appender =
        (StdErrAppender) ((JettyLogger) LoggerFactory.getLogger(HostPort.class)).getAppender();
    PrintStream before = appender.getStream();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    appender.setStream(new PrintStream(log, true, StandardCharsets.UTF_8));
    try {
      HttpTester.Response r =
          send("GET /ows?service=WFS HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n");
      assertEquals(400, r.getStatus(), r.getContent());
      assertTrue(r.getContent().contains("ows:ExceptionReport"), r.getContent());
      String text = log.toString(StandardCharsets.UTF_8);
      assertFalse(text.contains("WARN"), text);
    } finally {
      appender.setStream(before);
    }
  }
}
