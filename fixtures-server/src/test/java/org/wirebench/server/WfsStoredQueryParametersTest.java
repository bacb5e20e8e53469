package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every GetFeature parameter beside GetFeatureById is either honoured or refused: resultType=hits,
 * count=0 and startIndex=3 were read by nobody and the feature was sent (an ad-hoc query refuses
 * count=0); FILTER_LANGUAGE, srsName, resolve and featureVersion were not checked; and ID without
 * the stored query was dropped, answering every feature.
 */
class WfsStoredQueryParametersTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String BY_ID =
      "service=WFS&version=2.0.0&request=GetFeature"
          + "&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById&ID=helsinki_pois.60068035";

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "resultType=hits | OptionNotSupported | resultType",
        "resultType=Hits | InvalidParameterValue | resultType",
        "count=0 | InvalidParameterValue | count",
        "count=abc | InvalidParameterValue | count",
        "maxFeatures=0 | InvalidParameterValue | maxFeatures",
        "startIndex=3 | OptionNotSupported | startIndex",
        "startIndex=-1 | InvalidParameterValue | startIndex",
        "FILTER_LANGUAGE=urn:ogc:def:filterLanguage:OGC-FES:Filter | OperationParsingFailed"
            + " | FILTER_LANGUAGE",
        "srsName=EPSG:3857 | InvalidParameterValue | srsName",
        "resolve=bogus | InvalidParameterValue | resolve",
        "featureVersion=abc | InvalidParameterValue | featureVersion",
      })
  void aParameterTheStoredQueryCannotHonourIsRefused(String extra, String code, String locator)
      throws Exception {
    OwsStrictQueries.refused(
        OwsStrictQueries.get(SERVER, "/ows", BY_ID + "&" + extra), code, locator);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "",
        "&resultType=results&count=1&startIndex=0",
        "&count=10&srsName=urn:ogc:def:crs:EPSG::4326&resolve=none"
      })
  void whatTheFeatureAloneHonoursIsServed(String extra) throws Exception {
    HttpTester.Response r = OwsStrictQueries.get(SERVER, "/ows", BY_ID + extra);
    assertEquals(200, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("helsinki_pois.60068035"), r.getContent());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"2.0.0&typeNames=helsinki_pois", "1.1.0&typeName=helsinki_pois"})
  void idWithoutTheStoredQueryIsRefused(String query) throws Exception {
    OwsStrictQueries.refused(
        OwsStrictQueries.get(
            SERVER,
            "/ows",
            "service=WFS&request=GetFeature&ID=helsinki_pois.60068035&version=" + query),
        "OperationParsingFailed",
        "ID");
  }

  /**
   * An id is its canonical spelling: a non-ASCII digit (Arabic-Indic, full-width, Devanagari) is
   * another id, which no feature has. The generated layers read an id's number with
   * Integer.parseInt, which takes any Unicode digit, and answered osm_places.7 to ID=osm_places.٧.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "osm_places.%D9%A7", // U+0667 ARABIC-INDIC DIGIT SEVEN
        "osm_places.%EF%BC%97", // U+FF17 FULLWIDTH DIGIT SEVEN
        "osm_mainroads.1%E0%A5%AD" // U+096D DEVANAGARI DIGIT SEVEN after a 1
      })
  void anIdSpelledWithOtherDigitsNamesNoFeature(String id) throws Exception {
    HttpTester.Response r =
        OwsStrictQueries.get(
            SERVER,
            "/ows",
            "service=WFS&version=2.0.0&request=GetFeature"
                + "&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById&ID="
                + id);
    assertEquals(404, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("\"NotFound\""), r.getContent());
  }
}
