package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wirebench.server.LiveServerTest;

/**
 * A parameter name the operation does not define is refused, naming it (printably) and the name it
 * is a near miss of, in every version: ignored, CQL_FILTER answered every feature and a mangled
 * {@code count%00=5} a thousand. WFS 1.1's NAMESPACE is read as 2.0's NAMESPACES is, 2.0's
 * STOREDQUERY_ID in 1.1 is refused at itself, and boxes and numbers out of range are refused.
 */
class WfsUnknownParametersTest extends LiveServerTest {
  private static final String BASE = "/ows?service=WFS&request=GetFeature&typeNames=helsinki_pois";

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // version | raw query addition | locator | the near miss named, or -
        "2.0.0 | CQL_FILTER=type%3D%27cafe%27 | cql_filter | -",
        "2.0.0 | bbbox=24,60,25,61 | bbbox | BBOX",
        "1.0.0 | maxFeature=1 | maxfeature | maxFeatures",
        "2.0.0 | count%00=5 | count\\u0000 | count",
        "2.0.0 | count%20=5 | count\\u0020 | count",
        "2.0.0 | %20count=5 | \\u0020count | count",
        "2.0.0 | %E2%80%8Bcount=5 | \\u200Bcount | count",
        "2.0.0 | count%5B%5D=5 | count[] | count",
        "2.0.0 | %EF%BC%A3OUNT=5 | Ｃount | count",
        "1.1.0 | count%09=5 | count\\u0009 | count",
        "1.1.0 | FEATUREID%00=helsinki_pois.1 | featureid\\u0000 | FEATUREID",
        // the Kelvin sign, which Java's full lower case maps to an ASCII k
        "1.1.0 | traverseXlin%E2%84%AADepth=1 | traversexlin\u212Adepth | traverseXlinkDepth",
      })
  void anUnknownNameIsRefusedNamingIt(String version, String add, String locator, String near)
      throws Exception {
    ContentResponse r = get(BASE + "&version=" + version + "&" + add);
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("\"OperationParsingFailed\""), body);
    assertTrue(body.contains("locator=\"" + locator + "\""), body);
    assertTrue(body.contains("refused rather than ignored"), body);
    if (!near.equals("-")) {
      assertTrue(body.contains("did you mean " + near + "?"), body);
    } else {
      assertTrue(!body.contains("did you mean"), body);
    }
  }

  /** Each operation has its own names: a GetFeature parameter is not DescribeFeatureType's. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "version=2.0.0&request=GetCapabilities&typeNames=helsinki_pois | typenames",
        "version=1.1.0&request=DescribeFeatureType&typeName=helsinki_pois&count=1 | count",
        "version=2.0.0&request=ListStoredQueries&x=1 | x",
        "version=2.0.0&request=DescribeStoredQueries&ID=1 | id",
      })
  void eachOperationRefusesWhatItDoesNotDefine(String query, String locator) throws Exception {
    ContentResponse r = get("/ows?service=WFS&" + query);
    assertEquals(400, r.getStatus(), r.getContentAsString());
    assertTrue(r.getContentAsString().contains("locator=\"" + locator + "\""));
  }

  /** STOREDQUERY_ID is 2.0's: in 1.1 it is refused at itself, not as an unknown operation. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"1.1.0", "1.0.0"})
  void storedQueryIdBefore20IsRefusedAtItself(String version) throws Exception {
    ContentResponse r =
        get(
            "/ows?service=WFS&request=GetFeature&version="
                + version
                + "&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById&ID=osm_places.1");
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("locator=\"STOREDQUERY_ID\""), body);
    assertTrue(body.contains("WFS 2.0.0"), body);
  }

  /**
   * WFS 1.1's NAMESPACE binds prefixes as 2.0's NAMESPACES does (GDAL and QGIS send it; QGIS also
   * in 2.0, beside NAMESPACES): a prefix bound to another namespace than the layer's is refused.
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "1.1.0 | typeName=osm:helsinki_pois&NAMESPACE=xmlns(osm=urn:evil) | 400",
        "1.1.0 | typeName=osm:helsinki_pois&NAMESPACE=xmlns(osm=http://wirebench.org/osm) | 200",
        "1.1.0 | typeName=x:helsinki_pois&NAMESPACE=xmlns(x=http://wirebench.org/osm) | 200",
        "1.1.0 | typeName=osm:helsinki_pois&NAMESPACE=garbage | 400",
        "2.0.0 | typeNames=osm:helsinki_pois&NAMESPACES=xmlns(osm,http://wirebench.org/osm)"
            + "&NAMESPACE=xmlns(osm,http://wirebench.org/osm) | 200",
        "2.0.0 | typeNames=osm:helsinki_pois&NAMESPACES=xmlns(osm,http://wirebench.org/osm)"
            + "&NAMESPACE=xmlns(osm,urn:evil) | 400",
      })
  void namespaceIsRead(String version, String query, int status) throws Exception {
    ContentResponse r =
        get(
            "/ows?service=WFS&request=GetFeature&count=1&maxFeatures=1&version="
                + version
                + "&"
                + query.replace("(", "%28").replace(")", "%29"));
    String body = r.getContentAsString();
    assertEquals(status, r.getStatus(), body);
    if (status == 400) {
      assertTrue(body.contains("NAMESPACE"), body);
    }
  }

  /** A box beyond EPSG:4326's range, and a number beyond a double's, are refused, not read. */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "2.0.0 | BBOX=-1000,-1000,1000,1000 | beyond ±90",
        "1.0.0 | BBOX=-200,0,-190,1 | longitude -200 is beyond ±180",
        "2.0.0 | BBOX=-180,-90,180,90 | latitude first",
        "1.1.0 | BBOX=-180,-90,180,90,urn:ogc:def:crs:EPSG::4326 | latitude first",
        "2.0.0 | BBOX=1e-400,0,1,1 | smaller than a double holds",
        "2.0.0 | BBOX=0,0,1e400,1 | exponent is out of range",
      })
  void outOfRangeBoxesAreRefused(String version, String add, String says) throws Exception {
    ContentResponse r = get(BASE + "&version=" + version + "&" + add);
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("\"InvalidParameterValue\""), body);
    assertTrue(body.contains("locator=\"BBOX\""), body);
    assertTrue(body.contains(says), body);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "<fes:Filter xmlns:fes='http://www.opengis.net/fes/2.0' xmlns:gml='http://www.opengis.net/gml/3.2'><fes:BBOX><gml:Envelope srsName='urn:ogc:def:crs:EPSG::4326'><gml:lowerCorner>-1000 -1000</gml:lowerCorner><gml:upperCorner>1000 1000</gml:upperCorner></gml:Envelope></fes:BBOX></fes:Filter> | outside EPSG:4326",
        "<fes:Filter xmlns:fes='http://www.opengis.net/fes/2.0'><fes:PropertyIsGreaterThan><fes:ValueReference>osm_id</fes:ValueReference><fes:Literal>1e99999999999</fes:Literal></fes:PropertyIsGreaterThan></fes:Filter> | exponent is out of range",
        "<fes:Filter xmlns:fes='http://www.opengis.net/fes/2.0'><fes:PropertyIsGreaterThan><fes:ValueReference>osm_id</fes:ValueReference><fes:Literal>1e-400</fes:Literal></fes:PropertyIsGreaterThan></fes:Filter> | read as 0",
      })
  void outOfRangeFilterValuesAreRefused(String filter, String says) throws Exception {
    ContentResponse r =
        get(
            BASE
                + "&version=2.0.0&FILTER="
                + URLEncoder.encode(filter, StandardCharsets.UTF_8).replace("+", "%20"));
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains(says), body);
  }

  private static ContentResponse get(String pathQuery) throws Exception {
    return client.GET(server.uri().resolve(pathQuery));
  }
}
