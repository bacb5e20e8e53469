package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What Jetty refuses before any service sees the request (a %-escape that is not one, {@code %00},
 * a request line over the header limit, an ambiguous path) comes back in the format of the service
 * the client asked: JSON for the gateway, an OGC report for the WFS and the WMS, a SOAP fault for
 * the SOAP stacks, plain text elsewhere. Never Jetty's HTML page.
 */
class JettyRejectionsTest {
  private static FixtureServer server;

  @BeforeAll
  static void start() throws Exception {
    server =
        new FixtureServer(
                FixtureServer.Settings.defaults().maxBodyBytes(1 << 20).compression(false))
            .start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  /** Service path, what its error body must contain, its content type's start. */
  private static final String[][] SERVICES = {
    {"/ebay/finding/keywords/xml/ipad", "{\"error\":{\"status\":", "application/json"},
    {"/ows", "ExceptionReport", "application/xml"},
    {"/wfs", "ExceptionReport", "application/xml"},
    {"/wms", "ServiceExceptionReport", "text/xml"},
    {"/tiled/wms", "ServiceExceptionReport", "text/xml"},
    {"/services/axis2-adb", "<faultcode>soapenv:Client</faultcode>", "text/xml"},
    {"/services/cxf-jaxb", "<faultcode>soapenv:Client</faultcode>", "text/xml"},
    {"/static/1", "400 ", "text/plain"},
  };

  static Stream<Arguments> rejections() {
    List<Arguments> cases = new ArrayList<>();
    for (String[] s : SERVICES) {
      cases.add(Arguments.of(s[0] + "/a%00b", 400, s[1], s[2]));
      cases.add(Arguments.of(s[0] + "/a%zzb", 400, s[1], s[2]));
      cases.add(Arguments.of(s[0] + "/a%", 400, s[1], s[2]));
      cases.add(Arguments.of(s[0] + "/%2e%2e/b", 400, s[1], s[2]));
      cases.add(Arguments.of(s[0] + "/a%C0%AFb", 400, s[1], s[2]));
      cases.add(
          Arguments.of(
              s[0] + "?q=" + "x".repeat(Connectors.REQUEST_HEADER_BYTES),
              414,
              s[1].equals("400 ") ? "414 " : s[1],
              s[2]));
    }
    return cases.stream();
  }

  static Stream<Arguments> badHeads() {
    List<Arguments> cases = new ArrayList<>();
    for (String[] s : SERVICES) {
      cases.add(Arguments.of(s[0], "Content-Length: abc\r\n", 400, s[1], s[2]));
      cases.add(Arguments.of(s[0], "Host: y\r\n", 400, s[1], s[2]));
      cases.add(
          Arguments.of(
              s[0],
              "X-Big: " + "z".repeat(Connectors.REQUEST_HEADER_BYTES) + "\r\n",
              431,
              s[1].equals("400 ") ? "431 " : s[1],
              s[2]));
    }
    return cases.stream();
  }

  /** A request head Jetty refuses (a bad Content-Length, two Hosts, too large): the same. */
  @ParameterizedTest(name = "{0} {2}")
  @MethodSource("badHeads")
  void badHeadsAreAnsweredInTheServicesOwnFormat(
      String path, String header, int status, String marker, String type) throws Exception {
    RawHttp.Answer a =
        RawHttp.send(
            server.uri(),
            "POST " + path + " HTTP/1.1\r\nHost: x\r\n" + header + "Connection: close\r\n\r\n");
    assertEquals(status, a.status(), path + "\n" + a);
    assertTrue(a.header("Content-Type").startsWith(type), path + "\n" + a);
    assertTrue(a.body().contains(marker), path + "\n" + a);
  }

  /**
   * A request line whose method is no token (a control character, a separator) and whose target is
   * fine: the service's format, and the method named as the fault (the old page said the target was
   * not a valid URI, sending the client after the wrong part).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("services")
  void aMethodThatIsNoTokenIsNamedNotBlamedOnTheTarget(String path, String marker, String type)
      throws Exception {
    for (String method : new String[] {"G\u0001T", "GE(T", "GET@", "FOO\u007f"}) {
      RawHttp.Answer a =
          RawHttp.send(
              server.uri(),
              method + " " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      assertEquals(400, a.status(), path + "\n" + a);
      assertTrue(a.header("Content-Type").startsWith(type), path + "\n" + a);
      assertTrue(a.body().contains(marker), path + "\n" + a);
      assertTrue(a.body().contains("the request method is not an HTTP token"), path + "\n" + a);
      assertFalse(a.body().contains("not a valid URI"), path + "\n" + a);
    }
  }

  static Stream<Arguments> services() {
    return java.util.Arrays.stream(SERVICES).map(s -> Arguments.of(s[0], s[1], s[2]));
  }

  /** A target in absolute form (as a proxy sends it) that Jetty cannot parse: still the WFS's. */
  @org.junit.jupiter.api.Test
  void anAbsoluteFormTargetIsTracedToItsService() throws Exception {
    RawHttp.Answer a = RawHttp.get(server.uri(), "http://x/ows/a%zzb?VERSION=1.1.0");
    assertEquals(400, a.status(), a.toString());
    assertTrue(a.body().contains("xmlns:ows=\"http://www.opengis.net/ows\""), a.toString());
    assertTrue(a.body().contains("not a valid URI"), a.toString());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rejections")
  void areAnsweredInTheServicesOwnFormat(String target, int status, String marker, String type)
      throws Exception {
    RawHttp.Answer a = RawHttp.get(server.uri(), target);
    String shown = target.length() > 80 ? target.substring(0, 80) + "..." : target;
    assertEquals(status, a.status(), shown + "\n" + a);
    assertTrue(a.header("Content-Type").startsWith(type), shown + "\n" + a);
    assertTrue(a.body().contains(marker), shown + "\n" + a);
    assertFalse(a.body().toLowerCase(java.util.Locale.ROOT).contains("<html"), a.body());
    assertFalse(a.body().contains("Exception:") || a.body().contains("\tat "), a.body());
  }
}
