package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * KVP values the WFS and WMS take in any case are matched in ASCII only. Java's full case mapping
 * (String.equalsIgnoreCase, toUpperCase) folds the long s ſ (U+017F, {@code %C5%BF}) into an ASCII
 * S, so {@code SERVICE=WMſ}, {@code SRS=EPſG:4326}, {@code TRANSPARENT=FALſE}, {@code TILED=falſe},
 * {@code service=WFſ} and {@code SORTBY=name DEſC} were each served as the value they only look
 * like; each is now refused naming the parameter, and the ASCII spellings in any case are still
 * served.
 */
class AsciiCaseValuesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String POIS =
      "service=WFS&request=GetFeature&version=2.0.0&typeNames=helsinki_pois&count=2&";

  private static final String WMS111 =
      "SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=bluemarble&STYLES="
          + "&BBOX=-180,-90,180,90&WIDTH=64&HEIGHT=32&FORMAT=image/png&";

  private static final String WMS130 =
      "SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=bluemarble&STYLES="
          + "&WIDTH=64&HEIGHT=32&FORMAT=image/png&";

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/ows | service=WF%C5%BF&version=2.0.0&request=GetCapabilities"
            + " | InvalidParameterValue | service",
        "/ows | " + POIS + "SORTBY=name%20DE%C5%BFC | InvalidParameterValue | SORTBY",
        "/ows | " + POIS + "SORTBY=name%20A%C5%BFC | InvalidParameterValue | SORTBY",
        "/wms | SERVICE=WM%C5%BF&VERSION=1.3.0&REQUEST=GetCapabilities"
            + " | InvalidParameterValue | SERVICE",
        "/wms | " + WMS111 + "SRS=EP%C5%BFG:4326 | InvalidSRS | SRS",
        "/wms | " + WMS130 + "CRS=CR%C5%BF:84&BBOX=-180,-90,180,90 | InvalidCRS | CRS",
        "/wms | "
            + WMS111
            + "SRS=EPSG:4326&TRANSPARENT=FAL%C5%BFE"
            + " | InvalidParameterValue | TRANSPARENT",
        "/wms | " + WMS111 + "SRS=EPSG:4326&TILED=fal%C5%BFe | InvalidParameterValue | TILED",
        "/tiled/wms | " + WMS111 + "SRS=EP%C5%BFG:4326 | InvalidSRS | SRS",
      })
  void aLookalikeOfAnAsciiValueIsRefused(String path, String query, String code, String locator)
      throws Exception {
    OwsStrictQueries.refused(OwsStrictQueries.get(SERVER, path, query), code, locator);
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/ows | service=wfs&version=2.0.0&request=getcapabilities",
        "/ows | " + POIS + "SORTBY=name%20desc",
        "/wms | SERVICE=wms&VERSION=1.3.0&REQUEST=GetCapabilities",
        "/wms | " + WMS111 + "SRS=epsg:4326&TRANSPARENT=false&TILED=True",
        "/wms | " + WMS130 + "CRS=crs:84&BBOX=-180,-90,180,90",
      })
  void theAsciiSpellingsInAnyCaseAreServed(String path, String query) throws Exception {
    HttpTester.Response r = OwsStrictQueries.get(SERVER, path, query);
    assertEquals(200, r.getStatus(), r.getContent());
  }
}
