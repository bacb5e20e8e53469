package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A path that only looks like an endpoint, its name followed straight by a bad escape or a control
 * byte ({@code /ows%zz}, {@code /wms%ff}, {@code /ows} and a NUL), is refused by Jetty before any
 * service sees it; the refusal is still in the format of the service the name says, 400, not the
 * one line of text for paths of no service, with an empty segment before it too ({@code //ows%zz}:
 * before 2026-11-28 in plain text). Raw request bytes on a LocalConnector.
 */
class EndpointLookalikesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  /** Endpoint name, what its error body must contain, its content type's start. */
  private static final String[][] ENDPOINTS = {
    {"/ebay", "{\"error\":{\"status\":400", "application/json"},
    {"/finding", "{\"error\":{\"status\":400", "application/json"},
    {"/ows", "ExceptionReport", "application/xml"},
    {"/wfs", "ExceptionReport", "application/xml"},
    {"/wms", "ServiceExceptionReport", "text/xml"},
    {"/tiled/wms", "ServiceExceptionReport", "text/xml"},
    {"/tiled/memory/wms", "ServiceExceptionReport", "text/xml"},
    {"/services", "<faultcode>soapenv:Client</faultcode>", "text/xml"},
  };

  /**
   * What follows the name: bad escapes, a lone %, raw control bytes (NUL, SOH, DEL), a byte above
   * 127 (é in UTF-8), the printable characters no URI holds.
   */
  private static final String[] TAILS = {
    "%zz", "%ff", "%", "%zz/a", "\0", "\u0001", "\u007f", "\u00e9", "\\0", "<x", "^", "|", "{", "`",
    "\""
  };

  static Stream<Arguments> lookalikes() {
    List<Arguments> cases = new ArrayList<>();
    for (String[] e : ENDPOINTS) {
      for (String tail : TAILS) {
        cases.add(Arguments.of(e[0] + tail, e[1], e[2]));
      }
      // behind an empty segment too: a base URL ending in a slash joined to the path
      cases.add(Arguments.of("/" + e[0] + "%zz", e[1], e[2]));
    }
    return cases.stream();
  }

  private static HttpTester.Response get(String target) throws Exception {
    String raw = "GET " + target + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";
    return HttpTester.parseResponse(
        SERVER.connector().executeRequest(raw).waitForResponse(false, 30, TimeUnit.SECONDS));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lookalikes")
  void areAnsweredInTheNamedServicesFormat(String target, String marker, String type)
      throws Exception {
    HttpTester.Response r = get(target);
    String shown = target.replaceAll("\\p{Cntrl}", "^");
    assertEquals(400, r.getStatus(), shown + "\n" + r + r.getContent());
    assertTrue(r.get(HttpHeader.CONTENT_TYPE).startsWith(type), shown + "\n" + r);
    assertTrue(r.getContent().contains(marker), shown + "\n" + r.getContent());
    assertFalse(r.getContent().toLowerCase(Locale.ROOT).contains("<html"), r.getContent());
  }

  /**
   * A valid escape of a letter is no path's spelling ({@link UriGate}): 400, still in the named
   * service's format.
   */
  @org.junit.jupiter.api.Test
  void aValidEscapeAfterTheNameIsRefusedInItsFormat() throws Exception {
    HttpTester.Response r = get("/ows%41");
    assertEquals(400, r.getStatus(), r.toString());
    assertTrue(r.getContent().contains("ExceptionReport"), r.getContent());
  }

  /** A name that only begins like an endpoint's is no service's: one line of text. */
  @ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {"/owsx%zz", "/tiled%zz", "/servicesx%zz", "/o%zz"})
  void otherNamesGetTheLineOfText(String target) throws Exception {
    HttpTester.Response r = get(target);
    assertEquals(400, r.getStatus(), target + "\n" + r);
    assertTrue(r.get(HttpHeader.CONTENT_TYPE).startsWith("text/plain"), target + "\n" + r);
    assertTrue(r.getContent().startsWith("400 "), r.getContent());
  }
}
