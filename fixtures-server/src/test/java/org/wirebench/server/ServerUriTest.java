package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The URL the server makes of the interface it binds (its banner, the gateway's calls to its own
 * mock, what a starter reads from the banner): an IPv6 literal in brackets. Without them {@code
 * serve --host ::1} printed http://::1:PORT/, a URL with no host, and every gateway request got
 * 500.
 */
class ServerUriTest {
  @Test
  void anIpv6InterfaceIsWrittenInBrackets() {
    assertEquals("[::1]", LocalHosts.uriHost("::1"));
    assertEquals("[::1]", LocalHosts.uriHost("[::1]"));
    assertEquals("[0:0:0:0:0:0:0:1]", LocalHosts.uriHost("0:0:0:0:0:0:0:1"));
    // the wildcards: this machine's loopback of their family
    assertEquals("[::1]", LocalHosts.uriHost("::"));
    assertEquals("127.0.0.1", LocalHosts.uriHost("0.0.0.0"));
    assertEquals("127.0.0.1", LocalHosts.uriHost("127.0.0.1"));
    assertEquals("localhost", LocalHosts.uriHost("localhost"));
  }

  @Test
  void aServerOnIpv6LoopbackReachesItsOwnMockThroughTheGateway() throws Exception {
    assumeTrue(ipv6Loopback(), "no IPv6 loopback on this machine");
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults().host("::1").compression(false))
            .start()) {
      assertEquals("[::1]", server.uri().getHost(), server.uri().toString());
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(server.uri().resolve("ebay/finding/keywords/xml/ipad"))
                  .timeout(Duration.ofSeconds(90))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode(), r.body());
    }
  }

  /**
   * The endpoints' own URLs in a WFS capabilities document and a WSDL, built from the address the
   * connection came in on, name it in one pair of brackets, as the banner does: the one rule of
   * {@link org.wirebench.server.http.HttpUrls#host}.
   */
  @Test
  void anIpv6ServersAnswersNameItsAddressInOnePairOfBrackets() throws Exception {
    assertEquals("[::1]", org.wirebench.server.http.HttpUrls.host("::1"));
    assertEquals("[::1]", org.wirebench.server.http.HttpUrls.host("[::1]"));
    assertEquals("127.0.0.1", org.wirebench.server.http.HttpUrls.host("127.0.0.1"));
    assumeTrue(ipv6Loopback(), "no IPv6 loopback on this machine");
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults().host("::1").compression(false))
            .start()) {
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
      for (String path :
          new String[] {
            "ows?service=WFS&version=2.0.0&request=GetCapabilities", "services/cxf-jaxb?wsdl"
          }) {
        HttpResponse<String> r =
            http.send(
                HttpRequest.newBuilder(server.uri().resolve(path))
                    .timeout(Duration.ofSeconds(90))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        String port = ":" + server.uri().getPort() + "/";
        java.util.regex.Matcher m =
            java.util.regex.Pattern.compile("http://([^/\"]*)" + port).matcher(r.body());
        assertTrue(m.find(), path + ": " + r.body());
        do {
          assertEquals("[0:0:0:0:0:0:0:1]", m.group(1), path);
        } while (m.find());
      }
    }
  }

  private static boolean ipv6Loopback() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("::1"))) {
      return true;
    } catch (Exception e) {
      return false;
    }
  }
}
