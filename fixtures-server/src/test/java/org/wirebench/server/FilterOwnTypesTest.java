package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An {@code xsi:type} naming a filter element's own declared type says what the element already is
 * and selects as without it (it was refused as changing the value); its QName is resolved as every
 * name in a FILTER is, through the FILTER's declarations, an unprefixed one in the default
 * namespace. Any other type is still refused, and so is a prefix only NAMESPACES binds: a FILTER's
 * names are its XML's.
 */
class FilterOwnTypesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String FES = "http://www.opengis.net/fes/2.0";
  private static final String OGC = "http://www.opengis.net/ogc";
  private static final String XSI = "xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'";

  private static HttpTester.Response get(String version, String filter, String more)
      throws Exception {
    return OwsStrictQueries.get(
        SERVER,
        "/ows",
        "service=WFS&request=GetFeature&version="
            + version
            + (version.equals("1.0.0") ? "&maxFeatures=100&typeName=" : "&typeNames=")
            + "helsinki_pois"
            + (version.equals("1.0.0") ? "" : "&resultType=hits")
            + more
            + "&FILTER="
            + OwsStrictQueries.encode(filter));
  }

  /**
   * A FES 2.0 type = cafe, with {@code literal} the Literal's attributes and {@code op} the op's.
   */
  private static String fes(String op, String literal) {
    return "<fes:Filter xmlns:fes='"
        + FES
        + "' "
        + XSI
        + "><fes:PropertyIsEqualTo "
        + op
        + "><fes:ValueReference>type</fes:ValueReference><fes:Literal "
        + literal
        + ">cafe</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>";
  }

  private static String ogc(String literal) {
    return "<ogc:Filter xmlns:ogc='"
        + OGC
        + "' "
        + XSI
        + "><ogc:PropertyIsEqualTo><ogc:PropertyName>type</ogc:PropertyName><ogc:Literal "
        + literal
        + ">cafe</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>";
  }

  @ParameterizedTest(name = "{0} | {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        " | xsi:type='fes:LiteralType'",
        " | xmlns:f='" + FES + "' xsi:type='f:LiteralType'",
        "xsi:type='fes:BinaryComparisonOpType' | ",
      })
  void aFes20ElementsOwnTypeSelectsAsWithout(String op, String literal) throws Exception {
    String plain = matched(get("2.0.0", fes("", ""), ""));
    assertNotEquals("0", plain);
    assertEquals(
        plain,
        matched(get("2.0.0", fes(op == null ? "" : op, literal == null ? "" : literal), "")));
  }

  /** GDAL writes its Filter in the default namespace: an unprefixed xsi:type is in it too. */
  @Test
  void anUnprefixedOwnTypeIsInTheDefaultNamespace() throws Exception {
    String filter =
        "<Filter xmlns='"
            + FES
            + "' "
            + XSI
            + " xsi:type='FilterType'><PropertyIsEqualTo xsi:type='BinaryComparisonOpType'>"
            + "<ValueReference xmlns:xs='http://www.w3.org/2001/XMLSchema' xsi:type='xs:string'>"
            + "type</ValueReference><Literal xsi:type='LiteralType'>cafe</Literal>"
            + "</PropertyIsEqualTo></Filter>";
    assertEquals(matched(get("2.0.0", fes("", ""), "")), matched(get("2.0.0", filter, "")));
  }

  @Test
  void filterEncoding1xAndTheBoxSelectAlike() throws Exception {
    String plain = matched(get("1.1.0", ogc(""), ""));
    assertEquals(plain, matched(get("1.1.0", ogc("xsi:type='ogc:LiteralType'"), "")));
    HttpTester.Response v10 = get("1.0.0", ogc("xsi:type='ogc:LiteralType'"), "");
    assertEquals(200, v10.getStatus(), v10.getContent());
    assertEquals(
        get("1.0.0", ogc(""), "").getContent().split("helsinki_pois").length,
        v10.getContent().split("helsinki_pois").length);
    String box =
        "<fes:Filter xmlns:fes='"
            + FES
            + "' xmlns:gml='http://www.opengis.net/gml/3.2' "
            + XSI
            + "><fes:BBOX><fes:ValueReference>geom</fes:ValueReference><gml:Envelope %s>"
            + "<gml:lowerCorner %s>60.1 24.9</gml:lowerCorner><gml:upperCorner>60.2 25"
            + "</gml:upperCorner></gml:Envelope></fes:BBOX></fes:Filter>";
    String bare = matched(get("2.0.0", String.format(box, "", ""), ""));
    assertNotEquals("0", bare);
    assertEquals(
        bare,
        matched(
            get(
                "2.0.0",
                String.format(
                    box, "xsi:type='gml:EnvelopeType'", "xsi:type='gml:DirectPositionType'"),
                "")));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // another type than the element's own, in its namespace or another
        "xsi:type='fes:BinaryComparisonOpType' | OperationProcessingFailed | fes/2.0}LiteralType",
        "xmlns:x='urn:x' xsi:type='x:LiteralType' | OperationProcessingFailed | {urn:x}LiteralType",
        // unprefixed without a default namespace: in none
        "xsi:type='LiteralType' | OperationProcessingFailed | xsi:type",
        // a prefix nothing in the FILTER binds; not a QName at all
        "xsi:type='f:LiteralType' | OperationParsingFailed | bound by no xmlns:f",
        "xsi:type='a:b:c' | OperationParsingFailed | no qualified name",
      })
  void anotherTypeIsStillRefused(String literal, String code, String says) throws Exception {
    HttpTester.Response r = get("2.0.0", fes("", literal), "");
    OwsStrictQueries.refused(r, code, "FILTER");
    assertTrue(r.getContent().contains(says), r.getContent());
  }

  /** NAMESPACES binds KVP names; a FILTER's names are bound by its own XML (XPath 1.0 §2.3). */
  @Test
  void aPrefixOnlyNamespacesBindsIsUnboundInTheFilter() throws Exception {
    String filter =
        "<fes:Filter xmlns:fes='"
            + FES
            + "'><fes:PropertyIsEqualTo><fes:ValueReference>osm:type</fes:ValueReference>"
            + "<fes:Literal>cafe</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>";
    HttpTester.Response r = get("2.0.0", filter, "&NAMESPACES=xmlns(osm,http://wirebench.org/osm)");
    OwsStrictQueries.refused(r, "InvalidParameterValue", "FILTER");
    assertTrue(r.getContent().contains("bound by no xmlns:osm in the FILTER"), r.getContent());
  }

  private static String matched(HttpTester.Response r) {
    assertEquals(200, r.getStatus(), r.getContent());
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("number(?:Matched|OfFeatures)=\"(\\d+)\"")
            .matcher(r.getContent());
    assertTrue(m.find(), r.getContent());
    return m.group(1);
  }
}
