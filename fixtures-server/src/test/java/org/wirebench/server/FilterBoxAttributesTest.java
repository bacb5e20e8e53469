package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The attributes of a filter's box: only the Envelope's srsName was read, so an srsDimension of 3,
 * an unknown attribute, axisLabels naming the axes in the other order (the box the client meant is
 * not the one served) and a corner's own srsName were answered 200; a gml:Box's gml:coordinates
 * took no cs, ts or decimal of its own, and a trailing separator was dropped unread. Each is now
 * refused naming the attribute and its value, or read as written.
 */
class FilterBoxAttributesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String FES = "xmlns:fes='http://www.opengis.net/fes/2.0'";
  private static final String OGC = "xmlns:ogc='http://www.opengis.net/ogc'";
  private static final String URN = "urn:ogc:def:crs:EPSG::4326";

  /** FES 2.0's BBOX with a GML 3.2 Envelope: %E the Envelope's attributes, %L the lowerCorner's. */
  private static final String ENVELOPE =
      "<fes:Filter "
          + FES
          + "><fes:BBOX><fes:ValueReference>geom</fes:ValueReference><gml:Envelope"
          + " xmlns:gml='http://www.opengis.net/gml/3.2' %E><gml:lowerCorner %L>60.1 24.9"
          + "</gml:lowerCorner><gml:upperCorner>60.2 25</gml:upperCorner></gml:Envelope>"
          + "</fes:BBOX></fes:Filter>";

  /** Filter Encoding 1.1's BBOX with a gml:Box: %B the Box's attributes, %C gml:coordinates'. */
  private static final String BOX =
      "<ogc:Filter "
          + OGC
          + "><ogc:BBOX><ogc:PropertyName>geom</ogc:PropertyName><gml:Box"
          + " xmlns:gml='http://www.opengis.net/gml' srsName='EPSG:4326' %B><gml:coordinates %C>"
          + "%T</gml:coordinates></gml:Box></ogc:BBOX></ogc:Filter>";

  private static HttpTester.Response get(String version, String filter) throws Exception {
    return OwsStrictQueries.get(
        SERVER,
        "/ows",
        "service=WFS&request=GetFeature&version="
            + version
            + (version.equals("2.0.0") ? "&typeNames=" : "&maxFeatures=1000&typeName=")
            + "helsinki_pois&resultType=hits&FILTER="
            + OwsStrictQueries.encode(filter));
  }

  private static String envelope(String envelope, String lower) {
    return ENVELOPE.replace("%E", envelope).replace("%L", lower);
  }

  private static String box(String box, String coordinates, String text) {
    return BOX.replace("%B", box).replace("%C", coordinates).replace("%T", text);
  }

  @ParameterizedTest(name = "{0} / {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "srsName='" + URN + "' srsDimension='3' | | srsDimension='3'",
        "srsName='" + URN + "' foo='bar' | | foo='bar'",
        "srsName='" + URN + "' axisLabels='Long Lat' uomLabels='deg deg' | | axisLabels='Long Lat'",
        "srsName='" + URN + "' axisLabels='Lat Long' | | axisLabels without uomLabels",
        "srsName='" + URN + "' axisLabels='Lat Long' uomLabels='m m' | | uomLabels='m m'",
        "srsName='" + URN + "' axisLabels='Lat Long Height' uomLabels='deg deg m' | | axisLabels",
        "srsDimension='2' | | srsDimension='2' but no srsName",
        "srsName='" + URN + "' | srsDimension='3' | srsDimension='3'",
        "srsName='" + URN + "' | srsName='EPSG:4326' | srsName='EPSG:4326'",
        "srsName='" + URN + "' | foo='bar' | foo='bar'",
        "srsName='" + URN + "' | axisLabels='Long Lat' uomLabels='deg deg' | axisLabels='Long Lat'",
      })
  void envelopeAttributesThatDoNotFitAre400(String envelope, String lower, String says)
      throws Exception {
    refused(
        get("2.0.0", envelope(envelope, lower == null ? "" : lower)),
        "InvalidParameterValue",
        says);
  }

  @ParameterizedTest(name = "{0} / {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "srsName='" + URN + "' srsDimension='2' | ",
        "srsName='" + URN + "' axisLabels='Lat Long' uomLabels='deg deg' | ",
        "srsName='" + URN + "' | srsDimension='2' axisLabels='Lat Lon' uomLabels='deg deg'",
        "srsName='" + URN + "' | srsName='http://www.opengis.net/def/crs/EPSG/0/4326'",
        "srsName='"
            + URN
            + "' xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'"
            + " xsi:schemaLocation='http://www.opengis.net/gml/3.2 gml.xsd' | ",
      })
  void envelopeAttributesThatFitSelectAsWithout(String envelope, String lower) throws Exception {
    HttpTester.Response with = get("2.0.0", envelope(envelope, lower == null ? "" : lower));
    assertEquals(200, with.getStatus(), with.getContent());
    assertEquals(matched(get("2.0.0", envelope("srsName='" + URN + "'", ""))), matched(with));
  }

  @ParameterizedTest(name = "{0} / {1} / {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "bar='x' | | 24.9,60.1 25,60.2 | bar='x'",
        " | cs=',' decimal=',' | 24.9,60.1 25,60.2 | must differ",
        " | cs=';;' | 24.9;60.1 25;60.2 | cs=';;'",
        " | foo='1' | 24.9,60.1 25,60.2 | foo='1'",
        " | | '24.9,60.1, 25,60.2' | not a 2-D position",
        " | | 24.9,60.1 25,60.2 26,60.3 | two coordinate tuples",
        " | decimal=',' cs=';' | 24.9;60.1 25;60.2 | decimal mark",
      })
  void boxAttributesThatDoNotFitAre400(String box, String coordinates, String text, String says)
      throws Exception {
    refused(
        get("1.1.0", box(box == null ? "" : box, coordinates == null ? "" : coordinates, text)),
        "InvalidParameterValue",
        says);
  }

  @ParameterizedTest(name = "{0} / {1} / {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        " | cs=';' | 24.9;60.1 25;60.2",
        " | cs=';' ts='/' decimal=',' | 24,9;60,1/25;60,2",
        " | ts=';' | 24.9,60.1;25,60.2",
        " | ts='&#10;' cs='&#32;' | '24.9 60.1\n25 60.2'",
        "gid='b1' | cs=',' ts=' ' decimal='.' | 24.9,60.1 25,60.2",
      })
  void boxAttributesAreHonoured(String box, String coordinates, String text) throws Exception {
    HttpTester.Response with =
        get("1.1.0", box(box == null ? "" : box, coordinates == null ? "" : coordinates, text));
    assertEquals(200, with.getStatus(), with.getContent());
    assertEquals(matched(get("1.1.0", box("", "", "24.9,60.1 25,60.2"))), matched(with));
  }

  /**
   * GML 3.2 has no gml:Box (it was GML 2's, deprecated in 3.1): one in its namespace is refused.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"http://www.opengis.net/gml/3.2"})
  void aGml32BoxIsRefused(String namespace) throws Exception {
    String filter =
        "<fes:Filter "
            + FES
            + "><fes:BBOX><fes:ValueReference>geom</fes:ValueReference><gml:Box xmlns:gml='"
            + namespace
            + "' srsName='EPSG:4326'><gml:coordinates>24.9,60.1 25,60.2</gml:coordinates>"
            + "</gml:Box></fes:BBOX></fes:Filter>";
    refused(get("2.0.0", filter), "OperationProcessingFailed", "GML 3.2 has none");
  }

  private static String matched(HttpTester.Response r) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("number(?:Matched|OfFeatures)=\"(\\d+)\"")
            .matcher(r.getContent());
    assertTrue(m.find(), r.getContent());
    assertTrue(Integer.parseInt(m.group(1)) > 0, r.getContent());
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
