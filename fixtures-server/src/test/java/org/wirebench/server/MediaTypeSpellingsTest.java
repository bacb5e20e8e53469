package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every media type the WFS and the WMS compare (GetFeature's and DescribeFeatureType's
 * outputFormat, AcceptFormats, GetMap's and GetCapabilities' FORMAT, WMS 1.1.1's EXCEPTIONS) is
 * read as RFC 9110 writes one: a parameter's value as a quoted-string (with quoted-pairs), names
 * and types in any case, empty parameters. Each spelling below was refused with 400; the ones RFC
 * 9110 does not allow are still refused, saying why. SOAP's Content-Type: SoapContentTypeTest.
 */
class MediaTypeSpellingsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String POIS =
      "service=WFS&request=GetFeature&version=2.0.0&typeNames=helsinki_pois&count=1&";

  private static final String DFT =
      "service=WFS&request=DescribeFeatureType&version=2.0.0&typeNames=helsinki_pois&";

  private static final String WMS130 =
      "SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&CRS=EPSG:4326"
          + "&WIDTH=64&HEIGHT=32&BBOX=-90,-180,90,180&";

  private static final String WMS111 =
      "SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&SRS=EPSG:4326"
          + "&WIDTH=64&HEIGHT=32&BBOX=-180,-90,180,90&FORMAT=image/png&";

  @ParameterizedTest(name = "{0}?{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/ows | " + POIS + "outputFormat=application/gml%2Bxml;%20version=%223.2%22 | gml+xml",
        "/ows | " + POIS + "outputFormat=text/xml;%20subtype=%22gml/3.2%22 | gml+xml",
        "/ows | " + POIS + "outputFormat=application/gml%2Bxml;%20VERSION=3.2 | gml+xml",
        "/ows | " + POIS + "outputFormat=application/gml%2Bxml;%20version=%223%5C.2%22 | gml+xml",
        "/ows | " + DFT + "outputFormat=application/gml%2Bxml;%20version=%223.2%22 | gml+xml",
        "/ows | " + DFT + "outputFormat=text/xml;%20SubType=%22gml/3.2%22; | gml+xml",
        "/ows | service=WFS&request=GetCapabilities&AcceptFormats=text/xml; | xml",
        "/ows | service=WFS&request=GetCapabilities&AcceptFormats=Text/XML;;,x/y | xml",
        "/wms | " + WMS130 + "FORMAT=image/png; | image/png",
        "/wms | " + WMS130 + "FORMAT=IMAGE/JPEG | image/jpeg",
        "/wms | SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0&FORMAT=Text/XML | xml",
        "/wms | " + WMS111 + "EXCEPTIONS=application/vnd.ogc.se_xml%20; | image/png",
      })
  void servedAsRfc9110ReadsIt(String path, String query, String type) throws Exception {
    HttpTester.Response r = OwsStrictQueries.get(SERVER, path, query);
    assertEquals(200, r.getStatus(), r.getContent());
    assertTrue(r.get("Content-Type").contains(type), r.get("Content-Type"));
  }

  @ParameterizedTest(name = "{0}?{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/ows | "
            + POIS
            + "outputFormat=application/gml%2Bxml;%20version=%223.2 | outputFormat"
            + " | quote is not closed",
        "/ows | "
            + POIS
            + "outputFormat=application/gml%2Bxml;version=3.2;Version=3.2 | outputFormat"
            + " | given twice",
        "/ows | "
            + DFT
            + "outputFormat=application/gml%2Bxml;version=%223.2%5C%22 | outputFormat"
            + " | quote is not closed",
        "/wms | " + WMS130 + "FORMAT=image/png;%20mode=%228bit | FORMAT | quote is not closed",
        "/wms | " + WMS130 + "FORMAT=image/png;%20mode=8bit | FORMAT | is not offered",
      })
  void refusedSayingWhy(String path, String query, String locator, String why) throws Exception {
    HttpTester.Response r = OwsStrictQueries.get(SERVER, path, query);
    assertEquals(400, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("locator=\"" + locator + "\""), r.getContent());
    assertTrue(r.getContent().contains(why), r.getContent());
  }

  /**
   * AcceptFormats is a list of media types: a comma inside a parameter's quoted value separates
   * nothing (RFC 9110 §5.6.1, §5.6.4). It was split there, so that a quoted ",," was an empty item
   * (400) and a quoted ",text/xml," an item text/xml the client never asked for (200).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "text/xml,application/xml;%20p=%22,,%22 | 200",
        "application/gml%2Bxml;%20subtype=%22gml/3.2,%20x%22,text/xml | 200",
        "application/json;%20x=%22,text/xml,%22 | 400",
        "application/json;%20x=%22a%5C%22,text/xml%22 | 400",
      })
  void aCommaInAQuotedValueSeparatesNoFormats(String formats, int status) throws Exception {
    HttpTester.Response r =
        OwsStrictQueries.get(
            SERVER, "/ows", "service=WFS&request=GetCapabilities&AcceptFormats=" + formats);
    assertEquals(status, r.getStatus(), r.getContent());
    if (status == 400) {
      assertTrue(r.getContent().contains("locator=\"acceptFormats\""), r.getContent());
      assertTrue(r.getContent().contains("text/xml only"), r.getContent());
    }
  }
}
