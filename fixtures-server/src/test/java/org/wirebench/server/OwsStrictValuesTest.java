package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Values the WFS and WMS read too leniently: numbers in Java's spellings ({@code 60d}, {@code
 * 0x14p0}, {@code +3}, a padded {@code " 3"}) instead of the protocols' decimal syntax, an empty
 * outputFormat served with the default, a list naming one item twice or holding an empty one (an
 * AcceptFormats or Sections with an empty item, a NAMESPACES with a trailing comma or none between
 * two bindings were read past; the other lists' empty items were refused already), an unchecked
 * featureVersion, a DescribeFeatureType outputFormat with a space inside a word (its spaces were
 * all dropped, where GetFeature's drops only those around a parameter's ; and =), and WMS 1.1.1's
 * EXCEPTIONS value in 1.3.0 (and 1.3.0's in 1.1.1). Each was answered 200; each is now refused
 * naming the parameter, and the plain spelling still served.
 */
class OwsStrictValuesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String POIS =
      "service=WFS&request=GetFeature&version=2.0.0&typeNames=helsinki_pois&";

  private static final String CAPS = "service=WFS&request=GetCapabilities&";

  private static final String DFT =
      "service=WFS&request=DescribeFeatureType&version=2.0.0&typeNames=helsinki_pois&";

  private static final String OSM = "http://wirebench.org/osm";

  private static final String WMS130 =
      "SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&CRS=EPSG:4326"
          + "&WIDTH=64&HEIGHT=32&FORMAT=image/png&";

  /** WMS130 without LAYERS and STYLES. */
  private static final String WMS130_ONE =
      "SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&CRS=EPSG:4326&WIDTH=64&HEIGHT=32&FORMAT=image/png&";

  private static final String WMS111 =
      "SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&SRS=EPSG:4326"
          + "&BBOX=-180,-90,180,90&FORMAT=image/png&";

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/ows | " + POIS + "BBOX=60d,24,61,25 | InvalidParameterValue | BBOX",
        "/ows | " + POIS + "BBOX=60,24f,61,25 | InvalidParameterValue | BBOX",
        "/ows | " + POIS + "BBOX=0x3cp0,24,61,25 | InvalidParameterValue | BBOX",
        "/ows | " + POIS + "BBOX=%2060,24,61,25 | InvalidParameterValue | BBOX",
        "/ows | " + POIS + "count=%2B3 | InvalidParameterValue | count",
        "/ows | " + POIS + "count=%203 | InvalidParameterValue | count",
        "/ows | " + POIS + "count=3%20 | InvalidParameterValue | count",
        "/ows | " + POIS + "startIndex=%2B1 | InvalidParameterValue | startIndex",
        "/ows | " + POIS + "outputFormat= | MissingParameterValue | outputFormat",
        "/ows | " + POIS + "SORTBY= | MissingParameterValue | SORTBY",
        "/ows | " + POIS + "SORTBY=name,name%20DESC | InvalidParameterValue | SORTBY",
        "/ows | " + POIS + "PROPERTYNAME=name,name | InvalidParameterValue | PROPERTYNAME",
        "/ows | "
            + POIS
            + "RESOURCEID=helsinki_pois.60068035,helsinki_pois.60068035"
            + " | InvalidParameterValue | RESOURCEID",
        "/ows | service=WFS&request=DescribeFeatureType&version=2.0.0"
            + "&typeNames=helsinki_pois,helsinki_pois | InvalidParameterValue | typeNames",
        "/ows | service=WFS&request=DescribeStoredQueries&version=2.0.0&STOREDQUERY_ID="
            + "urn:ogc:def:query:OGC-WFS::GetFeatureById,urn:ogc:def:query:OGC-WFS::GetFeatureById"
            + " | InvalidParameterValue | STOREDQUERY_ID",
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=1.1.0,,2.0.0"
            + " | InvalidParameterValue | AcceptVersions",
        "/ows | " + CAPS + "AcceptFormats=text/xml, | InvalidParameterValue | acceptFormats",
        "/ows | " + CAPS + "AcceptFormats=,text/xml | InvalidParameterValue | acceptFormats",
        "/ows | "
            + CAPS
            + "AcceptFormats=text/xml,,application/xml"
            + " | InvalidParameterValue | acceptFormats",
        "/ows | " + CAPS + "Sections=All, | InvalidParameterValue | sections",
        "/ows | "
            + POIS
            + "NAMESPACES=xmlns(osm,"
            + OSM
            + "), | InvalidParameterValue | NAMESPACES",
        "/ows | "
            + POIS
            + "NAMESPACES=xmlns(a,urn:a)xmlns(osm,"
            + OSM
            + ")"
            + " | InvalidParameterValue | NAMESPACES",
        "/ows | "
            + POIS
            + "NAMESPACES=xmlns(a,urn:a),,xmlns(osm,"
            + OSM
            + ")"
            + " | InvalidParameterValue | NAMESPACES",
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=2.0.0,"
            + " | InvalidParameterValue | AcceptVersions",
        "/ows | " + POIS + "PROPERTYNAME=name, | InvalidParameterValue | PROPERTYNAME",
        "/ows | " + POIS + "SORTBY=name, | InvalidParameterValue | SORTBY",
        "/ows | "
            + POIS
            + "RESOURCEID=helsinki_pois.60068035, | InvalidParameterValue | RESOURCEID",
        "/ows | " + POIS + "BBOX=60.1,24.9,60.2,25.0, | InvalidParameterValue | BBOX",
        "/ows | service=WFS&request=DescribeFeatureType&version=2.0.0&typeNames=helsinki_pois,"
            + " | InvalidParameterValue | typeNames",
        "/ows | service=WFS&request=GetFeature&version=2.0.0&typeNames=,helsinki_pois"
            + " | InvalidParameterValue | typeNames",
        "/ows | service=WFS&request=GetFeature&version=2.0.0&typeNames=(helsinki_pois,)"
            + " | InvalidParameterValue | typeNames",
        "/ows | service=WFS&request=GetFeature&version=1.1.0&maxFeatures=1"
            + "&typeName=helsinki_pois&FEATUREID=helsinki_pois.60068035,"
            + " | InvalidParameterValue | FEATUREID",
        "/wms | "
            + WMS130_ONE
            + "LAYERS=bluemarble,&STYLES=&BBOX=-90,-180,90,180"
            + " | LayerNotDefined | LAYERS",
        "/wms | "
            + WMS130_ONE
            + "LAYERS=bluemarble&STYLES=,&BBOX=-90,-180,90,180"
            + " | StyleNotDefined | STYLES",
        "/ows | service=WFS&request=GetFeature&version=1.0.0&typeName=helsinki_pois"
            + "&maxFeatures=1&featureVersion=abc | InvalidParameterValue | featureVersion",
        // DescribeFeatureType's outputFormat is compared as GetFeature's: a space inside a word
        // names no format (it was dropped wherever it stood)
        "/ows | "
            + DFT
            + "outputFormat=appli%20cation/gml%2Bxml;version=3.2"
            + " | InvalidParameterValue | outputFormat",
        "/ows | "
            + DFT
            + "outputFormat=application/gml%2Bxml;%20ver%20sion=3.2"
            + " | InvalidParameterValue | outputFormat",
        "/ows | service=WFS&request=DescribeFeatureType&version=1.1.0&typeName=helsinki_pois"
            + "&outputFormat=text/xml;%20sub%20type=gml/3.1.1 | InvalidParameterValue | outputFormat",
        // RFC 9110 §5.6.6: no white space round a parameter's '='
        "/ows | "
            + DFT
            + "outputFormat=application/gml%2Bxml;version%20=3.2"
            + " | InvalidParameterValue | outputFormat",
        "/wms | " + WMS130 + "BBOX=20d,-180,90,180 | InvalidParameterValue | BBOX",
        "/wms | " + WMS130 + "BBOX=0x14p0,-180,90,180 | InvalidParameterValue | BBOX",
        "/wms | " + WMS111 + "WIDTH=%2B64&HEIGHT=32 | InvalidParameterValue | WIDTH",
        "/wms | " + WMS111 + "WIDTH=64&HEIGHT=32%20 | InvalidParameterValue | HEIGHT",
        "/wms | "
            + WMS130
            + "BBOX=-90,-180,90,180&EXCEPTIONS=application/vnd.ogc.se_xml"
            + " | InvalidParameterValue | EXCEPTIONS",
        "/wms | "
            + WMS111
            + "WIDTH=64&HEIGHT=32&EXCEPTIONS=XML | InvalidParameterValue | EXCEPTIONS",
      })
  void refused(String path, String query, String code, String locator) throws Exception {
    OwsStrictQueries.refused(OwsStrictQueries.get(SERVER, path, query), code, locator);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/ows | " + POIS + "BBOX=60.1,24.9,60.2,25.0&count=3",
        "/ows | " + POIS + "BBOX=6.01e1,2.49E%2B1,60.2,25.&count=3",
        "/ows | " + POIS + "SORTBY=name%20DESC,osm_id&count=3",
        "/ows | " + POIS + "PROPERTYNAME=name,osm:type&count=3",
        "/ows | service=WFS&request=GetCapabilities&AcceptVersions=1.1.0,%202.0.0",
        "/ows | " + CAPS + "AcceptFormats=application/json,text/xml&Sections=All",
        "/ows | " + POIS + "NAMESPACES=xmlns(a,urn:a),xmlns(osm," + OSM + ")&count=1",
        // WMS's STYLES may hold empty items: each layer's default style (WMS 1.3.0 §7.3.3.4)
        "/wms | " + WMS130_ONE + "LAYERS=bluemarble,bluemarble&STYLES=,&BBOX=-90,-180,90,180",
        "/ows | service=WFS&request=GetFeature&version=1.0.0&typeName=helsinki_pois"
            + "&maxFeatures=1&featureVersion=ALL",
        "/wms | " + WMS130 + "BBOX=-90,-180.0,90,1.8e2&EXCEPTIONS=XML",
        "/ows | " + DFT + "outputFormat=%20Application/GML%2Bxml%20;%20version=3.2%20",
        "/wms | " + WMS111 + "WIDTH=64&HEIGHT=32&EXCEPTIONS=application/vnd.ogc.se_xml",
      })
  void served(String path, String query) throws Exception {
    HttpTester.Response r = OwsStrictQueries.get(SERVER, path, query);
    assertEquals(200, r.getStatus(), r.getContent());
  }

  /** An empty item is named as one, not as a layer '' or a CRS '' that is not served. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/wms | " + WMS130_ONE + "LAYERS=bluemarble,&STYLES=&BBOX=-90,-180,90,180 | empty item",
        "/ows | " + POIS + "BBOX=60.1,24.9,60.2,25.0, | empty CRS",
      })
  void emptyItemsAreNamed(String path, String query, String words) throws Exception {
    HttpTester.Response r = OwsStrictQueries.get(SERVER, path, query);
    assertEquals(400, r.getStatus(), r.getContent());
    org.junit.jupiter.api.Assertions.assertTrue(r.getContent().contains(words), r.getContent());
  }
}
