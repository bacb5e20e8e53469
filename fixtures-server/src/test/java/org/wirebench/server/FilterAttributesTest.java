package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every attribute of every filter element is checked, and every element must be in its Filter's own
 * version: an unknown attribute, a matchAction that is none, a PropertyIsLike whose wildCard is its
 * singleChar, Filter Encoding 1.0's escape beside 1.1's escapeChar, ResourceId's versioning
 * attributes, ogc:ValueReference (FES 2.0's word) and a fes: operator inside an ogc:Filter were all
 * answered 200, the attribute or element read past. The accepted forms still select.
 */
class FilterAttributesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String FES = "xmlns:fes='http://www.opengis.net/fes/2.0'";
  private static final String OGC = "xmlns:ogc='http://www.opengis.net/ogc'";

  private static HttpTester.Response get(String version, String filter) throws Exception {
    return OwsStrictQueries.get(
        SERVER,
        "/ows",
        "service=WFS&request=GetFeature&version="
            + version
            + (version.equals("2.0.0") ? "&typeNames=" : "&maxFeatures=100&typeName=")
            + "helsinki_pois&resultType=hits&FILTER="
            + OwsStrictQueries.encode(filter));
  }

  private static String fesEq(String attributes) {
    return "<fes:Filter "
        + FES
        + "><fes:PropertyIsEqualTo "
        + attributes
        + "><fes:ValueReference>type</fes:ValueReference><fes:Literal>cafe</fes:Literal>"
        + "</fes:PropertyIsEqualTo></fes:Filter>";
  }

  private static String ogcLike(String attributes) {
    return "<ogc:Filter "
        + OGC
        + "><ogc:PropertyIsLike "
        + attributes
        + "><ogc:PropertyName>type</ogc:PropertyName><ogc:Literal>caf*</ogc:Literal>"
        + "</ogc:PropertyIsLike></ogc:Filter>";
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "2.0.0 | matchAction='Bogus' | InvalidParameterValue | matchAction",
        "2.0.0 | foo='bar' | OperationParsingFailed | foo",
        "2.0.0 | matchCase='maybe' | InvalidParameterValue | matchCase",
      })
  void comparisonAttributes(String version, String attributes, String code, String says)
      throws Exception {
    refused(get(version, fesEq(attributes)), code, says);
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "1.1.0 | wildCard='*' singleChar='*' escapeChar='!' | InvalidParameterValue | different",
        "1.1.0 | wildCard='*' singleChar='.' escape='!' escapeChar='\\'"
            + " | InvalidParameterValue | escape",
        "1.0.0 | wildCard='*' singleChar='.' escape='!' escapeChar='!'"
            + " | InvalidParameterValue | escape",
        "1.1.0 | wildCard='*' singleChar='.' escapeChar='!' matchAction='Any'"
            + " | OperationParsingFailed | matchAction",
      })
  void likeAttributes(String version, String attributes, String code, String says)
      throws Exception {
    refused(get(version, ogcLike(attributes)), code, says);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // FES 2.0's ValueReference in a Filter Encoding 1.x Filter
        "1.1.0 | <ogc:Filter "
            + OGC
            + "><ogc:PropertyIsEqualTo><ogc:ValueReference>type</ogc:ValueReference>"
            + "<ogc:Literal>cafe</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>"
            + " | OperationParsingFailed | ValueReference",
        "2.0.0 | <ogc:Filter "
            + OGC
            + " "
            + FES
            + "><fes:PropertyIsEqualTo><fes:ValueReference>type</fes:ValueReference>"
            + "<fes:Literal>cafe</fes:Literal></fes:PropertyIsEqualTo></ogc:Filter>"
            + " | OperationParsingFailed | PropertyIsEqualTo",
        "2.0.0 | <fes:Filter "
            + FES
            + "><fes:PropertyIsEqualTo><fes:PropertyName>type</fes:PropertyName>"
            + "<fes:Literal>cafe</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>"
            + " | OperationParsingFailed | PropertyName",
        "2.0.0 | <fes:Filter "
            + FES
            + "><fes:ResourceId rid='helsinki_pois.60068035' startDate='2020-01-01T00:00:00Z'/>"
            + "</fes:Filter> | OperationProcessingFailed | startDate",
        "2.0.0 | <fes:Filter "
            + FES
            + " foo='bar'><fes:ResourceId rid='helsinki_pois.60068035'/></fes:Filter>"
            + " | OperationParsingFailed | foo",
      })
  void elementsAndIds(String version, String filter, String code, String says) throws Exception {
    refused(get(version, filter), code, says);
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "2.0.0 | " + "matchAction='Any' matchCase='true'",
        // a schema location says nothing about the features (xsi:type is refused: FilterTextTest)
        "2.0.0 | "
            + "xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'"
            + " xsi:schemaLocation='http://www.opengis.net/fes/2.0 filterAll.xsd'",
      })
  void knownAttributesStillSelect(String version, String attributes) throws Exception {
    HttpTester.Response plain = get(version, fesEq(""));
    HttpTester.Response with = get(version, fesEq(attributes));
    assertEquals(200, with.getStatus(), with.getContent());
    assertEquals(matched(plain), matched(with));
    HttpTester.Response like = get("1.1.0", ogcLike("wildCard='*' singleChar='.' escape='!'"));
    assertEquals(200, like.getStatus(), like.getContent());
  }

  /**
   * XML Schema's decimals take a leading "+" (xs:decimal, xs:double): a Literal and a GML corner
   * written so select what the unsigned ones do (they were refused as not numbers).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "<fes:PropertyIsGreaterThan><fes:ValueReference>osm_id</fes:ValueReference>"
            + "<fes:Literal>%s1000</fes:Literal></fes:PropertyIsGreaterThan>",
        "<fes:BBOX><fes:ValueReference>geom</fes:ValueReference><gml:Envelope"
            + " xmlns:gml=\"http://www.opengis.net/gml/3.2\""
            + " srsName=\"urn:ogc:def:crs:EPSG::4326\"><gml:lowerCorner>%s60.1 %s24.9"
            + "</gml:lowerCorner><gml:upperCorner>60.2 25</gml:upperCorner></gml:Envelope>"
            + "</fes:BBOX>",
      })
  void aLeadingPlusIsTheNumberXmlSchemaReadsIt(String operator) throws Exception {
    HttpTester.Response plus = get("2.0.0", fes(operator.replace("%s", "+")));
    assertEquals(200, plus.getStatus(), plus.getContent());
    assertEquals(matched(get("2.0.0", fes(operator.replace("%s", "")))), matched(plus));
  }

  private static String fes(String operator) {
    return "<fes:Filter " + FES + ">" + operator + "</fes:Filter>";
  }

  private static String matched(HttpTester.Response r) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("numberMatched=\"(\\d+)\"").matcher(r.getContent());
    assertTrue(m.find(), r.getContent());
    return m.group(1);
  }

  private static void refused(HttpTester.Response r, String code, String says) {
    String body = r.getContent();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("\"" + code + "\""), body);
    assertTrue(body.contains("locator=\"FILTER\""), body);
    assertTrue(body.contains(says), body);
  }
}
