package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.wirebench.formats.geo.schema.XmlSchema;
import org.wirebench.server.FixtureServer;

/**
 * Behind a proxy ({@code serve --public-url}) every URL the WFS writes is built on the public URL:
 * the capabilities' operations, paging links, and the absolute schema location a saved GML response
 * names its type's schema by.
 */
class PublicUrlTest {
  private static final String PUBLIC = "https://maps.example.org/wirebench/";

  @Test
  void everyUrlTheWfsWritesIsOnThePublicUrl() throws Exception {
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults())
            .publicUrl(URI.create(PUBLIC))
            .start()) {
      HttpClient client = new HttpClient();
      client.start();
      try {
        String caps = get(client, server, "service=WFS&version=2.0.0&request=GetCapabilities");
        assertTrue(caps.contains("xlink:href=\"" + PUBLIC + "ows?\""), caps);
        String page =
            get(
                client,
                server,
                "service=WFS&version=2.0.0&request=GetFeature&typeNames=helsinki_roads&count=5");
        assertTrue(
            page.contains(
                PUBLIC
                    + "ows?service=WFS&amp;version=2.0.0&amp;request=DescribeFeatureType"
                    + "&amp;typeName=osm:helsinki_roads\""),
            page.substring(0, 800));
        assertTrue(page.contains(" next=\"" + PUBLIC + "ows?"), page.substring(0, 800));
        OgcValidator.validate(
            XmlSchema.WFS_2_0_GML_32,
            Datasets.get("helsinki_roads").featureType(),
            page.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String v1 =
            get(
                client,
                server,
                "service=WFS&version=1.0.0&request=GetFeature&typeName=helsinki_roads&maxFeatures=2");
        assertTrue(v1.contains(PUBLIC + "ows?service=WFS&amp;version=1.0.0"), v1.substring(0, 800));
      } finally {
        client.stop();
      }
    }
  }

  @Test
  void refusesWhatIsNoPublicUrl() {
    for (String bad :
        new String[] {
          "ftp://example.org/", "/relative/", "https://example.org/?a=1", "https:///x"
        }) {
      assertThrows(
          IllegalArgumentException.class, () -> new WfsHandler().publicUrl(URI.create(bad)), bad);
    }
  }

  private static String get(HttpClient client, FixtureServer server, String query)
      throws Exception {
    ContentResponse r = client.GET(server.uri().resolve("/ows?" + query));
    assertEquals(200, r.getStatus(), r.getContentAsString());
    return r.getContentAsString();
  }
}
