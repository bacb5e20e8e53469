package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A filter's feature id is read as its attribute's schema type reads it: FES 2.0's ResourceId rid
 * is an xsd:string, kept with its white space (so {@code " helsinki_pois.1"} in a query of
 * osm_places names no feature, where it was taken for a feature of another layer and refused);
 * Filter Encoding's FeatureId fid (xsd:ID in 1.1, xsd:anyURI in 1.0) and GmlObjectId's gml:id
 * (xsd:ID) are collapsed (they were kept, and a spaced id answered no feature).
 */
class FilterIdWhiteSpaceTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String FES =
      "<fes:Filter xmlns:fes=\"http://www.opengis.net/fes/2.0\">%s</fes:Filter>";

  private static final String OGC =
      "<ogc:Filter xmlns:ogc=\"http://www.opengis.net/ogc\""
          + " xmlns:gml=\"http://www.opengis.net/gml\">%s</ogc:Filter>";

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "fes | <fes:ResourceId rid='osm_places.1'/> | 1",
        "fes | <fes:ResourceId rid=' osm_places.1'/> | 0",
        "fes | <fes:ResourceId rid='osm_places.1&#9;'/> | 0",
        "fes | <fes:ResourceId rid=' helsinki_pois.1'/> | 0",
        "fes | <fes:ResourceId rid='  '/> | 0",
        "ogc | <ogc:FeatureId fid='osm_places.1'/> | 1",
        "ogc | <ogc:FeatureId fid='&#10; osm_places.1&#9;'/> | 1",
        "ogc | <ogc:GmlObjectId gml:id=' osm_places.1 '/> | 1",
        "ogc | <ogc:FeatureId fid=' osm_places.1'/><ogc:FeatureId fid='osm_places.2 '/> | 2",
      })
  void anIdIsReadAsItsSchemaTypeReadsIt(String version, String ids, int matched) throws Exception {
    HttpTester.Response r = query(version, ids);
    assertEquals(200, r.getStatus(), r.getContent());
    Matcher m = Pattern.compile("numberMatched=\"(\\d+)\"").matcher(r.getContent());
    assertTrue(m.find(), r.getContent());
    assertEquals(matched, Integer.parseInt(m.group(1)), ids);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "ogc | <ogc:FeatureId fid='osm_places.1'/><ogc:FeatureId fid=' osm_places.1'/>"
            + " | named twice",
        "ogc | <ogc:FeatureId fid='osm_places.1'/><ogc:GmlObjectId gml:id='osm_places.1 '/>"
            + " | named twice",
        "ogc | <ogc:FeatureId fid=' helsinki_pois.1'/> | is a feature of helsinki_pois",
        "ogc | <ogc:FeatureId fid=' '/> | with an empty id",
        "fes | <fes:ResourceId rid=''/> | with an empty id",
      })
  void collapsedIdsAreHeldToTheIdRules(String version, String ids, String says) throws Exception {
    HttpTester.Response r = query(version, ids);
    OwsStrictQueries.refused(r, "InvalidParameterValue", "FILTER");
    assertTrue(r.getContent().contains(says), r.getContent());
  }

  private static HttpTester.Response query(String version, String ids) throws Exception {
    String filter = (version.equals("fes") ? FES : OGC).formatted(ids.replace('\'', '"'));
    return OwsStrictQueries.get(
        SERVER,
        "/ows",
        "service=WFS&request=GetFeature&version=2.0.0&typeNames=osm_places&resultType=hits"
            + "&FILTER="
            + OwsStrictQueries.encode(filter));
  }
}
