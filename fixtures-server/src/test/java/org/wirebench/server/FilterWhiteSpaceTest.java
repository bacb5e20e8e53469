package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A FES filter's values of the simple types XML Schema collapses (matchCase's xs:boolean, srsName's
 * xs:anyURI, srsDimension's xs:positiveInteger, a Literal read as a number or a boolean) are read
 * with XML's white space round them, as the schema reads them: each spaced filter selects what its
 * plain spelling does (matchCase=" false " and srsName=" urn:... " were refused with 400). White
 * space that is not XML's (U+2003, which Java's strip took) and a boolean in another case ({@code
 * TRUE}, no xs:boolean) are refused; a string Literal keeps its spaces (FilterTextTest).
 */
class FilterWhiteSpaceTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String HITS =
      "service=WFS&request=GetFeature&version=2.0.0&typeNames=helsinki_pois&resultType=hits";

  private static final String FES =
      "<fes:Filter xmlns:fes=\"http://www.opengis.net/fes/2.0\""
          + " xmlns:gml=\"http://www.opengis.net/gml/3.2\">%s</fes:Filter>";

  private static final String LIKE =
      "<fes:PropertyIsLike wildCard=\"*\" singleChar=\".\" escapeChar=\"!\" matchCase=\"%s\">"
          + "<fes:ValueReference>name</fes:ValueReference><fes:Literal>k*</fes:Literal>"
          + "</fes:PropertyIsLike>";

  private static final String BOX =
      "<fes:BBOX><gml:Envelope srsName=\"%s\"><gml:lowerCorner%s>60.15 24.9</gml:lowerCorner>"
          + "<gml:upperCorner>60.2 25.0</gml:upperCorner></gml:Envelope></fes:BBOX>";

  private static final String ID =
      "<fes:PropertyIsGreaterThan><fes:ValueReference>osm_id</fes:ValueReference>"
          + "<fes:Literal>%s</fes:Literal></fes:PropertyIsGreaterThan>";

  private static final String URN = "urn:ogc:def:crs:EPSG::4326";

  static Stream<Arguments> spaced() {
    return Stream.of(
        Arguments.of("matchCase", LIKE.formatted("false"), LIKE.formatted("\t false\n")),
        Arguments.of("matchCase 0", LIKE.formatted("0"), LIKE.formatted("\r\n0 ")),
        Arguments.of(
            "Envelope srsName", BOX.formatted(URN, ""), BOX.formatted(" \t" + URN + " \n", "")),
        Arguments.of(
            "corner srsName and srsDimension",
            BOX.formatted(URN, ""),
            BOX.formatted(URN, " srsName=\"\n" + URN + "\t\" srsDimension=\" 2 \"")),
        Arguments.of("numeric Literal", ID.formatted("1000000"), ID.formatted("\n 1000000\t")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("spaced")
  void spacedAsTheSchemaCollapsesSelectsAsPlain(String label, String plain, String spaced)
      throws Exception {
    int expected = hits(plain, label);
    assertTrue(expected > 0, label + " selects something");
    assertEquals(expected, hits(spaced, label), label);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "helsinki_pois | osm_id | 1000000\u2003 | is not a number",
        "helsinki_pois | osm_id | \u20031000000 | is not a number",
        "osm_mainroads | bridge | TRUE | is not a boolean",
        "osm_mainroads | bridge | True | is not a boolean",
      })
  void whatTheSchemaDoesNotTakeIsRefused(String layer, String property, String literal, String why)
      throws Exception {
    String filter =
        FES.formatted(
            "<fes:PropertyIsEqualTo><fes:ValueReference>"
                + property
                + "</fes:ValueReference><fes:Literal>"
                + literal
                + "</fes:Literal></fes:PropertyIsEqualTo>");
    HttpTester.Response r =
        OwsStrictQueries.get(
            SERVER,
            "/ows",
            "service=WFS&request=GetFeature&version=2.0.0&count=1&typeNames="
                + layer
                + "&FILTER="
                + OwsStrictQueries.encode(filter));
    assertEquals(400, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("InvalidParameterValue"), r.getContent());
    assertTrue(r.getContent().contains(why), r.getContent());
  }

  private static int hits(String operator, String label) throws Exception {
    HttpTester.Response r =
        OwsStrictQueries.get(
            SERVER, "/ows", HITS + "&FILTER=" + OwsStrictQueries.encode(FES.formatted(operator)));
    assertEquals(200, r.getStatus(), label + ": " + r.getContent());
    Matcher m = Pattern.compile("numberMatched=\"(\\d+)\"").matcher(r.getContent());
    assertTrue(m.find(), r.getContent());
    return Integer.parseInt(m.group(1));
  }
}
