package org.wirebench.server.wms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.raster.BlueMarble;
import org.wirebench.formats.raster.MapRendererKind;
import org.wirebench.formats.raster.WebMercator;
import org.wirebench.formats.raster.WmsRequestList;
import org.wirebench.results.Studies;
import org.wirebench.server.FixtureServer;

/**
 * GetCapabilities and GetMap over HTTP on every endpoint ({@code /wms} direct, {@code /tiled/wms}
 * tile cache, {@code /tiled/memory/wms} the cache keeping decoded tiles): documents valid against
 * the official 1.3.0 XSD and 1.1.1 DTD, version negotiation, 1.3.0's latitude-first EPSG:4326, the
 * 900913 alias, and the maps showing the right places.
 */
class WmsServerTest {
  static FixtureServer server;
  static HttpClient client;

  @BeforeAll
  static void start() throws Exception {
    server = new FixtureServer(FixtureServer.Settings.defaults()).start();
    client = new HttpClient();
    client.start();
  }

  @AfterAll
  static void stop() throws Exception {
    client.stop();
    server.close();
  }

  static ContentResponse get(String pathAndQuery) throws Exception {
    return client
        .newRequest(server.uri().resolve(pathAndQuery))
        .timeout(120, TimeUnit.SECONDS)
        .send();
  }

  @ParameterizedTest
  @CsvSource({
    "wms,,1.3.0",
    "wms,1.3.0,1.3.0",
    "wms,1.1.1,1.1.1",
    "wms,1.2.0,1.1.1",
    "wms,1.0.0,1.1.1",
    "wms,2.0.0,1.3.0",
    "tiled/wms,1.1.1,1.1.1",
    "tiled/wms,1.3.0,1.3.0",
    "tiled/memory/wms,1.1.1,1.1.1",
    "tiled/memory/wms,1.3.0,1.3.0"
  })
  void capabilitiesAreValidInTheNegotiatedVersion(String path, String asked, String answered)
      throws Exception {
    ContentResponse r =
        get(
            path
                + "?SERVICE=WMS&REQUEST=GetCapabilities"
                + (asked == null ? "" : "&VERSION=" + asked));
    assertEquals(200, r.getStatus(), r.getContentAsString());
    String body = r.getContentAsString();
    assertTrue(body.contains("version=\"" + answered + "\""), body);
    assertTrue(
        r.getMediaType()
            .equals(answered.equals("1.3.0") ? "text/xml" : "application/vnd.ogc.wms_xml"),
        r.getMediaType());
    assertTrue(body.contains("xlink:href=\"" + server.uri() + path + "?\""), body);
    WmsDocuments.validCapabilities(answered, r.getContent());
  }

  /**
   * The service's abstract cites the raster study as its one definition does ({@link
   * Studies#RASTER}), and gives the source's size as {@link BlueMarble} holds it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"1.1.1", "1.3.0"})
  void theAbstractCitesTheStudyFromItsDefinition(String version) throws Exception {
    String body =
        get("wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=" + version).getContentAsString();
    int at = body.indexOf("<Abstract>");
    String text = body.substring(at + "<Abstract>".length(), body.indexOf("</Abstract>", at));
    assertTrue(text.contains("(" + Studies.RASTER.citation() + ")"), text);
    assertTrue(text.contains(BlueMarble.WIDTH + " x " + BlueMarble.HEIGHT + " pixels"), text);
  }

  private static String map(String path, String version, String crs, String bbox, int w, int h) {
    String crsName = version.equals("1.3.0") ? "CRS" : "SRS";
    return path
        + "?SERVICE=WMS&VERSION="
        + version
        + "&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&"
        + crsName
        + "="
        + crs
        + "&BBOX="
        + bbox
        + "&WIDTH="
        + w
        + "&HEIGHT="
        + h
        + "&FORMAT=image/png";
  }

  static BufferedImage image(ContentResponse r, int w, int h) throws Exception {
    assertEquals(200, r.getStatus(), () -> r.getContentAsString());
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(r.getContent()));
    assertEquals(w, image.getWidth());
    assertEquals(h, image.getHeight());
    return image;
  }

  /**
   * 1.3.0's EPSG:4326 box is latitude first; 1.1.1's and CRS:84's longitude first: the same map.
   * EPSG:900913 is EPSG:3857. In both, the Nile delta is land and the sea north of it water.
   */
  @ParameterizedTest
  @ValueSource(strings = {"wms", "tiled/wms", "tiled/memory/wms"})
  void axisOrderAndAliasesDrawTheSameMap(String path) throws Exception {
    ContentResponse v111 = get(map(path, "1.1.1", "EPSG:4326", "28,28,36,36", 400, 400));
    ContentResponse v130 = get(map(path, "1.3.0", "EPSG:4326", "28,28,36,36", 400, 400));
    ContentResponse crs84 = get(map(path, "1.3.0", "CRS:84", "28,28,36,36", 400, 400));
    ContentResponse swapped = get(map(path, "1.3.0", "EPSG:4326", "28,20,36,44", 400, 400));
    assertArrayEquals(v111.getContent(), v130.getContent());
    assertArrayEquals(v111.getContent(), crs84.getContent());
    BufferedImage geographic = image(v111, 400, 400);
    assertLand(geographic.getRGB(150, 262), "delta (31E, 30.8N)");
    assertWater(geographic.getRGB(150, 125), "sea (31E, 33.5N)");
    assertTrue(!java.util.Arrays.equals(v111.getContent(), swapped.getContent()));
    String box =
        WebMercator.x(28)
            + ","
            + WebMercator.y(28)
            + ","
            + WebMercator.x(36)
            + ","
            + WebMercator.y(36);
    ContentResponse mercator = get(map(path, "1.1.1", "EPSG:3857", box, 400, 400));
    ContentResponse google = get(map(path, "1.3.0", "EPSG:900913", box, 400, 400));
    assertArrayEquals(mercator.getContent(), google.getContent());
    BufferedImage m = image(mercator, 400, 400);
    double res = (WebMercator.x(36) - WebMercator.x(28)) / 400;
    int x = (int) ((WebMercator.x(31) - WebMercator.x(28)) / res);
    assertLand(m.getRGB(x, (int) ((WebMercator.y(36) - WebMercator.y(30.8)) / res)), "delta 3857");
    assertWater(m.getRGB(x, (int) ((WebMercator.y(36) - WebMercator.y(33.5)) / res)), "sea 3857");
  }

  /** JPEG answers decode to the asked size; a transparent PNG is transparent only off the globe. */
  @ParameterizedTest
  @ValueSource(strings = {"wms", "tiled/wms", "tiled/memory/wms"})
  void jpegAndTransparentPng(String path) throws Exception {
    ContentResponse jpeg =
        get(map(path, "1.1.1", "EPSG:4326", "-10,40,20,60", 640, 480).replace("png", "jpeg"));
    assertEquals("image/jpeg", jpeg.getMediaType());
    image(jpeg, 640, 480);
    ContentResponse png =
        get(map(path, "1.3.0", "CRS:84", "170,-10,190,10", 200, 100) + "&TRANSPARENT=TRUE");
    BufferedImage p = image(png, 200, 100);
    assertEquals(0, p.getRGB(150, 50) >>> 24, "east of 180° is transparent");
    assertEquals(0xff, p.getRGB(50, 50) >>> 24, "west of 180° is drawn");
    ContentResponse red =
        get(map(path, "1.3.0", "CRS:84", "170,-10,190,10", 200, 100) + "&BGCOLOR=0xFF0000");
    assertEquals(0xFF0000, image(red, 200, 100).getRGB(150, 50) & 0xFFFFFF);
  }

  /**
   * Every renderer has its endpoint, and the one keeping decoded tiles answers the very bytes the
   * tile cache answers (the same tiles, the same encoder), in both SRS, twice (the second from kept
   * tiles).
   */
  @ParameterizedTest
  @ValueSource(strings = {"EPSG:4326", "EPSG:3857"})
  void keptTilesDrawTheTileCachesMaps(String code) throws Exception {
    for (MapRendererKind kind : MapRendererKind.values()) {
      String path = FixtureServer.wmsPath(kind).substring(1);
      image(get(map(path, "1.1.1", "EPSG:4326", "-10,40,20,60", 64, 32)), 64, 32);
    }
    WmsRequestList.Srs srs = WmsRequestList.Srs.of(code);
    for (WmsRequestList.Request r : WmsRequestList.generate(srs, 4, 11)) {
      String query = org.wirebench.server.load.scenario.WmsScenario.query(r, srs);
      byte[] tiled =
          get(FixtureServer.wmsPath(MapRendererKind.TILECACHE).substring(1) + query).getContent();
      String memory = FixtureServer.wmsPath(MapRendererKind.TILECACHE_MEMORY).substring(1);
      assertArrayEquals(tiled, get(memory + query).getContent(), r.row(srs));
      assertArrayEquals(tiled, get(memory + query).getContent(), r.row(srs));
    }
  }

  static void assertLand(int rgb, String where) {
    assertTrue(
        (rgb & 0xff) < (rgb >> 16 & 0xff), where + ": red over blue " + Integer.toHexString(rgb));
  }

  static void assertWater(int rgb, String where) {
    assertTrue(
        (rgb & 0xff) > (rgb >> 16 & 0xff), where + ": blue over red " + Integer.toHexString(rgb));
  }

  static String text(ContentResponse r) {
    return new String(r.getContent(), StandardCharsets.UTF_8);
  }
}
