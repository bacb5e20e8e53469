package org.wirebench.server.wms;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wirebench.server.FixtureServer;

/**
 * A parameter given twice, in one spelling or two, is refused on every WMS endpoint in both
 * versions with a ServiceExceptionReport and 400 naming it (1.3.0's locator): one value would be
 * dropped unread (the OGC KVP handler's check, shared with the WFS).
 */
class WmsDuplicateParameterTest {
  private static FixtureServer server;
  private static HttpClient client;

  private static final String GET_MAP_130 =
      "SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&CRS=EPSG:4326"
          + "&BBOX=-90,-180,90,180&WIDTH=256&HEIGHT=128&FORMAT=image/jpeg";
  private static final String GET_MAP_111 =
      "SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&SRS=EPSG:4326"
          + "&BBOX=-180,-90,180,90&WIDTH=256&HEIGHT=128&FORMAT=image/jpeg";

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

  /** version | what is added to a good request | the name refused. */
  @ParameterizedTest(name = "{0} +{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "1.3.0|&WIDTH=512|WIDTH",
        "1.3.0|&width=256|width",
        "1.3.0|&Layers=bluemarble|Layers",
        "1.1.1|&HEIGHT=64|HEIGHT",
        "1.1.1|&bbox=-180,-90,180,90|bbox",
        "1.1.1|&format=image/png|format",
      })
  void aParameterGivenTwiceIsAServiceException(String version, String added, String name)
      throws Exception {
    String query = (version.equals("1.3.0") ? GET_MAP_130 : GET_MAP_111) + added;
    for (String path : List.of("wms", "tiled/wms", "tiled/memory/wms")) {
      ContentResponse r =
          client
              .newRequest(server.uri().resolve(path + "?" + query))
              .timeout(60, TimeUnit.SECONDS)
              .send();
      // 1.1.1's ServiceException has no locator: its message names the parameter
      WmsRefusalTest.assertReport(
          r, version, 400, "InvalidParameterValue", version.equals("1.3.0") ? name : null);
      assertTrue(
          r.getContentAsString().contains("the parameter " + name + " is given more than once"),
          r.getContentAsString());
    }
  }
}
