package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wirebench.server.LiveServerTest;

/**
 * A FILTER the server will not evaluate is refused with the OGC code that says why and a message
 * naming the operator, property or value — never a 200 with other features, never a 500; hostile
 * XML (entities, DOCTYPEs, depth, size) and expressions posing as property names are refused
 * without being resolved or evaluated.
 */
class FilterRefusalTest extends LiveServerTest {
  private static final String FES =
      "<fes:Filter xmlns:fes=\"http://www.opengis.net/fes/2.0\""
          + " xmlns:gml=\"http://www.opengis.net/gml/3.2\">%s</fes:Filter>";

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // operator inside fes:Filter | code | text the message holds
        "<fes:Disjoint><gml:Envelope><gml:lowerCorner>0 0</gml:lowerCorner><gml:upperCorner>1 1</gml:upperCorner></gml:Envelope></fes:Disjoint>"
            + " | OperationProcessingFailed | Disjoint",
        "<fes:PropertyIsNil><fes:ValueReference>name</fes:ValueReference></fes:PropertyIsNil>"
            + " | OperationProcessingFailed | PropertyIsNil",
        "<fes:PropertyIsEqualTo><fes:Function name=\"strToLowerCase\"><fes:ValueReference>name</fes:ValueReference></fes:Function><fes:Literal>x</fes:Literal></fes:PropertyIsEqualTo>"
            + " | OperationProcessingFailed | Function",
        "<fes:PropertyIsEqualTo><fes:ValueReference>name</fes:ValueReference><fes:ValueReference>type</fes:ValueReference></fes:PropertyIsEqualTo>"
            + " | OperationProcessingFailed | two properties",
        "<fes:Intersects><fes:ValueReference>geom</fes:ValueReference><gml:Point><gml:pos>1 2</gml:pos></gml:Point></fes:Intersects>"
            + " | OperationProcessingFailed | Point",
        "<fes:PropertyIsEqualTo><fes:ValueReference>nosuch</fes:ValueReference><fes:Literal>x</fes:Literal></fes:PropertyIsEqualTo>"
            + " | InvalidParameterValue | 'nosuch' is not a property of osm:osm_places",
        // CVE-2024-36401's shape: a property path that is an expression; looked up, never run
        "<fes:PropertyIsEqualTo><fes:ValueReference>exec(java.lang.Runtime.getRuntime(),'touch /tmp/wirebench-pwned')</fes:ValueReference><fes:Literal>x</fes:Literal></fes:PropertyIsEqualTo>"
            + " | InvalidParameterValue | is not a property",
        "<fes:PropertyIsEqualTo><fes:ValueReference>osm:name/../type</fes:ValueReference><fes:Literal>x</fes:Literal></fes:PropertyIsEqualTo>"
            + " | InvalidParameterValue | is not a property",
        "<fes:PropertyIsLessThan><fes:ValueReference>osm_id</fes:ValueReference><fes:Literal>abc</fes:Literal></fes:PropertyIsLessThan>"
            + " | InvalidParameterValue | 'abc' is not a number",
        "<fes:PropertyIsEqualTo><fes:ValueReference>geom</fes:ValueReference><fes:Literal>x</fes:Literal></fes:PropertyIsEqualTo>"
            + " | OperationProcessingFailed | geometry",
        "<fes:BBOX><gml:Envelope srsName=\"EPSG:3857\"><gml:lowerCorner>0 0</gml:lowerCorner><gml:upperCorner>1 1</gml:upperCorner></gml:Envelope></fes:BBOX>"
            + " | InvalidParameterValue | EPSG:3857",
        "<fes:BBOX><gml:Envelope><gml:lowerCorner>2 2</gml:lowerCorner><gml:upperCorner>1 1</gml:upperCorner></gml:Envelope></fes:BBOX>"
            + " | InvalidParameterValue | lower corner",
        "<fes:BBOX><gml:Envelope><gml:lowerCorner>NaN 2</gml:lowerCorner><gml:upperCorner>1 1</gml:upperCorner></gml:Envelope></fes:BBOX>"
            + " | InvalidParameterValue | finite",
        "<fes:And><fes:PropertyIsNull><fes:ValueReference>name</fes:ValueReference></fes:PropertyIsNull></fes:And>"
            + " | OperationParsingFailed | at least two",
        "<fes:PropertyIsLike wildCard=\"**\" singleChar=\"_\" escapeChar=\"!\"><fes:ValueReference>name</fes:ValueReference><fes:Literal>a</fes:Literal></fes:PropertyIsLike>"
            + " | InvalidParameterValue | wildCard",
        "<fes:PropertyIsNull><fes:ValueReference>name</fes:ValueReference></fes:PropertyIsNull>text"
            + " | OperationParsingFailed | unexpected text",
        // ids as RESOURCEID's are: another layer's, or one named twice (before: 200, read past)
        "<fes:ResourceId rid=\"helsinki_pois.1\"/> | InvalidParameterValue | is a feature of helsinki_pois, not of osm:osm_places",
        "<fes:ResourceId rid=\"osm_places.1\"/><fes:ResourceId rid=\"osm_places.1\"/> | InvalidParameterValue | named twice",
        "| OperationParsingFailed | empty Filter",
      })
  void refusesWhatItDoesNotEvaluate(String operator, String code, String says) throws Exception {
    String body = refused(String.format(FES, operator == null ? "" : operator), code, "FILTER");
    assertTrue(body.contains(says), body);
    assertFalse(Files.exists(Path.of("/tmp/wirebench-pwned")));
  }

  @Test
  void refusesEntitiesDoctypesDepthAndSize() throws Exception {
    String laughs =
        "<?xml version=\"1.0\"?><!DOCTYPE f [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>"
            + String.format(
                FES,
                "<fes:PropertyIsEqualTo><fes:ValueReference>name</fes:ValueReference><fes:Literal>&b;</fes:Literal></fes:PropertyIsEqualTo>");
    assertTrue(refused(laughs, "OperationParsingFailed", "FILTER").contains("DOCTYPE"));
    String external =
        String.format(
            FES,
            "<fes:PropertyIsEqualTo><fes:ValueReference>name</fes:ValueReference><fes:Literal>&xxe;</fes:Literal></fes:PropertyIsEqualTo>");
    refused(external, "OperationParsingFailed", "FILTER");
    String deep =
        "<fes:Not>".repeat(40)
            + "<fes:PropertyIsNull><fes:ValueReference>name</fes:ValueReference></fes:PropertyIsNull>"
            + "</fes:Not>".repeat(40);
    assertTrue(
        refused(String.format(FES, deep), "OperationParsingFailed", "FILTER").contains("deeper"));
    // a GET that long never reaches the handler (Jetty's 8 KiB request line limit); a POST body
    // or a larger limit would, and the parser refuses it before reading
    String huge = String.format(FES, "<!--" + "x".repeat(70_000) + "-->");
    org.wirebench.server.wfs.filter.FilterException tooLong =
        org.junit.jupiter.api.Assertions.assertThrows(
            org.wirebench.server.wfs.filter.FilterException.class,
            () ->
                org.wirebench.server.wfs.filter.FilterParser.parse(
                    huge,
                    org.wirebench.formats.geo.Datasets.get("osm_places").featureType(),
                    false));
    assertEquals("OperationParsingFailed", tooLong.code());
    assertTrue(tooLong.getMessage().contains("70"), tooLong.getMessage());
    refused("not xml at all", "OperationParsingFailed", "FILTER");
    refused("<Filter/>", "OperationParsingFailed", "FILTER");
  }

  /**
   * Every operator is evaluated on each feature a scan visits (1,000,000 a layer): a Filter holding
   * more than {@code MAX_OPERATORS} is refused before any is, naming the limit. Before, an Or of
   * 400 PropertyIsLike terms on osm_places ran on for more than 25 s.
   */
  @Test
  void refusesMoreOperatorsThanItEvaluatesAFeature() throws Exception {
    int most = org.wirebench.server.wfs.filter.FilterParser.MAX_OPERATORS;
    String term =
        "<fes:PropertyIsNull><fes:ValueReference>name</fes:ValueReference></fes:PropertyIsNull>";
    // the Or and its terms: one operator too many
    String tooMany = String.format(FES, "<fes:Or>" + term.repeat(most) + "</fes:Or>");
    String body = refused(tooMany, "OperationParsingFailed", "FILTER");
    assertTrue(body.contains("more than " + most + " operators"), body);
    // the most it takes still parses
    String most1 = String.format(FES, "<fes:Or>" + term.repeat(most - 1) + "</fes:Or>");
    org.wirebench.server.wfs.filter.FilterParser.parse(
        most1, org.wirebench.formats.geo.Datasets.get("osm_places").featureType(), false);
  }

  @Test
  void filterExcludesBboxAndResourceIdAndChecksItsLanguage() throws Exception {
    String isNull =
        String.format(
            FES,
            "<fes:PropertyIsNull><fes:ValueReference>name</fes:ValueReference></fes:PropertyIsNull>");
    ContentResponse r =
        client.GET(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&BBOX=0,0,1,1&FILTER="
                        + URLEncoder.encode(isNull, StandardCharsets.UTF_8)));
    assertEquals(400, r.getStatus());
    assertTrue(r.getContentAsString().contains("\"OperationParsingFailed\""));
    r =
        client.GET(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places"
                        + "&FILTER_LANGUAGE=urn:example:cql&FILTER="
                        + URLEncoder.encode(isNull, StandardCharsets.UTF_8)));
    assertEquals(400, r.getStatus());
    assertTrue(r.getContentAsString().contains("locator=\"FILTER_LANGUAGE\""));
  }

  /** Filter Encoding 1.x's id operators are held to the same rule as FES 2.0's ResourceId. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "<ogc:FeatureId fid=\"helsinki_pois.1\"/> | is a feature of helsinki_pois",
        "<ogc:GmlObjectId gml:id=\"helsinki_pois.1\"/> | is a feature of helsinki_pois",
        "<ogc:FeatureId fid=\"osm_places.1\"/><ogc:FeatureId fid=\"osm_places.1\"/> | named twice",
        "<ogc:FeatureId fid=\"osm_places.1\"/><ogc:GmlObjectId gml:id=\"osm_places.1\"/> | named twice",
      })
  void filterEncoding1IdsOfAnotherLayerOrNamedTwiceAreRefused(String ids, String says)
      throws Exception {
    String body =
        refused(
            "<ogc:Filter xmlns:ogc=\"http://www.opengis.net/ogc\""
                + " xmlns:gml=\"http://www.opengis.net/gml\">"
                + ids
                + "</ogc:Filter>",
            "InvalidParameterValue",
            "FILTER");
    assertTrue(body.contains(says), body);
  }

  private static String refused(String filter, String code, String locator) throws Exception {
    ContentResponse r =
        client.GET(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&FILTER="
                        + URLEncoder.encode(filter, StandardCharsets.UTF_8)));
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("exceptionCode=\"" + code + "\""), body);
    assertTrue(body.contains("locator=\"" + locator + "\""), body);
    assertFalse(body.contains("at org.") || body.contains("Exception:"), body);
    return body;
  }
}
