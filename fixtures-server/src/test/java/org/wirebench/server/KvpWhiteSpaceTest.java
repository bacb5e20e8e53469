package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The white space the WFS takes round a KVP name or list item is the space and the tab (a FILTER,
 * which is XML, XML's four characters), not what Java's String.strip takes: the Unicode spaces
 * (U+2003 {@code %E2%80%83}, U+3000 {@code %E3%80%80}), the line separator U+2028 and the control
 * characters U+001C..U+001F ({@code %1C}). With strip, {@code typeNames=%1Chelsinki_pois}, {@code
 * SORTBY=%E2%80%83name}, a {@code ValueReference} of U+2003 and {@code name}, a FILTER after a
 * U+001C (no XML document) and the rest below were each answered 200 as the value they only look
 * like; each is now refused naming the parameter. Spaces, as {@code +} or {@code %20}, still pass.
 */
class KvpWhiteSpaceTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String GET_FEATURE = "service=WFS&request=GetFeature&version=2.0.0&count=2&";
  private static final String POIS = GET_FEATURE + "typeNames=helsinki_pois&";

  private static String filter(String valueReference) {
    return "FILTER="
        + OwsStrictQueries.encode(
            "<fes:Filter xmlns:fes=\"http://www.opengis.net/fes/2.0\"><fes:PropertyIsLike"
                + " wildCard=\"*\" singleChar=\".\" escapeChar=\"!\"><fes:ValueReference>"
                + valueReference
                + "</fes:ValueReference><fes:Literal>*</fes:Literal></fes:PropertyIsLike>"
                + "</fes:Filter>");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        GET_FEATURE + "typeNames=%E3%80%80helsinki_pois | InvalidParameterValue | typeNames",
        GET_FEATURE + "typeNames=helsinki_pois%1C | InvalidParameterValue | typeNames",
        GET_FEATURE + "typeNames=(helsinki_pois%E2%80%83) | InvalidParameterValue | typeNames",
        "service=WFS&request=DescribeFeatureType&version=2.0.0&typeNames=helsinki_pois%E2%80%A8"
            + " | InvalidParameterValue | typeNames",
        POIS + "SORTBY=%E2%80%83name | InvalidParameterValue | SORTBY",
        POIS + "PROPERTYNAME=name%E2%80%A8 | InvalidParameterValue | PROPERTYNAME",
        POIS
            + "BBOX=60,24,61,25,%E2%80%83urn:ogc:def:crs:EPSG::4326 | InvalidParameterValue | BBOX",
        GET_FEATURE
            + "typeNames=osm:helsinki_pois&NAMESPACES=xmlns(osm%E3%80%80,http://wirebench.org/osm)"
            + " | InvalidParameterValue | NAMESPACES",
        GET_FEATURE
            + "typeNames=osm:helsinki_pois&NAMESPACES=%0Bxmlns(osm,http://wirebench.org/osm)"
            + " | InvalidParameterValue | NAMESPACES",
        "service=WFS&request=DescribeStoredQueries&version=2.0.0"
            + "&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById%E3%80%80"
            + " | InvalidParameterValue | STOREDQUERY_ID",
      })
  void unicodeSpaceRoundAKvpItemIsRefused(String query, String code, String locator)
      throws Exception {
    OwsStrictQueries.refused(OwsStrictQueries.get(SERVER, "/ows", query), code, locator);
  }

  @Test
  void aValueReferenceWithUnicodeSpaceNamesNoProperty() throws Exception {
    HttpTester.Response r = OwsStrictQueries.get(SERVER, "/ows", POIS + filter("\u2003name"));
    OwsStrictQueries.refused(r, "InvalidParameterValue", "FILTER");
  }

  @Test
  void aFilterAfterAControlCharacterIsNoXml() throws Exception {
    HttpTester.Response r =
        OwsStrictQueries.get(
            SERVER, "/ows", POIS + filter("name").replace("FILTER=", "FILTER=%1C"));
    OwsStrictQueries.refused(r, "OperationParsingFailed", "FILTER");
  }

  /** Two queries' filters parted by a vertical tab, which is no XML white space. */
  @Test
  void filtersPartedByAControlCharacterAreNotTwoFilters() throws Exception {
    String one = filter("name").substring("FILTER=".length());
    HttpTester.Response r =
        OwsStrictQueries.get(
            SERVER,
            "/ows",
            GET_FEATURE
                + "typeNames=(helsinki_pois)(osm_places)&FILTER=%28"
                + one
                + "%29%0B%28"
                + one
                + "%29");
    OwsStrictQueries.refused(r, "OperationParsingFailed", "FILTER");
  }

  /** An id with U+2003 after it names no feature: not the feature whose id it looks like. */
  @Test
  void aResourceIdWithUnicodeSpaceNamesNoFeature() throws Exception {
    HttpTester.Response r =
        OwsStrictQueries.get(
            SERVER, "/ows", GET_FEATURE + "RESOURCEID=helsinki_pois.25389429%E2%80%83");
    assertEquals(200, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("numberReturned=\"0\""), r.getContent());
    assertFalse(r.getContent().contains("gml:id=\"helsinki_pois.25389429\""), r.getContent());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        GET_FEATURE + "typeNames=%20helsinki_pois+",
        GET_FEATURE + "typeNames=(%20helsinki_pois%09)",
        POIS + "SORTBY=name%20DESC,+osm_id",
        POIS + "PROPERTYNAME=name,%20osm_id",
        POIS + "BBOX=60,24,61,25,%20urn:ogc:def:crs:EPSG::4326",
        GET_FEATURE + "RESOURCEID=helsinki_pois.25389429,%20helsinki_pois.25473433",
      })
  void spacesRoundAKvpItemPass(String query) throws Exception {
    HttpTester.Response r = OwsStrictQueries.get(SERVER, "/ows", query);
    assertEquals(200, r.getStatus(), r.getContent());
  }

  @Test
  void xmlWhiteSpaceRoundAFilterPasses() throws Exception {
    HttpTester.Response r =
        OwsStrictQueries.get(
            SERVER, "/ows", POIS + filter(" name\n").replace("FILTER=", "FILTER=%0A%20") + "%0A");
    assertEquals(200, r.getStatus(), r.getContent());
  }
}
