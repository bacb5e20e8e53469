package org.wirebench.server.finding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.formats.finding.FindingRequest;
import org.wirebench.formats.finding.GatewayJson;
import org.wirebench.server.DeadPort;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.RawHttp;

/**
 * The gateway end to end on real Jetty: its own mock backend, a backend that misbehaves, and one
 * that is not there. Every failure is a 502/504 with a JSON cause, and the gateway serves the next
 * request as before.
 */
class GatewayTest {
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(30))
          .build();
  private static FixtureServer own;

  /** A gateway to the faulty backend that waits as long as a loaded machine may need. */
  private static FixtureServer faulty;

  /** One that gives a backend 5 s: the slow backend's answers are held until its 504 is in. */
  private static FixtureServer impatient;

  private static FaultyBackend backend;
  private static byte[] expected;

  @BeforeAll
  static void start() throws Exception {
    own =
        new FixtureServer(
                FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))
            .start();
    backend = new FaultyBackend();
    faulty = gateway(backend, 5_000, 60_000);
    impatient = gateway(backend, 5_000, 5_000);
    expected = GatewayJson.toBytes(FindingGenerator.response().view());
  }

  private static FixtureServer gateway(FaultyBackend backend, long connectMs, long totalMs)
      throws Exception {
    return new FixtureServer(
            FixtureServer.Settings.defaults()
                .maxBodyBytes(1 << 20)
                .compression(false)
                .finding(
                    FindingGateway.Settings.DEFAULT
                        .withBackend(backend.template())
                        .withTimeouts(connectMs, totalMs)))
        .start();
  }

  @AfterAll
  static void stop() throws Exception {
    own.close();
    faulty.close();
    impatient.close();
    backend.close();
  }

  static HttpResponse<byte[]> get(FixtureServer server, String path) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(server.uri().resolve(path)).timeout(Duration.ofSeconds(90)).build(),
        HttpResponse.BodyHandlers.ofByteArray());
  }

  static String gateway(String format, String keywords) {
    return "ebay/finding/keywords/"
        + format
        + "/"
        + URLEncoder.encode(keywords, StandardCharsets.UTF_8).replace("+", "%20");
  }

  @ParameterizedTest
  @ValueSource(strings = {"xml", "protobuf", "json"})
  void everyFormatGivesTheSameJsonWithTheFiftyItems(String format) throws Exception {
    HttpResponse<byte[]> r = get(own, gateway(format, "ipad"));
    assertEquals(200, r.statusCode());
    assertEquals(GatewayJson.CONTENT_TYPE, r.headers().firstValue("content-type").orElse(""));
    assertArrayEquals(expected, r.body());
  }

  @Test
  void theMockBackendServesTheStudysContentTypesAndLengths() throws Exception {
    HttpResponse<byte[]> r = get(own, "finding/mock.protobuf");
    assertEquals(200, r.statusCode());
    assertEquals(
        "application/octet-stream;charset=UTF-8", r.headers().firstValue("content-type").get());
    assertEquals(r.body().length, Long.parseLong(r.headers().firstValue("content-length").get()));
    assertEquals(
        "text/xml;charset=UTF-8",
        get(own, "finding/mock.xml").headers().firstValue("content-type").get());
    HttpResponse<byte[]> missing = get(own, "finding/mock.yaml");
    assertEquals(404, missing.statusCode());
    assertJsonError(missing, "mock.xml, mock.protobuf, mock.json");
  }

  @Test
  void hostileKeywordsReachTheBackendEscapedWithTheStudysHeaders() throws Exception {
    backend.fault.set(FaultyBackend.Fault.NONE);
    String keywords = "ipad & <mini> \"16GB\" 'wifi' café 日本 " + "k".repeat(10_000);
    HttpResponse<byte[]> r = get(faulty, gateway("xml", keywords));
    assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
    assertEquals(keywords, FindingRequest.keywords(backend.lastBody.get()));
    var headers = backend.lastRequest.get().getHeaders();
    assertEquals("findItemsByKeywords", headers.get("X-EBAY-SOA-OPERATION-NAME"));
    assertEquals("wirebench", headers.get("X-EBAY-SOA-SECURITY-APPNAME"));
    assertEquals("POST", backend.lastRequest.get().getMethod());
    // the study compared 84 KB of XML with 27 KB of protobuf on the wire: asking the mock for gzip
    // had it compress every answer (a fifth of the server's CPU at saturation) and hid the sizes
    assertNull(headers.get("Accept-Encoding"), "the gateway must not ask the backend for gzip");
  }

  @ParameterizedTest
  @EnumSource(
      value = FaultyBackend.Fault.class,
      names = {
        "SLOW",
        "STATUS_500",
        "TRUNCATED",
        "NOT_XML",
        "GARBAGE",
        "DOCTYPE",
        "HUGE",
        "ACK_ONLY"
      })
  void aFailingBackendIsA502Or504WithItsCauseAndTheGatewayStaysHealthy(FaultyBackend.Fault fault)
      throws Exception {
    backend.fault.set(fault);
    String format =
        fault == FaultyBackend.Fault.GARBAGE || fault == FaultyBackend.Fault.ACK_ONLY
            ? "protobuf"
            : "xml";
    // the slow backend goes through the gateway that gives up after 5 s, the others through one
    // that would wait a minute: their answers are the fault's, never a timeout's
    FixtureServer server = fault == FaultyBackend.Fault.SLOW ? impatient : faulty;
    HttpResponse<byte[]> r = get(server, gateway(format, "ipad"));
    String cause =
        switch (fault) {
          case SLOW -> "did not answer within 5000 ms";
          case STATUS_500 -> "answered HTTP 500";
          case TRUNCATED -> "closed the connection before its answer was complete";
          case NOT_XML -> "not a findItemsByKeywordsResponse";
          case GARBAGE -> "not a FindItemsByKeywordsResponse";
          case DOCTYPE -> "DOCTYPE";
          case ACK_ONLY -> "no searchResult";
          default -> "larger than 16777216 bytes";
        };
    backend.releaseSlow();
    assertEquals(fault == FaultyBackend.Fault.SLOW ? 504 : 502, r.statusCode());
    assertJsonError(r, cause);
    backend.fault.set(FaultyBackend.Fault.NONE);
    HttpResponse<byte[]> next = get(server, gateway(format, "ipad"));
    assertEquals(200, next.statusCode());
    assertArrayEquals(expected, next.body());
  }

  @Test
  void keywordsWithAnEncodedSlashOrPercentOrASemicolonReachTheBackendWhole() throws Exception {
    backend.fault.set(FaultyBackend.Fault.NONE);
    String[][] cases = {
      {"MC769LL%2FA", "MC769LL/A"},
      {"100%25", "100%"},
      {"a;b", "a;b"},
      {"a;b%2Fc;d", "a;b/c;d"},
      {"MC769LL/A", "MC769LL/A"},
      {"a+b%3B", "a+b;"}
    };
    for (String[] c : cases) {
      HttpResponse<byte[]> r = get(faulty, "ebay/finding/keywords/xml/" + c[0]);
      assertEquals(200, r.statusCode(), c[0] + ": " + new String(r.body(), StandardCharsets.UTF_8));
      assertEquals(c[1], FindingRequest.keywords(backend.lastBody.get()), c[0]);
    }
    // what java.net.http will not send, on a raw socket
    for (String broken : List.of("100%", "a%zzb", "a%C0%AFb", "a%00b")) {
      RawHttp.Answer a = RawHttp.get(faulty.uri(), "/ebay/finding/keywords/xml/" + broken);
      assertEquals(400, a.status(), broken + "\n" + a);
      assertTrue(a.header("Content-Type").startsWith("application/json"), a.toString());
      assertTrue(a.body().startsWith("{\"error\":{\"status\":400,\"cause\":\""), a.toString());
    }
  }

  @Test
  void aBackendThatIsDownIsA502NamingIt() throws Exception {
    try (DeadPort dead = new DeadPort();
        FixtureServer gw =
            new FixtureServer(
                    FixtureServer.Settings.defaults()
                        .maxBodyBytes(1 << 20)
                        .compression(false)
                        .finding(
                            FindingGateway.Settings.DEFAULT.withBackend(dead.url() + "{format}")))
                .start()) {
      int port = dead.port();
      HttpResponse<byte[]> r = get(gw, gateway("json", "ipad"));
      assertEquals(502, r.statusCode());
      assertJsonError(r, "refused the connection");
      // the internal backend's address is the server log's, not the client's
      String body = new String(r.body(), StandardCharsets.UTF_8);
      assertFalse(body.contains(":" + port) || body.contains("127.0.0.1"), body);
    }
  }

  @Test
  void badPathsAreA4xxWithAJsonError() throws Exception {
    assertJsonError(expect(404, get(own, "ebay/finding/keywords/yaml/ipad")), "xml|protobuf|json");
    assertJsonError(expect(400, get(own, "ebay/finding/keywords/xml/")), "keywords are required");
    assertJsonError(
        expect(400, get(own, "ebay/finding/keywords/xml/%20%20")), "keywords are required");
    assertJsonError(expect(414, get(own, gateway("xml", "k".repeat(20_000)))), "16384 bytes");
    // Jetty refuses a control character in a path before any handler; its error is JSON here too
    assertJsonError(expect(400, get(own, "ebay/finding/keywords/xml/a%01b")), "Path Character");
    // U+FFFE and U+FFFF are noncharacters, not controls: each is named as what it is
    assertJsonError(
        expect(400, get(own, "ebay/finding/keywords/xml/a%EF%BF%BFb")),
        "the keywords hold U+FFFF, a noncharacter XML does not allow");
    assertJsonError(
        expect(400, get(own, "ebay/finding/keywords/xml/%EF%BF%BE")),
        "the keywords hold U+FFFE, a noncharacter XML does not allow");
    HttpResponse<byte[]> post =
        HTTP.send(
            HttpRequest.newBuilder(own.uri().resolve(gateway("xml", "ipad")))
                .POST(HttpRequest.BodyPublishers.ofString("x"))
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertJsonError(expect(405, post), "takes GET");
  }

  private static HttpResponse<byte[]> expect(int status, HttpResponse<byte[]> r) {
    assertEquals(status, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
    return r;
  }

  private static void assertJsonError(HttpResponse<byte[]> r, String cause) {
    String body = new String(r.body(), StandardCharsets.UTF_8);
    assertTrue(
        r.headers().firstValue("content-type").orElse("").startsWith("application/json"), body);
    assertTrue(body.startsWith("{\"error\":{\"status\":" + r.statusCode() + ",\"cause\":\""), body);
    assertTrue(body.contains(cause), body);
    assertFalse(body.contains("Exception") || body.contains("\tat "), body);
  }
}
