package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.github.luben.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.http.pathmap.PathSpec;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.server.wfs.WfsHandler;

/**
 * Accept-Encoding as RFC 9110 says, on a LocalConnector: every coding decoded (by the libraries
 * themselves, not by the server's own classes) back to the identity body; unknown codings ignored;
 * q-values, {@code *} and {@code identity;q=0}; refusals in the service's format.
 */
class WireCompressionTest {
  private static final String FEATURES =
      "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=200"
          + "&outputFormat=application/json";
  private static final String BAD_WFS =
      "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=0";

  private static Server onServer;
  private static Server offServer;
  private static LocalConnector on;
  private static LocalConnector off;

  @BeforeAll
  static void start() throws Exception {
    onServer = new Server();
    on = new LocalConnector(onServer);
    onServer.addConnector(on);
    onServer.setHandler(new WireCompression(routes(), true));
    onServer.start();
    offServer = new Server();
    off = new LocalConnector(offServer);
    offServer.addConnector(off);
    offServer.setHandler(new WireCompression(routes(), false));
    offServer.start();
  }

  private static Handler routes() {
    PathMappingsHandler routes = new PathMappingsHandler();
    routes.addMapping(PathSpec.from("/ows"), new WfsHandler());
    routes.addMapping(PathSpec.from("/static/*"), new StaticHandler());
    routes.addMapping(
        PathSpec.from("/image"),
        new Handler.Abstract.NonBlocking() {
          @Override
          public boolean handle(Request request, Response response, Callback callback) {
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "image/png");
            response.write(true, ByteBuffer.wrap(new byte[20_000]), callback);
            return true;
          }
        });
    return routes;
  }

  @AfterAll
  static void stop() throws Exception {
    onServer.stop();
    offServer.stop();
  }

  private static HttpTester.Response get(LocalConnector c, String target, String... headers)
      throws Exception {
    return send(c, "GET", target, headers);
  }

  private static HttpTester.Response send(
      LocalConnector c, String method, String target, String... headers) throws Exception {
    StringBuilder raw = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: test\r\n");
    for (String h : headers) {
      raw.append(h).append("\r\n");
    }
    raw.append("Connection: close\r\n\r\n");
    LocalConnector.LocalEndPoint ep = c.executeRequest(raw.toString());
    ByteBuffer answer = ep.waitForResponse(false, 60, TimeUnit.SECONDS);
    return HttpTester.parseResponse(answer);
  }

  private static HttpTester.Response get(String target, String acceptEncoding) throws Exception {
    return get(on, target, "Accept-Encoding: " + acceptEncoding);
  }

  /** The body decoded by the coding's own library, as a client would. */
  private static byte[] decoded(HttpTester.Response r) throws IOException {
    String coding = r.get(HttpHeader.CONTENT_ENCODING);
    InputStream in = new ByteArrayInputStream(r.getContentBytes());
    if (coding == null) {
      return in.readAllBytes();
    }
    InputStream decoder =
        switch (coding) {
          case "gzip" -> new GZIPInputStream(in);
          case "br" -> {
            org.wirebench.server.http.BrotliLibrary.load();
            Brotli4jLoader.ensureAvailability();
            yield new BrotliInputStream(in);
          }
          case "zstd" -> new ZstdInputStream(in);
          default -> throw new AssertionError("unexpected Content-Encoding " + coding);
        };
    try (decoder) {
      return decoder.readAllBytes();
    }
  }

  @ParameterizedTest
  @CsvSource({"gzip,gzip", "x-gzip,gzip", "br,br", "zstd,zstd", "GZIP,gzip", "Br,br"})
  void eachCodingDecodesToTheIdentityBody(String asked, String sent) throws Exception {
    HttpTester.Response plain = get(on, FEATURES);
    assertEquals(200, plain.getStatus());
    assertNull(plain.get(HttpHeader.CONTENT_ENCODING));
    HttpTester.Response coded = get(FEATURES, asked);
    assertEquals(200, coded.getStatus());
    assertEquals(sent, coded.get(HttpHeader.CONTENT_ENCODING));
    assertEquals("Accept-Encoding", coded.get(HttpHeader.VARY));
    assertEquals(plain.get(HttpHeader.CONTENT_TYPE), coded.get(HttpHeader.CONTENT_TYPE));
    assertTrue(
        coded.getContentBytes().length * 3 < plain.getContentBytes().length,
        coded.getContentBytes().length + " coded bytes of " + plain.getContentBytes().length);
    assertArrayEquals(plain.getContentBytes(), decoded(coded));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "compress, deflate, foo|",
        "foo;q=1, br;q=0.1|br",
        "identity|",
        "''|",
        "gzip;q=0.5, br;q=0.8|br",
        "gzip;q=1, zstd;q=0.999|gzip",
        "gzip, br, zstd|zstd",
        "gzip, br|br",
        "br;q=0, *|zstd",
        "br;q=0, zstd;q=0, *;q=0.5|gzip",
        "gzip;q=0.5, identity|",
        "gzip;q=0.5|gzip",
        "*;q=0.8, gzip;q=0.9|gzip",
        "gzip, identity;q=0|gzip",
        "*;q=0, identity|",
        "gzip;Q=0.5 , ,br;q=0.4|gzip"
      })
  void theCodingIsTheMostWeightedOneOffered(String acceptEncoding, String expected)
      throws Exception {
    HttpTester.Response r = get("/static/5000", acceptEncoding);
    assertEquals(200, r.getStatus(), r.getContent());
    assertEquals(expected, r.get(HttpHeader.CONTENT_ENCODING), acceptEncoding);
    assertEquals(5000, decoded(r).length);
  }

  @ParameterizedTest
  @ValueSource(strings = {"identity;q=0", "*;q=0", "compress, identity;q=0", "br;q=0, *;q=0"})
  void identityRefusedWithNothingElseIs406InTheServicesFormat(String acceptEncoding)
      throws Exception {
    for (LocalConnector c : new LocalConnector[] {on, off}) {
      HttpTester.Response r = get(c, FEATURES, "Accept-Encoding: " + acceptEncoding);
      assertEquals(406, r.getStatus(), r.getContent());
      assertTrue(r.getContent().contains("ows:ExceptionReport"), r.getContent());
      assertTrue(r.getContent().contains("refuses identity"), r.getContent());
      assertEquals("Accept-Encoding", r.get(HttpHeader.VARY));
    }
    assertTrue(
        get(FEATURES, acceptEncoding).getContent().contains("zstd, br, gzip"),
        "the 406 names the codings the server sends");
  }

  @Test
  void compressionOffAnswersIdentityToEveryCoding() throws Exception {
    HttpTester.Response r = get(off, "/static/5000", "Accept-Encoding: gzip, br, zstd");
    assertEquals(200, r.getStatus());
    assertNull(r.get(HttpHeader.CONTENT_ENCODING));
    assertEquals(5000, r.getContentBytes().length);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gzip;q=abc",
        "gzip;q=1.5",
        "gzip;q=0.1234",
        "gzip;q",
        "gzip;level=9",
        "gzip;q=0.5;q=0.4",
        "gzip, gzip;q=0",
        "gzip, x-gzip",
        "g zip",
        "@",
        "gzip;q = 0.5",
        "gzip;q= 0.5",
        "gzip;q =0.5",
        "gzip; q=0.5 x"
      })
  void anAcceptEncodingThatIsNotTheSyntaxIs400InTheServicesFormat(String acceptEncoding)
      throws Exception {
    HttpTester.Response r = get(FEATURES, acceptEncoding);
    assertEquals(400, r.getStatus(), acceptEncoding);
    assertTrue(r.getContent().contains("Accept-Encoding: "), r.getContent());
    assertTrue(r.getContent().contains("ows:ExceptionReport"), r.getContent());
    // the answer depends on the header: a cache keyed without it would give this 400 to others
    assertEquals("Accept-Encoding", r.get(HttpHeader.VARY), acceptEncoding);
    HttpTester.Response json = get("/ebay/finding/keywords/x", acceptEncoding);
    assertEquals(400, json.getStatus());
    assertEquals("Accept-Encoding", json.get(HttpHeader.VARY));
    assertTrue(json.getContent().startsWith("{"), json.getContent());
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "br", "zstd"})
  void anErrorReportAskedForInACodingIsTheServicesOwnReport(String coding) throws Exception {
    HttpTester.Response r = get(BAD_WFS, coding);
    assertEquals(400, r.getStatus());
    // Jetty codes 2xx answers only: a report is a few hundred bytes
    assertNull(r.get(HttpHeader.CONTENT_ENCODING));
    assertEquals("Accept-Encoding", r.get(HttpHeader.VARY));
    String body = new String(decoded(r), StandardCharsets.UTF_8);
    assertTrue(body.contains("ows:ExceptionReport"), body);
    assertTrue(body.contains("InvalidParameterValue"), body);
  }

  /**
   * RFC 9110 §9.3.2: HEAD gets the header fields its GET would. Jetty's handler leaves HEAD alone
   * by default, and a HEAD asking for gzip then said {@code Content-Length: 100000} and no coding
   * while its GET came in gzip, with no length: a client sizing a download from HEAD, or a cache
   * freshening a stored GET from it, was told of another representation.
   */
  @ParameterizedTest
  @ValueSource(strings = {"", "gzip", "br, zstd", "gzip;q=0"})
  void aHeadAnswerHasItsGetsCodingLengthAndVary(String acceptEncoding) throws Exception {
    for (String target :
        new String[] {
          "/static/100000",
          "/static/500",
          "/image",
          FEATURES,
          "/ows?service=WFS&request=GetCapabilities",
          BAD_WFS
        }) {
      String[] headers =
          acceptEncoding.isEmpty()
              ? new String[0]
              : new String[] {"Accept-Encoding: " + acceptEncoding};
      HttpTester.Response get = get(on, target, headers);
      String raw =
          "HEAD "
              + target
              + " HTTP/1.1\r\nHost: test\r\n"
              + (acceptEncoding.isEmpty() ? "" : "Accept-Encoding: " + acceptEncoding + "\r\n")
              + "Connection: close\r\n\r\n";
      ByteBuffer answer = on.executeRequest(raw).waitForResponse(true, 60, TimeUnit.SECONDS);
      HttpTester.Response head = HttpTester.parseHeadResponse(answer);
      String what = target + " " + acceptEncoding;
      assertEquals(get.getStatus(), head.getStatus(), what);
      // a cache may refresh a stored GET from a HEAD; without Vary it would key it on no header
      assertEquals("Accept-Encoding", head.get(HttpHeader.VARY), what);
      assertEquals(
          get.get(HttpHeader.CONTENT_ENCODING), head.get(HttpHeader.CONTENT_ENCODING), what);
      assertEquals(get.get(HttpHeader.CONTENT_TYPE), head.get(HttpHeader.CONTENT_TYPE), what);
      String length = head.get(HttpHeader.CONTENT_LENGTH);
      if (length != null) {
        assertEquals(get.getContentBytes().length, Integer.parseInt(length), what);
      }
    }
  }

  @Test
  void tinyBodiesAndImagesGoOutUncoded() throws Exception {
    assertNull(get("/static/1023", "gzip").get(HttpHeader.CONTENT_ENCODING));
    assertEquals("gzip", get("/static/1024", "gzip").get(HttpHeader.CONTENT_ENCODING));
    HttpTester.Response image = get("/image", "gzip, br, zstd");
    assertEquals(200, image.getStatus());
    assertNull(image.get(HttpHeader.CONTENT_ENCODING));
    assertEquals(20_000, image.getContentBytes().length);
  }

  @ParameterizedTest
  @CsvSource({"/services/cxf-jaxb,soapenv:Client", "/ows,ows:ExceptionReport"})
  void aCodedRequestBodyIs415NeverDecoded(String path, String format) throws Exception {
    for (LocalConnector c : new LocalConnector[] {on, off}) {
      HttpTester.Response r =
          send(
              c,
              "POST",
              path,
              "Content-Type: text/xml; charset=UTF-8",
              "Content-Encoding: gzip",
              "Content-Length: 0");
      assertEquals(415, r.getStatus(), r.getContent());
      assertEquals("identity", r.get(HttpHeader.ACCEPT_ENCODING));
      assertTrue(r.getContent().contains(format), r.getContent());
    }
  }
}
