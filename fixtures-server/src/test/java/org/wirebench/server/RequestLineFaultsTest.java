package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A request line whose target is fine but whose end is not {@code HTTP/1.1} and CR LF (words after
 * the version, a NUL after it, no version, a CR not followed by LF) is refused by Jetty before any
 * service sees it: 400 in the service's format naming the line as the fault. The cause said the
 * target was not a valid URI, sending the client after the one part that was right. Raw request
 * bytes on a LocalConnector.
 */
class RequestLineFaultsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  /** Service path, what its error body must contain, its content type's start. */
  private static final String[][] SERVICES = {
    {"/ebay/finding/keywords/xml/ipad", "{\"error\":{\"status\":400", "application/json"},
    {"/ows?VERSION=1.1.0", "ExceptionReport", "application/xml"},
    {"/wms", "ServiceExceptionReport", "text/xml"},
    {"/services/cxf-jaxb", "<faultcode>soapenv:Client</faultcode>", "text/xml"},
    {"/static/1", "400 ", "text/plain"},
  };

  /** What follows the target in place of " HTTP/1.1" CR LF. */
  private static final String[] ENDS = {
    " HTTP/1.1 junk\r\n", " HTTP/1.1\0\r\n", " \r\n", " HTTP/1.1\rHost: y\r\n", " HTTP/1.1  \r\n"
  };

  static Stream<Arguments> lines() {
    List<Arguments> cases = new ArrayList<>();
    for (String[] s : SERVICES) {
      for (String end : ENDS) {
        cases.add(Arguments.of(s[0], end, s[1], s[2]));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("lines")
  void aBadLineEndIsNamedNotBlamedOnTheTarget(String path, String end, String marker, String type)
      throws Exception {
    HttpTester.Response r =
        SERVER.send("GET " + path + end + "Host: x\r\nConnection: close\r\n\r\n");
    String shown = (path + end).replaceAll("\\p{Cntrl}", "^");
    assertEquals(400, r.getStatus(), shown + "\n" + r + r.getContent());
    assertTrue(r.get(HttpHeader.CONTENT_TYPE).startsWith(type), shown + "\n" + r);
    assertTrue(r.getContent().contains(marker), shown + "\n" + r.getContent());
    assertTrue(
        r.getContent().contains("the request line is not METHOD /path HTTP/1.1 ending in CR LF"),
        shown + "\n" + r.getContent());
    assertFalse(r.getContent().contains("not a valid URI"), shown + "\n" + r.getContent());
  }

  /** A bad target on a well-formed line is still named as the target's fault. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("services")
  void aBadTargetIsStillNamed(String path, String marker, String type) throws Exception {
    String target = path.contains("?") ? path + "&x=%zz" : path + "/a%zzb";
    HttpTester.Response r =
        SERVER.send("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertEquals(400, r.getStatus(), target + "\n" + r);
    assertTrue(r.getContent().contains(marker), r.getContent());
    assertFalse(r.getContent().contains("the request line is not METHOD"), r.getContent());
  }

  static Stream<Arguments> services() {
    return java.util.Arrays.stream(SERVICES).map(s -> Arguments.of(s[0], s[1], s[2]));
  }
}
