package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every endpoint has one spelling of its path: one spelt another way that Jetty still routes to it
 * (a path parameter, an escaped letter, a dot segment; for {@code /static/{bytes}} a leading zero)
 * or with an empty segment, which Jetty refuses ({@code //ows}, {@code /tiled//wms}: before
 * 2026-11-28 refused in plain text unless the path still began with the endpoint's own name), is
 * refused with 400 in that endpoint's own format, on every endpoint alike, and the spelling is not
 * echoed. Before, the WFS, the three WMS and CXF served such spellings, Axis2 answered them 404,
 * {@code /static}, the mock backend and the gateway's route 400 or 404, or served them, each as it
 * read the path. The gateway's keywords keep their own escapes and {@code ;}. Raw request bytes on
 * a LocalConnector.
 */
class EndpointSpellingsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String WFS = "service=WFS&version=2.0.0&request=GetCapabilities";
  private static final String WMS = "SERVICE=WMS&VERSION=1.3.0&REQUEST=GetCapabilities";
  private static final String JSON = "{\"error\":{\"status\":400";
  private static final String FAULT = "<faultcode>soapenv:Client</faultcode>";

  /** Path, a query it answers 200 ("" for none), what its refusal holds, its content type. */
  private static final String[][] ENDPOINTS = {
    {"/ows", WFS, "ExceptionReport", "application/xml"},
    {"/wfs", WFS, "ExceptionReport", "application/xml"},
    {"/wms", WMS, "ServiceExceptionReport", "text/xml"},
    {"/tiled/wms", WMS, "ServiceExceptionReport", "text/xml"},
    {"/tiled/memory/wms", WMS, "ServiceExceptionReport", "text/xml"},
    {"/services/axis2-adb", "wsdl", FAULT, "text/xml"},
    {"/services/axis2-jaxb", "wsdl", FAULT, "text/xml"},
    {"/services/cxf-jaxb", "wsdl", FAULT, "text/xml"},
    {"/static/1", "", "400 ", "text/plain"},
    {"/finding/mock.xml", "", JSON, "application/json"},
    {"/ebay/finding/keywords/xml/ipad", "", JSON, "application/json"},
    {"/", "", "400 ", "text/plain"},
  };

  /** An endpoint's spellings: of its first segment, and of its last but for the keywords. */
  private static List<String> spellings(String path) {
    List<String> s = new ArrayList<>();
    if (path.equals("/")) {
      return List.of("/;x=1", "/./", "/zz/../", "/.", "//");
    }
    String first = path.substring(1).split("/")[0];
    String rest = path.substring(1 + first.length());
    s.add("/" + first + ";x=1" + rest);
    s.add("/%" + Integer.toHexString(first.charAt(0)) + first.substring(1) + rest);
    s.add("/./" + first + rest);
    s.add("/zz/../" + first + rest);
    // an empty segment: a base URL ending in a slash joined to the path
    s.add("/" + path);
    if (path.startsWith("/ebay/")) {
      s.add("/ebay/finding/keywords/x%6dl/ipad");
      s.add("/ebay/finding/keywords/xml;x=1/ipad");
      s.add("/ebay/finding/keywords/./xml/ipad");
      s.add("/ebay/finding/keywords/zz/../xml/ipad");
      s.add("/ebay/finding/keywords/xml/zz/../ipad");
      s.add("/ebay/finding/keywords/xml/./ipad");
      s.add("/ebay/finding//keywords/xml/ipad");
    } else if (path.indexOf('/', 1) > 0) {
      int slash = path.lastIndexOf('/');
      String head = path.substring(0, slash + 1);
      String name = path.substring(slash + 1);
      s.add(path + ";x=1");
      s.add(path + ";jsessionid=" + "a".repeat(2000));
      s.add(head + "%" + Integer.toHexString(name.charAt(0)) + name.substring(1));
      s.add(head + "./" + name);
      s.add(head + "zz/../" + name);
      s.add(head + "/" + name);
    } else {
      s.add(path + ";jsessionid=" + "a".repeat(2000));
    }
    if (path.startsWith("/static/")) {
      s.add("/static/01");
      s.add("/static/%31");
    }
    return s;
  }

  static Stream<Arguments> endpoints() {
    return Stream.of(ENDPOINTS).map(e -> Arguments.of(e[0], e[1]));
  }

  static Stream<Arguments> spellings() {
    List<Arguments> cases = new ArrayList<>();
    for (String[] e : ENDPOINTS) {
      for (String spelt : spellings(e[0])) {
        cases.add(Arguments.of(spelt, e[1], e[2], e[3]));
      }
    }
    return cases.stream();
  }

  private static HttpTester.Response get(String path, String query) throws Exception {
    String target = query.isEmpty() ? path : path + "?" + query;
    String raw = "GET " + target + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";
    return HttpTester.parseResponse(
        SERVER.connector().executeRequest(raw).waitForResponse(false, 60, TimeUnit.SECONDS));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void theEndpointsOwnPathIsServed(String path, String query) throws Exception {
    HttpTester.Response r = get(path, query);
    assertEquals(200, r.getStatus(), path + "\n" + r + r.getContent());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("spellings")
  void anotherSpellingIsRefusedInTheEndpointsFormat(
      String spelt, String query, String marker, String type) throws Exception {
    HttpTester.Response r = get(spelt, query);
    String shown = spelt.length() > 100 ? spelt.substring(0, 100) + "..." : spelt;
    assertEquals(400, r.getStatus(), shown + "\n" + r + r.getContent());
    assertTrue(r.get(HttpHeader.CONTENT_TYPE).startsWith(type), shown + "\n" + r);
    assertTrue(r.getContent().contains(marker), shown + "\n" + r.getContent());
    assertFalse(r.getContent().contains("zz"), shown + "\n" + r.getContent());
    assertFalse(r.getContent().contains("x=1"), shown + "\n" + r.getContent());
    assertFalse(r.getContent().contains("aaaa"), shown + "\n" + r.getContent());
  }

  /** Keywords are the gateway's to decode: their escapes and a ';' are theirs, served as sent. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "/ebay/finding/keywords/xml/ipad%2Dmini",
        "/ebay/finding/keywords/xml/ipad;mini",
        "/ebay/finding/keywords/xml/ipad%20mini"
      })
  void theGatewaysKeywordsKeepTheirOwnSpelling(String path) throws Exception {
    HttpTester.Response r = get(path, "");
    assertEquals(200, r.getStatus(), path + "\n" + r + r.getContent());
  }
}
