package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Two parameters saying different things, one of which was silently dropped: a version outside
 * AcceptVersions (the capabilities came in the version the client said it does not accept), a type
 * or property prefix nothing binds (read as if it were the type's own), WMS 1.1.1's SRS beside
 * 1.3.0's CRS and VERSION beside WMTVER with other values (one drew the map, the other was
 * ignored). Each is refused; the agreeing forms are served.
 */
class OwsVersionConflictsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String POIS = "service=WFS&request=GetFeature&version=2.0.0&count=2&";
  private static final String NS = "http://wirebench.org/osm";

  private static final String WMS =
      "SERVICE=WMS&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&WIDTH=64&HEIGHT=32&FORMAT=image/png&";

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=1.1.0&version=2.0.0"
            + " | VersionNegotiationFailed | AcceptVersions",
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=1.0.0&version=1.1.0"
            + " | VersionNegotiationFailed | AcceptVersions",
        "/ows | " + POIS + "typeNames=foo:helsinki_pois | InvalidParameterValue | typeNames",
        "/ows | service=WFS&request=GetFeature&version=1.1.0&maxFeatures=2"
            + "&typeName=foo:helsinki_pois | InvalidParameterValue | typeName",
        "/ows | "
            + POIS
            + "typeNames=helsinki_pois&PROPERTYNAME=foo:name"
            + " | InvalidParameterValue | PROPERTYNAME",
        "/ows | "
            + POIS
            + "typeNames=helsinki_pois&SORTBY=foo:name"
            + " | InvalidParameterValue | SORTBY",
        "/ows | "
            + POIS
            + "typeNames=helsinki_pois&SORTBY=foo:name&NAMESPACES=xmlns(foo,urn:x)"
            + " | InvalidParameterValue | SORTBY",
        "/wms | "
            + WMS
            + "VERSION=1.1.1&SRS=EPSG:4326&CRS=EPSG:3857&BBOX=-180,-90,180,90"
            + " | InvalidSRS | CRS",
        "/wms | "
            + WMS
            + "VERSION=1.3.0&CRS=EPSG:4326&SRS=EPSG:3857&BBOX=-90,-180,90,180"
            + " | InvalidCRS | SRS",
        "/wms | "
            + WMS
            + "VERSION=1.3.0&WMTVER=1.1.1&CRS=EPSG:4326&BBOX=-90,-180,90,180"
            + " | InvalidParameterValue | WMTVER",
      })
  void refused(String path, String query, String code, String locator) throws Exception {
    OwsStrictQueries.refused(OwsStrictQueries.get(SERVER, path, query), code, locator);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=2.0.0,1.1.0&version=1.1.0"
            + " | version=\"1.1.0\"",
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=1.1.0 | version=\"1.1.0\"",
        // the client's order of preference, not the highest (OWS Common 1.1 §7.3.2)
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=1.1.0,2.0.0 | version=\"1.1.0\"",
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=9.9.9,1.0.0,2.0.0"
            + " | version=\"1.0.0\"",
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=2.0.2,1.1.0 | version=\"2.0.0\"",
        // 2.0.2 is 2.0.0 here wherever it stands in the list, not only first
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=1.1.0,2.0.2&version=2.0.0"
            + " | version=\"2.0.0\"",
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=1.0.0,2.0.0&version=2.0.2"
            + " | version=\"2.0.0\"",
        "/ows | " + POIS + "typeNames=osm:helsinki_pois&SORTBY=osm:name | helsinki_pois",
        "/ows | "
            + POIS
            + "typeNames=foo:helsinki_pois&PROPERTYNAME=foo:name&NAMESPACES=xmlns(foo,"
            + NS
            + ") | helsinki_pois",
        "/wms | " + WMS + "VERSION=1.1.1&SRS=EPSG:4326&CRS=EPSG:4326&BBOX=-180,-90,180,90 | PNG",
        "/wms | " + WMS + "VERSION=1.1.1&SRS=EPSG:4326&CRS=epsg:4326&BBOX=-180,-90,180,90 | PNG",
        "/wms | " + WMS + "VERSION=1.1.1&WMTVER=1.1.1&SRS=EPSG:4326&BBOX=-180,-90,180,90 | PNG",
      })
  void served(String path, String query, String says) throws Exception {
    HttpTester.Response r = OwsStrictQueries.get(SERVER, path, query);
    assertEquals(200, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains(says), r.getContent().substring(0, 300));
  }
}
