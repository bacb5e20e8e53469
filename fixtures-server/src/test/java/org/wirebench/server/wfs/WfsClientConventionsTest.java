package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.wirebench.server.LiveServerTest;
import org.wirebench.server.wfs.filter.FilterParser;

/**
 * What WFS clients need of the protocol's conventions (issue 24, item 8), against a live server: a
 * resultType=hits answer links to the first page of the results (CITE ets-wfs20
 * PagingTests.getFeatureWithHitsOnly); WFS 1.1 without maxFeatures gets the first
 * DefaultMaxFeatures features of a larger layer, as its capabilities declare, and WFS 1.0, which
 * cannot declare such a limit, a report saying what to do; a FILTER of the documented 65,536
 * characters reaches the server even with every character percent-encoded.
 */
class WfsClientConventionsTest extends LiveServerTest {
  private static final Pattern NEXT = Pattern.compile(" next=\"([^\"]+)\"");

  @Test
  void hitsLinkToTheFirstPageOfResults() throws Exception {
    String hits =
        body(
            "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=helsinki_roads"
                + "&count=2&resultType=hits");
    String head = hits.substring(0, hits.indexOf('>', hits.indexOf("FeatureCollection")) + 1);
    assertTrue(head.contains("numberMatched=\"2459\""), head);
    assertTrue(head.contains("numberReturned=\"0\""), head);
    assertFalse(head.contains(" previous="), head);
    Matcher next = NEXT.matcher(head);
    assertTrue(next.find(), "a hits answer links to the first page: " + head);
    String url = next.group(1).replace("&amp;", "&");
    assertFalse(url.toLowerCase().contains("resulttype"), url);
    String first = client.GET(URI.create(url)).getContentAsString();
    assertTrue(first.contains("numberReturned=\"2\""), first.substring(0, 800));
    assertTrue(first.contains("numberMatched=\"2459\""), first.substring(0, 800));

    // from a startIndex, the page there; none when nothing is there
    String later =
        body(
            "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=helsinki_roads"
                + "&count=2&startIndex=2458&resultType=hits");
    Matcher n = NEXT.matcher(later);
    assertTrue(n.find(), later);
    assertTrue(n.group(1).contains("STARTINDEX=2458&amp;COUNT=2"), n.group(1));
    String past =
        body(
            "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=helsinki_roads"
                + "&count=2&startIndex=2459&resultType=hits");
    assertFalse(NEXT.matcher(past).find(), past);
    String none =
        body(
            "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=helsinki_roads"
                + "&resultType=hits&BBOX=0,0,0.001,0.001");
    assertTrue(none.contains("numberMatched=\"0\""), none);
    assertFalse(NEXT.matcher(none).find(), none);
    // WFS 1.1 has no paging: its hits carry the count alone
    String v11 =
        body(
            "/ows?service=WFS&version=1.1.0&request=GetFeature&typeName=helsinki_roads"
                + "&resultType=hits");
    assertTrue(v11.contains("numberOfFeatures=\"2459\""), v11);
    assertFalse(v11.contains(" next="), v11);
  }

  @Test
  void wfs11WithoutMaxFeaturesGetsTheFirstDefaultMaxFeatures() throws Exception {
    String caps = body("/ows?service=WFS&version=1.1.0&request=GetCapabilities");
    assertTrue(
        caps.matches(
            "(?s).*<ows:Constraint name=\"DefaultMaxFeatures\">\\s*<ows:Value>100000</ows:Value>.*"),
        "1.1 declares the limit");
    assertTrue(
        caps.contains("Without maxFeatures a GetFeature gets the first 100000"),
        "the larger layers say what 1.1 gets of them");
    String all =
        large(
                "/ows?service=WFS&version=1.1.0&request=GetFeature&typeName=osm_places"
                    + "&PROPERTYNAME=osm_id")
            .body();
    assertTrue(all.contains("numberOfFeatures=\"100000\""), all.substring(0, 800));
    assertEquals(100_000, count(all, "<osm:osm_places gml:id="));
    assertTrue(all.contains("gml:id=\"osm_places.1\""));
    assertTrue(all.contains("gml:id=\"osm_places.100000\""));
    assertFalse(all.contains("gml:id=\"osm_places.100001\""));
  }

  @Test
  void wfs10WithoutMaxFeaturesOnALargerLayerSaysWhatToDo() throws Exception {
    String caps = body("/ows?service=WFS&version=1.0.0&request=GetCapabilities");
    assertTrue(caps.contains("A GetFeature needs maxFeatures (1..100000)"), caps);
    ContentResponse r =
        client.GET(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=1.0.0&request=GetFeature&typeName=osm_mainroads"));
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("<ServiceExceptionReport"), body);
    assertTrue(body.contains("code=\"OptionNotSupported\""), body);
    assertTrue(body.contains("give maxFeatures (1..100000)"), body);
    assertTrue(body.contains("WFS 1.1.0 (the first 100000"), body);
  }

  @Test
  void aFilterOfTheDocumentedLengthReachesTheServerFullyEscaped() throws Exception {
    String open =
        "<fes:Filter xmlns:fes=\"http://www.opengis.net/fes/2.0\"><fes:PropertyIsEqualTo>"
            + "<fes:ValueReference>type</fes:ValueReference><fes:Literal>cafe</fes:Literal>"
            + "</fes:PropertyIsEqualTo>";
    String close = "</fes:Filter>";
    // tabs between the elements: each percent-encodes to three bytes (%09)
    String longest =
        open + "\t".repeat(FilterParser.MAX_CHARS - open.length() - close.length()) + close;
    assertEquals(65_536, longest.length());
    String query =
        "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=helsinki_pois&count=1"
            + "&resultType=hits&FILTER="
            + URLEncoder.encode(longest, StandardCharsets.UTF_8);
    assertTrue(query.length() > 190_000, "the URL is " + query.length() + " bytes");
    HttpResponse<String> hits = large(query);
    assertEquals(200, hits.statusCode(), hits.body());
    assertTrue(hits.body().contains("numberMatched=\"85\""), hits.body());

    // one character more is the server's own refusal, in an OGC report
    String tooLong = longest.replace("\t</fes:Filter>", "\t\t</fes:Filter>");
    HttpResponse<String> r =
        large(
            query.substring(0, query.indexOf("&FILTER="))
                + "&FILTER="
                + URLEncoder.encode(tooLong, StandardCharsets.UTF_8));
    assertEquals(400, r.statusCode(), r.body());
    assertTrue(r.body().contains("exceptionCode=\"OperationParsingFailed\""), r.body());
    assertTrue(r.body().contains("FILTER has 65537 characters"), r.body());
  }

  private static int count(String s, String part) {
    int n = 0;
    for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  /** Through the JDK's client: long URLs, bodies beyond Jetty's client's 2 MiB buffer. */
  private static HttpResponse<String> large(String pathQuery) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(server.uri().resolve(pathQuery)).build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private static String body(String pathQuery) throws Exception {
    ContentResponse r = client.GET(server.uri().resolve(pathQuery));
    assertEquals(200, r.getStatus(), r.getContentAsString());
    return r.getContentAsString();
  }
}
