package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.wirebench.formats.geo.schema.XmlSchema;
import org.wirebench.server.LiveServerTest;

/**
 * The project's own walk through the OGC Simple WFS conformance class (WFS 2.0.0, KVP over GET),
 * against a live server, for every layer, every response validated offline against the official
 * schemas: the capabilities, DescribeFeatureType for no, one and several types, GetFeature by type
 * (plain, paged, hits, each filter kind), GetFeatureById, ListStoredQueries, DescribeStoredQueries,
 * and the exception reports with their codes. The detailed behaviour of each part is tested
 * elsewhere (WfsServerTest, WfsParametersTest, FilterSelectionTest, ...); this is the whole class
 * in one place, as a conformance suite runs it.
 */
class SimpleWfsConformanceTest extends LiveServerTest {
  private static final String WFS2 = "http://schemas.opengis.net/wfs/2.0/wfs.xsd";
  private static final String OWS_EXCEPTION =
      "http://schemas.opengis.net/ows/1.1.0/owsExceptionReport.xsd";
  private static final String V2 = "service=WFS&version=2.0.0&request=";

  static List<String> layers() {
    return Datasets.registry().names();
  }

  @Test
  void capabilitiesAndStoredQueryListsValidate() throws Exception {
    for (String op : List.of("GetCapabilities", "ListStoredQueries", "DescribeStoredQueries")) {
      OgcValidator.validate(WFS2, ok(V2 + op).getContent());
    }
  }

  @Test
  void describeFeatureTypeForNoOneAndSeveralTypesCompiles() throws Exception {
    String all = String.join(",", layers());
    for (String query :
        List.of(
            "DescribeFeatureType",
            "DescribeFeatureType&typeNames=osm:" + layers().get(0),
            "DescribeFeatureType&typeNames=" + all)) {
      OgcValidator.checkApplicationSchema(
          XmlSchema.WFS_2_0_GML_32, ok(V2 + query).getContentAsString());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void getFeatureInEveryFormOfTheClassValidates(String layer) throws Exception {
    FeatureType type = Datasets.get(layer).featureType();
    Feature first = Datasets.get(layer).features().findFirst().orElseThrow();
    String base = V2 + "GetFeature&typeNames=osm:" + layer;
    String isNull =
        "<fes:Filter xmlns:fes=\"http://www.opengis.net/fes/2.0\"><fes:Not><fes:PropertyIsNull>"
            + "<fes:ValueReference>osm_id</fes:ValueReference></fes:PropertyIsNull></fes:Not>"
            + "</fes:Filter>";
    for (String query :
        List.of(
            base + "&count=20",
            base + "&count=20&startIndex=20",
            base + "&resultType=hits&count=5",
            base + "&count=20&SORTBY=osm_id%20DESC",
            base + "&count=20&PROPERTYNAME=osm_id",
            base + "&count=20&RESOURCEID=" + first.id(),
            base + "&count=20&FILTER=" + URLEncoder.encode(isNull, StandardCharsets.UTF_8))) {
      OgcValidator.validate(XmlSchema.WFS_2_0_GML_32, type, ok(query).getContent());
    }
    ContentResponse byId =
        ok(
            V2
                + "GetFeature&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById&ID="
                + first.id());
    OgcValidator.validate(XmlSchema.WFS_2_0_GML_32, type, byId.getContent());
    String page = ok(base + "&count=3").getContentAsString();
    Matcher m = Pattern.compile("numberMatched=\"(\\d+)\"").matcher(page);
    assertTrue(m.find(), "numberMatched");
    assertEquals(Datasets.get(layer).size(), Long.parseLong(m.group(1)));
  }

  @ParameterizedTest(name = "{0} → {2} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "GetFeature | MissingParameterValue | 400",
        "GetFeature&typeNames=osm:nosuch | InvalidParameterValue | 400",
        "GetFeature&typeNames=osm_places&count=0 | InvalidParameterValue | 400",
        "GetFeature&typeNames=osm_places&FILTER=%3Cfes%3AFilter | OperationParsingFailed | 400",
        "GetFeature&STOREDQUERY_ID=urn:x:nosuch | InvalidParameterValue | 400",
        "GetFeature&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById&ID=nosuch.1 | NotFound | 404",
        "GetFeature&typeNames=osm_places&ALIASES=a | OptionNotSupported | 400",
        "Transaction | OperationNotSupported | 400",
      })
  void exceptionReportsValidateAndCarryTheirCode(String query, String code, int status)
      throws Exception {
    ContentResponse r = client.GET(server.uri().resolve("/ows?" + V2 + query));
    assertEquals(status, r.getStatus(), r.getContentAsString());
    OgcValidator.validate(OWS_EXCEPTION, r.getContent());
    assertTrue(r.getContentAsString().contains("exceptionCode=\"" + code + "\""));
  }

  private static ContentResponse ok(String query) throws Exception {
    ContentResponse r = client.GET(server.uri().resolve("/ows?" + query));
    assertEquals(200, r.getStatus(), r.getContentAsString());
    return r;
  }
}
