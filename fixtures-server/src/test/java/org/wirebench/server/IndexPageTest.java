package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.finding.BackendFormat;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.server.finding.GatewayHandler;
import org.wirebench.server.finding.MockBackendHandler;
import org.wirebench.server.soap.SoapServices;

/**
 * The page at {@code /}, what a browser pointed at {@code serve} shows, links every endpoint the
 * server has, and every link answers 200: it once listed the WFS, SOAP and /static but none of the
 * three WMS endpoints nor the FindingService mock backend and gateway.
 */
class IndexPageTest {
  private static final Pattern HREF = Pattern.compile("href=\"([^\"]*)\"");

  @Test
  void theIndexLinksEveryEndpointAndEachLinkAnswers() throws Exception {
    try (FixtureServer server = new FixtureServer(FixtureServer.Settings.defaults()).start()) {
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
      HttpResponse<String> index = get(http, server, "/");
      assertEquals(200, index.statusCode(), index.body());
      List<String> links = new ArrayList<>();
      Matcher m = HREF.matcher(index.body());
      while (m.find()) {
        links.add(m.group(1).replace("&amp;", "&"));
      }
      for (GeoCodec c : GeoCodecs.listedIn(WfsVersion.V2_0_0)) {
        // each format the WFS 2.0.0 capabilities list, as an outputFormat value in a link
        String format =
            URLEncoder.encode(c.wfsOutputFormat().listed(), StandardCharsets.UTF_8)
                .replace("+", "%20");
        assertTrue(
            links.stream().anyMatch(l -> l.endsWith("&outputFormat=" + format)),
            "no GetFeature in " + c.name() + ": " + links);
      }
      List<String> endpoints = new ArrayList<>(List.of("/ows?", "/static/"));
      FixtureServer.WMS_PATHS.forEach(p -> endpoints.add(p + "?"));
      SoapServices.NAMES.forEach(s -> endpoints.add(SoapServices.path(s) + "?wsdl"));
      for (BackendFormat f : BackendFormats.registry().all()) {
        endpoints.add(MockBackendHandler.PATH + "mock." + f.name());
        endpoints.add(GatewayHandler.PATH + f.name() + "/");
      }
      for (String e : endpoints) {
        assertTrue(links.stream().anyMatch(l -> l.startsWith(e)), "no link to " + e + ": " + links);
      }
      for (String link : links) {
        HttpResponse<String> r = get(http, server, link);
        assertEquals(200, r.statusCode(), link + ": " + r.body());
      }
    }
  }

  private static HttpResponse<String> get(HttpClient http, FixtureServer server, String path)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(server.uri().resolve(path.substring(1)))
            .timeout(Duration.ofSeconds(90))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
