package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A path spelt another way that still reaches an endpoint (path parameters, escapes of plain
 * letters, dot segments) gets the very answer of the endpoint's own path: the URLs a WFS or WMS
 * answer writes (capabilities, GML schema locations, paging links, a WSDL's addresses) name the
 * endpoint, never the client's spelling. Echoed, a client chose text of its own inside every URL,
 * and each spelling was a new key of the GML header cache (256 kept for good, each as long as the
 * request head allows). Raw request bytes on a LocalConnector.
 */
class EndpointSpellingsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String[] WFS_QUERIES = {
    "service=WFS&version=2.0.0&request=GetCapabilities",
    "service=WFS&version=1.0.0&request=GetFeature&typeName=osm:helsinki_pois&maxFeatures=2",
    "service=WFS&version=1.1.0&request=GetFeature&typeName=osm:helsinki_pois&maxFeatures=2",
    "service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:helsinki_pois&count=2&startIndex=2",
    "service=WFS&version=2.0.0&request=GetFeature"
        + "&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById&ID=helsinki_pois.60068035",
  };

  private static final String WMS_QUERY = "SERVICE=WMS&VERSION=1.3.0&REQUEST=GetCapabilities";

  /** Each endpoint's spellings: a path parameter, an escaped letter, dot segments. */
  private static List<String> spellings(String path) {
    int slash = path.lastIndexOf('/');
    String head = path.substring(0, slash + 1);
    String name = path.substring(slash + 1);
    return List.of(
        path + ";x=1",
        path + ";jsessionid=" + "a".repeat(2000),
        head + "%" + Integer.toHexString(name.charAt(0)) + name.substring(1),
        head + "./" + name,
        head + "zz/../" + name);
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String path : List.of("/ows", "/wfs")) {
      for (String query : WFS_QUERIES) {
        for (String spelt : spellings(path)) {
          cases.add(Arguments.of(path, spelt, query));
        }
      }
    }
    for (String path : List.of("/wms", "/tiled/wms", "/tiled/memory/wms")) {
      for (String spelt : spellings(path)) {
        cases.add(Arguments.of(path, spelt, WMS_QUERY));
      }
    }
    // Axis2 answers a spelling of its services' paths 404 (a SOAP fault); CXF serves them
    for (String spelt : List.of("/services/cxf-jaxb;x=1", "/services/zz/../cxf-jaxb")) {
      cases.add(Arguments.of("/services/cxf-jaxb", spelt, "wsdl"));
    }
    return cases.stream();
  }

  private static HttpTester.Response get(String target) throws Exception {
    String raw = "GET " + target + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";
    return HttpTester.parseResponse(
        SERVER.connector().executeRequest(raw).waitForResponse(false, 30, TimeUnit.SECONDS));
  }

  /** The body with its time stamps set aside (each document has its own). */
  private static String body(HttpTester.Response r) {
    return r.getContent().replaceAll("timeStamp=\"[^\"]*\"", "timeStamp=\"\"");
  }

  @ParameterizedTest(name = "{1}?{2}")
  @MethodSource("cases")
  void answersAsTheEndpointsOwnPath(String path, String spelt, String query) throws Exception {
    HttpTester.Response own = get(path + "?" + query);
    HttpTester.Response other = get(spelt + "?" + query);
    assertEquals(200, own.getStatus(), own + own.getContent());
    assertEquals(200, other.getStatus(), other + other.getContent());
    assertEquals(body(own), body(other), spelt);
  }
}
