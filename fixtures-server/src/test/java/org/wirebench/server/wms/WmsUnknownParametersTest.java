package org.wirebench.server.wms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wirebench.server.LiveServerTest;

/**
 * A parameter name GetMap or GetCapabilities does not define is refused on every WMS endpoint,
 * naming it and the name it is a near miss of: {@code TIME%00=2020} slipped past TIME's refusal and
 * {@code ANGLE=45} drew an unrotated map. The vendor hints QGIS and GeoServer clients send (DPI,
 * MAP_RESOLUTION, FORMAT_OPTIONS=dpi:N, TILED) are taken and change nothing; a latitude beyond ±90
 * (1.3.0's axis swap) and a number beyond a double's range are refused.
 */
class WmsUnknownParametersTest extends LiveServerTest {
  private static final String MAP111 =
      "SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&SRS=EPSG:4326"
          + "&BBOX=20,20,40,40&WIDTH=64&HEIGHT=64&FORMAT=image/png";
  private static final String MAP130 =
      "SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&CRS=EPSG:4326"
          + "&BBOX=20,20,40,40&WIDTH=64&HEIGHT=64&FORMAT=image/png";

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // endpoint | addition | locator | near miss or -
        "wms | TIME%00=2020 | time\\u0000 | TIME",
        "tiled/wms | ELEVATION%09=5 | elevation\\u0009 | ELEVATION",
        "tiled/memory/wms | SLD_BODY%20=x | sld_body\\u0020 | SLD_BODY",
        "wms | time%5B%5D=2020 | time[] | TIME",
        "tiled/wms | ANGLE=45 | angle | -",
        "wms | CQL_FILTER=x | cql_filter | -",
        "tiled/memory/wms | FEATUREID=x | featureid | -",
        "wms | BBOXX=1 | bboxx | BBOX",
      })
  void anUnknownNameIsRefused(String path, String add, String locator, String near)
      throws Exception {
    for (String map : new String[] {MAP111, MAP130}) {
      ContentResponse r = get("/" + path + "?" + map + "&" + add);
      String body = r.getContentAsString();
      assertEquals(400, r.getStatus(), body);
      assertTrue(body.contains("code=\"InvalidParameterValue\""), body);
      // 1.1.1's ServiceException has no locator: the message names the parameter in both
      assertTrue(body.contains("the parameter " + locator + " is not one"), body);
      if (map == MAP130) {
        assertTrue(body.contains("locator=\"" + locator + "\""), body);
      }
      assertTrue(
          near.equals("-") ? !body.contains("did you mean") : body.contains("did you mean " + near),
          body);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"wms", "tiled/wms"})
  void capabilitiesRefuseAnUnknownName(String path) throws Exception {
    ContentResponse r = get("/" + path + "?SERVICE=WMS&REQUEST=GetCapabilities&LAYERS=x");
    assertEquals(400, r.getStatus(), r.getContentAsString());
    assertTrue(r.getContentAsString().contains("locator=\"layers\""), r.getContentAsString());
  }

  /** What QGIS's three DPI modes and tiled layers send: the very map drawn without them. */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "wms | DPI=96",
        "tiled/wms | MAP_RESOLUTION=180",
        "tiled/memory/wms | FORMAT_OPTIONS=dpi:300",
        "wms | TILED=true",
        "tiled/wms | DPI=96&MAP_RESOLUTION=96&FORMAT_OPTIONS=dpi:96&TILED=TRUE",
      })
  void clientHintsChangeNothing(String path, String add) throws Exception {
    for (String map : new String[] {MAP111, MAP130}) {
      ContentResponse plain = get("/" + path + "?" + map);
      ContentResponse hinted = get("/" + path + "?" + map + "&" + add);
      assertEquals(200, hinted.getStatus(), hinted.getContentAsString());
      assertArrayEquals(plain.getContent(), hinted.getContent());
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "FORMAT_OPTIONS=antialiasing:off | FORMAT_OPTIONS",
        "FORMAT_OPTIONS=dpi:96;antialiasing:off | FORMAT_OPTIONS",
        "DPI=0 | DPI",
        "MAP_RESOLUTION=high | MAP_RESOLUTION",
        "TILED=maybe | TILED",
      })
  void aHintWithAValueItDoesNotUnderstandIsRefused(String add, String locator) throws Exception {
    ContentResponse r = get("/wms?" + MAP130 + "&" + add);
    assertEquals(400, r.getStatus(), r.getContentAsString());
    assertTrue(r.getContentAsString().contains("locator=\"" + locator + "\""));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "VERSION=1.3.0&CRS=EPSG:4326&BBOX=-180,-90,180,90 | CRS=CRS:84",
        "VERSION=1.1.1&SRS=EPSG:4326&BBOX=-90,-180,90,180 | beyond ±90",
        "VERSION=1.3.0&CRS=CRS:84&BBOX=-10,-95,10,0 | beyond ±90",
        "VERSION=1.1.1&SRS=EPSG:4326&BBOX=1e-400,0,1,1 | read as 0",
        "VERSION=1.1.1&SRS=EPSG:4326&BBOX=0,0,1e999,1 | exponent is out of range",
      })
  void outOfRangeBoxesAreRefused(String box, String says) throws Exception {
    ContentResponse r =
        get(
            "/wms?SERVICE=WMS&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&WIDTH=64&HEIGHT=64"
                + "&FORMAT=image/png&"
                + box);
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("BBOX="), body);
    assertTrue(body.contains(says), body);
  }

  private static ContentResponse get(String pathQuery) throws Exception {
    return client.GET(server.uri().resolve(pathQuery));
  }
}
