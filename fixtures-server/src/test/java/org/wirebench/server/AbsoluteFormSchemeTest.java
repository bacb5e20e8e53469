package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A request target in absolute form ({@code GET javascript://x/ows?... HTTP/1.1}, RFC 9112 §3.2.2)
 * names a scheme and an authority of the client's choosing: neither may reach the URLs the answer
 * writes (WFS and WMS capabilities, GetFeature paging links, a WSDL's soap:address). Those come
 * from the public URL or the connector, which speaks plain http. The answer to each absolute form
 * is the very answer to the origin form. Raw request bytes on a LocalConnector.
 */
class AbsoluteFormSchemeTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final List<String> SCHEMES = List.of("javascript", "ftp", "https", "ws", "HTTPS");

  private static final List<String> TARGETS =
      List.of(
          "/ows?service=WFS&version=2.0.0&request=GetCapabilities",
          "/wfs?service=WFS&version=1.1.0&request=GetCapabilities",
          "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:helsinki_pois"
              + "&count=2&startIndex=2",
          "/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetCapabilities",
          "/tiled/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetCapabilities",
          "/tiled/memory/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetCapabilities",
          "/services/cxf-jaxb?wsdl",
          "/services/axis2-adb?wsdl",
          "/services/axis2-jaxb?wsdl");

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String target : TARGETS) {
      for (String scheme : SCHEMES) {
        cases.add(Arguments.of(scheme, target));
      }
    }
    return cases.stream();
  }

  private static HttpTester.Response get(String target) throws Exception {
    String raw = "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    return HttpTester.parseResponse(
        SERVER.connector().executeRequest(raw).waitForResponse(false, 30, TimeUnit.SECONDS));
  }

  /** The body with its time stamps set aside (each document has its own). */
  private static String body(HttpTester.Response r) {
    return r.getContent().replaceAll("timeStamp=\"[^\"]*\"", "timeStamp=\"\"");
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("cases")
  void theAbsoluteFormsSchemeIsWrittenNowhere(String scheme, String target) throws Exception {
    HttpTester.Response origin = get(target);
    assertEquals(200, origin.getStatus(), origin.getContent());
    String path = target.substring(0, target.indexOf('?'));
    assertTrue(
        java.util.regex.Pattern.compile("\"http://[^\"/]+" + java.util.regex.Pattern.quote(path))
            .matcher(origin.getContent())
            .find(),
        "the answer writes no http:// URL of its endpoint: " + origin.getContent());
    HttpTester.Response absolute = get(scheme + "://x" + target);
    assertEquals(200, absolute.getStatus(), absolute.getContent());
    String said = scheme.toLowerCase(Locale.ROOT) + "://";
    assertFalse(
        !origin.getContent().toLowerCase(Locale.ROOT).contains(said)
            && absolute.getContent().toLowerCase(Locale.ROOT).contains(said),
        "the answer writes the request's scheme " + said);
    assertEquals(body(origin), body(absolute), "the answer differs from the origin form's");
  }
}
