package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A FILTER is read as the characters its parameter holds and its names as its XML binds them: an
 * XML declaration naming another encoding than UTF-8 was believed (ISO-8859-1 made "*ä*" match
 * nothing), a prefix spelled as the layer's but bound elsewhere named the layer's property, an
 * unbound xsi:type and a GML 3.1 box in a FES 2.0 filter were read past, and a reader limit was
 * reported as malformed XML.
 */
class FilterTextTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String FES_NS = "http://www.opengis.net/fes/2.0";
  private static final String OSM_NS = "http://wirebench.org/osm";

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

  private static String like(String pattern) {
    return "<fes:Filter xmlns:fes='"
        + FES_NS
        + "'><fes:PropertyIsLike wildCard='*' singleChar='.' escapeChar='!'>"
        + "<fes:ValueReference>name</fes:ValueReference><fes:Literal>"
        + pattern
        + "</fes:Literal></fes:PropertyIsLike></fes:Filter>";
  }

  /** A FES 2.0 equality on {@code ref} = cafe, {@code xmlns} declared on the Filter. */
  private static String eq(String xmlns, String ref) {
    return "<fes:Filter xmlns:fes='"
        + FES_NS
        + "' "
        + xmlns
        + "><fes:PropertyIsEqualTo><fes:ValueReference>"
        + ref
        + "</fes:ValueReference><fes:Literal>cafe</fes:Literal></fes:PropertyIsEqualTo>"
        + "</fes:Filter>";
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "<?xml version='1.0' encoding='UTF-8'?>",
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
        "<?xml version='1.0'?>",
        // U+FEFF, a byte order mark's character, before the Filter: XML 1.0 §4.3.3 takes it
        "\uFEFF",
      })
  void aDeclarationOfUtf8OrOfNoEncodingReadsTheText(String declaration) throws Exception {
    String plain = matched(get("2.0.0", like("*ä*")));
    assertNotEquals("0", plain);
    assertEquals(plain, matched(get("2.0.0", declaration + like("*ä*"))));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"ISO-8859-1", "windows-1252", "UTF-16", "US-ASCII", "UTF-16LE"})
  void aDeclarationOfAnotherEncodingIsRefusedByName(String encoding) throws Exception {
    String declaration = "<?xml version=\"1.0\" encoding=\"" + encoding + "\"?>";
    refused(get("2.0.0", declaration + like("*ä*")), "OperationParsingFailed", encoding);
    // one parser reads every version's filter: Filter Encoding 1.1's the same
    refused(
        get(
            "1.1.0",
            declaration
                + "<ogc:Filter xmlns:ogc='http://www.opengis.net/ogc'><ogc:PropertyIsEqualTo>"
                + "<ogc:PropertyName>type</ogc:PropertyName><ogc:Literal>café</ogc:Literal>"
                + "</ogc:PropertyIsEqualTo></ogc:Filter>"),
        "OperationParsingFailed",
        encoding);
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // spelled as the layer's prefix, bound elsewhere
        "xmlns:osm='urn:not-the-layers' | osm:type | urn:not-the-layers",
        // bound nowhere
        " | osm:type | bound by no xmlns:osm",
        "xmlns:x='urn:x' | x:type | urn:x",
        // the default namespace does not apply to a prefixed name's prefix, nor makes one up
        "xmlns='" + OSM_NS + "' | :type | is not a property",
      })
  void aPrefixIsResolvedThroughTheFiltersBindings(String xmlns, String ref, String says)
      throws Exception {
    refused(get("2.0.0", eq(xmlns == null ? "" : xmlns, ref)), "InvalidParameterValue", says);
  }

  @Test
  void aPrefixOnTheGeometryAndInFilterEncoding11IsResolvedAlike() throws Exception {
    String bbox =
        "<fes:Filter xmlns:fes='"
            + FES_NS
            + "' xmlns:osm='urn:not-the-layers'><fes:BBOX><fes:ValueReference>osm:geom"
            + "</fes:ValueReference><gml:Envelope xmlns:gml='http://www.opengis.net/gml/3.2'>"
            + "<gml:lowerCorner>60.1 24.9</gml:lowerCorner><gml:upperCorner>60.2 25"
            + "</gml:upperCorner></gml:Envelope></fes:BBOX></fes:Filter>";
    refused(get("2.0.0", bbox), "InvalidParameterValue", "urn:not-the-layers");
    String ogc =
        "<ogc:Filter xmlns:ogc='http://www.opengis.net/ogc'><ogc:PropertyIsEqualTo>"
            + "<ogc:PropertyName xmlns:osm='urn:not-the-layers'>osm:type</ogc:PropertyName>"
            + "<ogc:Literal>cafe</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>";
    refused(get("1.1.0", ogc), "InvalidParameterValue", "urn:not-the-layers");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "xmlns:osm='" + OSM_NS + "' | osm:type",
        "xmlns:o='" + OSM_NS + "' | o:type",
        // a default namespace, even another, leaves a bare name the layer's (XPath 1.0 §2.3)
        "xmlns='urn:not-the-layers' | type",
        " | type",
      })
  void aPrefixBoundToTheLayersNamespaceOrNoneSelectsAsTheBareName(String xmlns, String ref)
      throws Exception {
    String bare = matched(get("2.0.0", eq("", "type")));
    assertNotEquals("0", bare);
    assertEquals(bare, matched(get("2.0.0", eq(xmlns == null ? "" : xmlns, ref))));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {"osm:type/text()", "@type", "//type", "*", "osm:*", "type[1]", "./type", "osm:"})
  void pathsAreNoProperties(String ref) throws Exception {
    refused(
        get("2.0.0", eq("xmlns:osm='" + OSM_NS + "'", ref)),
        "InvalidParameterValue",
        "is not a property");
  }

  @Test
  void aBoxInTheOtherFilterVersionsGmlIsRefused() throws Exception {
    String envelope =
        "<gml:Envelope xmlns:gml='%s' srsName='EPSG:4326'><gml:lowerCorner>24.9 60.1"
            + "</gml:lowerCorner><gml:upperCorner>25 60.2</gml:upperCorner></gml:Envelope>";
    String fes =
        "<fes:Filter xmlns:fes='"
            + FES_NS
            + "'><fes:BBOX><fes:ValueReference>geom</fes:ValueReference>"
            + envelope
            + "</fes:BBOX></fes:Filter>";
    String ogc =
        "<ogc:Filter xmlns:ogc='http://www.opengis.net/ogc'><ogc:BBOX><ogc:PropertyName>geom"
            + "</ogc:PropertyName>"
            + envelope
            + "</ogc:BBOX></ogc:Filter>";
    String gml31 = "http://www.opengis.net/gml";
    String gml32 = "http://www.opengis.net/gml/3.2";
    refused(get("2.0.0", String.format(fes, gml31)), "OperationParsingFailed", "GML 3.2");
    refused(get("1.1.0", String.format(ogc, gml32)), "OperationParsingFailed", "GML 2");
    assertNotEquals("0", matched(get("2.0.0", String.format(fes, gml32))));
    assertNotEquals("0", matched(get("1.1.0", String.format(ogc, gml31))));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "xsi:type='xs:int' | OperationParsingFailed | prefix 'xs'",
        "xmlns:xs='http://www.w3.org/2001/XMLSchema' xsi:type='xs:int'"
            + " | OperationProcessingFailed | xsi:type",
        "xsi:type='int' | OperationProcessingFailed | xsi:type",
        "xsi:nil='true' | OperationProcessingFailed | xsi:nil",
        "xsi:foo='1' | OperationParsingFailed | xsi:foo",
      })
  void xsiAttributesThatChangeAValueAreRefused(String attributes, String code, String says)
      throws Exception {
    String filter =
        "<fes:Filter xmlns:fes='"
            + FES_NS
            + "' xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'><fes:PropertyIsGreaterThan>"
            + "<fes:ValueReference>osm_id</fes:ValueReference><fes:Literal "
            + attributes
            + ">1000</fes:Literal></fes:PropertyIsGreaterThan></fes:Filter>";
    refused(get("2.0.0", filter), code, says);
  }

  @Test
  void aSchemaLocationStillSelects() throws Exception {
    String xsi =
        "xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'"
            + " xsi:schemaLocation='http://www.opengis.net/fes/2.0"
            + " http://schemas.opengis.net/filter/2.0/filterAll.xsd'";
    assertEquals(matched(get("2.0.0", eq("", "type"))), matched(get("2.0.0", eq(xsi, "type"))));
  }

  @Test
  void aReaderLimitIsReportedAsALimitNotAsMalformedXml() throws Exception {
    StringBuilder attributes = new StringBuilder();
    for (int i = 0; i < 5000; i++) {
      attributes.append(" a").append(i).append("='x'");
    }
    HttpTester.Response r = get("2.0.0", eq(attributes.toString(), "type"));
    refused(r, "OperationParsingFailed", "exceeds a limit");
    assertFalse(r.getContent().contains("not well-formed"), r.getContent());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"&#0;", "&#xFFFE;", "&#55296;"})
  void aCharacterXmlForbidsIsRefusedAsMalformed(String reference) throws Exception {
    refused(get("2.0.0", like(reference)), "OperationParsingFailed", "not well-formed");
  }

  /** A FES 2.0 PropertyIsEqualTo of {@code ref} and {@code literal}, both as written. */
  private static String equal(String ref, String literal) {
    return "<fes:Filter xmlns:fes='"
        + FES_NS
        + "'><fes:PropertyIsEqualTo><fes:ValueReference>"
        + ref
        + "</fes:ValueReference><fes:Literal>"
        + literal
        + "</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>";
  }

  /**
   * A reference to a character XML 1.0 forbids is refused wherever it stands, in either filter
   * version: Woodstox reads a text only when asked for it, and a control character's reference
   * ({@code &#1;}) failed there unchecked, a 500 naming WstxLazyException.
   */
  @ParameterizedTest(name = "{0} {1} {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "2.0.0 | name | a&#x1;b",
        "2.0.0 | name | &#31;",
        "2.0.0 | na&#0;me | cafe",
        "2.0.0 | na&#x8;me | cafe",
        "1.1.0 | name | &#x1B;",
      })
  void aControlCharacterReferenceIsRefusedAsMalformed(String version, String ref, String literal)
      throws Exception {
    String filter = equal(ref, literal);
    if (!version.equals("2.0.0")) {
      filter =
          filter
              .replace(FES_NS, "http://www.opengis.net/ogc")
              .replace("fes:", "ogc:")
              .replace("ValueReference", "PropertyName");
    }
    refused(get(version, filter), "OperationParsingFailed", "not well-formed");
  }

  /**
   * A FILTER is XML 1.0, as FES and its schemas are: an XML 1.1 declaration is refused, where it
   * was read as XML 1.1, whose references to control characters ({@code &#1;}) reached a Literal
   * that XML 1.0 refuses and a KVP value may not hold.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"cafe", "a&#x1;b"})
  void anXml11FilterIsRefused(String literal) throws Exception {
    refused(
        get("2.0.0", "<?xml version='1.1'?>" + equal("type", literal)),
        "OperationParsingFailed",
        "XML 1.1");
  }

  @Test
  void anXml10DeclarationIsServed() throws Exception {
    assertEquals(
        matched(get("2.0.0", equal("type", "cafe"))),
        matched(get("2.0.0", "<?xml version='1.0'?>" + equal("type", "cafe"))));
  }

  /** numberMatched (2.0) or numberOfFeatures (1.1) of a hits answer. */
  private static String matched(HttpTester.Response r) {
    assertEquals(200, r.getStatus(), r.getContent());
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("number(?:Matched|OfFeatures)=\"(\\d+)\"")
            .matcher(r.getContent());
    assertTrue(m.find(), r.getContent());
    return m.group(1);
  }

  private static void refused(HttpTester.Response r, String code, String says) {
    OwsStrictQueries.refused(r, code, "FILTER");
    assertTrue(r.getContent().contains(says), r.getContent());
  }
}
