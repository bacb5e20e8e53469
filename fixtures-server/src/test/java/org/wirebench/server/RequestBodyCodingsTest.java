package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.http.pathmap.PathSpec;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.server.wfs.WfsHandler;

/**
 * A request body in a coding the server does not decode is refused however the coding is spelled
 * across fields, never read as if it were uncoded: a gzip body under {@code Content-Encoding:
 * identity} followed by {@code Content-Encoding: gzip}, and one under {@code Transfer-Encoding:
 * gzip, chunked} (which Jetty's parser lets through, chunked being last), both reached the handlers
 * as their gzip bytes, answered 200.
 */
class RequestBodyCodingsTest {
  private static Server server;
  private static LocalConnector local;

  @BeforeAll
  static void start() throws Exception {
    server = new Server();
    local = new LocalConnector(server);
    server.addConnector(local);
    PathMappingsHandler routes = new PathMappingsHandler();
    routes.addMapping(PathSpec.from("/ows"), new WfsHandler());
    routes.addMapping(PathSpec.from("/static/*"), new StaticHandler());
    // no SOAP stack: the refusal comes before routing, in the format the path names
    server.setHandler(new WireCompression(routes, true));
    server.start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.stop();
  }

  private static byte[] gzip(int zeros) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(new byte[zeros]);
    }
    return out.toByteArray();
  }

  private static HttpTester.Response post(String path, String headers, byte[] body)
      throws Exception {
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    raw.write(
        ("POST " + path + " HTTP/1.1\r\nHost: test\r\nContent-Type: text/xml\r\n" + headers)
            .getBytes(StandardCharsets.ISO_8859_1));
    raw.write("Connection: close\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
    raw.write(body);
    LocalConnector.LocalEndPoint ep = local.connect();
    ep.addInputAndExecute(ByteBuffer.wrap(raw.toByteArray()));
    return HttpTester.parseResponse(ep.waitForResponse(false, 60, TimeUnit.SECONDS));
  }

  /** What the service's own error body holds. */
  private static String format(String path) {
    return path.startsWith("/services/")
        ? "soapenv:Fault"
        : path.equals("/ows") ? "ows:ExceptionReport" : "";
  }

  private static byte[] chunked(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(body);
    out.writeBytes("\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    return out.toByteArray();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/static/10", "/services/cxf-jaxb", "/ows"})
  void aContentCodingInAnyFieldIs415(String path) throws Exception {
    byte[] bomb = gzip(1 << 20);
    for (String fields :
        new String[] {
          "Content-Encoding: identity\r\nContent-Encoding: gzip\r\n",
          "Content-Encoding: \r\nContent-Encoding: GZIP\r\n",
          "Content-Encoding: identity, br\r\n",
        }) {
      HttpTester.Response r = post(path, fields + "Content-Length: " + bomb.length + "\r\n", bomb);
      assertEquals(415, r.getStatus(), fields + r.getContent());
      assertEquals("identity", r.get(HttpHeader.ACCEPT_ENCODING));
      // a SOAP endpoint's 415 names its media type too, as every 415 there does
      assertEquals(
          path.startsWith("/services/") ? "text/xml" : null, r.get(HttpHeader.ACCEPT), path);
      assertTrue(r.getContent().contains("request bodies are read only uncoded"), r.getContent());
      assertTrue(r.getContent().contains(format(path)), r.getContent());
    }
    // identity however spelled still reads the body
    HttpTester.Response plain =
        post(
            "/static/10",
            "Content-Encoding: identity\r\nContent-Encoding: IDENTITY, \r\nContent-Length: 3\r\n",
            "abc".getBytes(StandardCharsets.US_ASCII));
    assertEquals(200, plain.getStatus(), plain.getContent());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/static/10", "/services/cxf-jaxb", "/ows"})
  void aTransferCodingOtherThanChunkedIs501(String path) throws Exception {
    byte[] body = chunked(gzip(1 << 20));
    for (String fields :
        new String[] {
          "Transfer-Encoding: gzip, chunked\r\n",
          "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n",
          "Transfer-Encoding: identity, chunked\r\n",
        }) {
      HttpTester.Response r = post(path, fields, body);
      assertEquals(501, r.getStatus(), fields + r.getContent());
      assertTrue(r.getContent().contains("Transfer-Encoding"), r.getContent());
      assertTrue(r.getContent().contains(format(path)), r.getContent());
    }
    HttpTester.Response plain = post("/static/10", "Transfer-Encoding: chunked\r\n", body);
    assertEquals(200, plain.getStatus(), plain.getContent());
  }
}
