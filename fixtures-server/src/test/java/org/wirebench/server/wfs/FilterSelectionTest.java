package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.server.LiveServerTest;

/**
 * For every filter kind, a real server's GetFeature returns exactly the features a brute-force
 * evaluation selects, in the same order, with numberMatched saying how many: FES 2.0 in WFS 2.0.0
 * (GML 3.2 and GeoJSON), Filter Encoding 1.1 in WFS 1.1.0 (GML 3.1.1), Filter Encoding 1.0 in WFS
 * 1.0.0 (GML 2), and the RESOURCEID/FEATUREID lists. The brute force is written here in plain Java
 * (JTS's own Geometry.intersects for boxes), not with the server's classes.
 *
 * <p>The real layers (the Helsinki extracts) are brute-forced whole. On the generated layers
 * (1,000,000 features each) every filter is asked within a seeded box (a BBOX and-ed to it, which
 * the server answers from its spatial index), and the brute force runs over the box's features,
 * found in one pass over the layer: the filters are the same code on every layer, and the whole
 * layers' scans, index and counts are {@link HeavyQueryTest}'s subject.
 */
class FilterSelectionTest extends LiveServerTest {
  private static final GeometryFactory GEOMETRY = new GeometryFactory();
  private static final int PAGE = 500;

  /** One filter: its FES 2.0 body, its Filter 1.0 body, and what it means. */
  private record Case(
      String layer, String label, String fes, String ogc, Predicate<Feature> truth) {
    @Override
    public String toString() {
      return layer + ": " + label;
    }
  }

  private static final List<String> LAYERS =
      List.of("helsinki_roads", "osm_mainroads", "helsinki_pois", "osm_places");

  static Stream<Arguments> cases() {
    List<Case> c = new ArrayList<>();
    for (String layer : LAYERS) {
      FeatureType t = Datasets.get(layer).featureType();
      List<Feature> all = FilterUniverse.of(layer).features();
      Feature first = all.get(0);
      Feature tenth = all.get(9);
      long osmId = (Long) first.value(t.indexOf("osm_id"));
      Envelope e =
          all.stream()
              .limit(50)
              .map(f -> f.geometry().getEnvelopeInternal())
              .reduce(
                  new Envelope(),
                  (a, b) -> {
                    a.expandToInclude(b);
                    return a;
                  });
      Geometry box = GEOMETRY.toGeometry(e);
      c.add(
          new Case(
              layer,
              "osm_id = first",
              cmp("PropertyIsEqualTo", "osm_id", "" + osmId),
              null,
              f -> osmId == (Long) f.value(t.indexOf("osm_id"))));
      c.add(
          new Case(
              layer,
              "osm_id > first",
              cmp("PropertyIsGreaterThan", "osm_id", "" + osmId),
              null,
              f -> (Long) f.value(t.indexOf("osm_id")) > osmId));
      c.add(
          new Case(
              layer,
              "osm_id <= first (literal first)",
              "<fes:PropertyIsGreaterThanOrEqualTo><fes:Literal>"
                  + osmId
                  + "</fes:Literal><fes:ValueReference>osm:osm_id</fes:ValueReference></fes:PropertyIsGreaterThanOrEqualTo>",
              null,
              f -> (Long) f.value(t.indexOf("osm_id")) <= osmId));
      c.add(
          new Case(
              layer,
              "osm_id between",
              "<fes:PropertyIsBetween><fes:ValueReference>osm_id</fes:ValueReference><fes:LowerBoundary><fes:Literal>"
                  + Math.min(osmId, (Long) tenth.value(0))
                  + "</fes:Literal></fes:LowerBoundary><fes:UpperBoundary><fes:Literal>"
                  + Math.max(osmId, (Long) tenth.value(0))
                  + "</fes:Literal></fes:UpperBoundary></fes:PropertyIsBetween>",
              null,
              f -> {
                long v = (Long) f.value(0);
                return v >= Math.min(osmId, (Long) tenth.value(0))
                    && v <= Math.max(osmId, (Long) tenth.value(0));
              }));
      String type = (String) first.value(t.indexOf("type"));
      c.add(
          new Case(
              layer,
              "type = first's",
              cmp("PropertyIsEqualTo", "type", type),
              null,
              f -> type.equals(f.value(t.indexOf("type")))));
      c.add(
          new Case(
              layer,
              "type != first's, case-insensitively",
              "<fes:PropertyIsNotEqualTo matchCase=\"false\"><fes:ValueReference>type</fes:ValueReference><fes:Literal>"
                  + type.toUpperCase()
                  + "</fes:Literal></fes:PropertyIsNotEqualTo>",
              null,
              f ->
                  f.value(t.indexOf("type")) != null
                      && !type.equalsIgnoreCase((String) f.value(t.indexOf("type")))));
      c.add(
          new Case(
              layer,
              "name like '%a_e%' or name is null",
              "<fes:Or><fes:PropertyIsLike wildCard=\"%\" singleChar=\"_\" escapeChar=\"\\\"><fes:ValueReference>name</fes:ValueReference><fes:Literal>%a_e%</fes:Literal></fes:PropertyIsLike><fes:PropertyIsNull><fes:ValueReference>name</fes:ValueReference></fes:PropertyIsNull></fes:Or>",
              "<ogc:Or><ogc:PropertyIsLike wildCard=\"%\" singleChar=\"_\" escape=\"\\\"><ogc:PropertyName>name</ogc:PropertyName><ogc:Literal>%a_e%</ogc:Literal></ogc:PropertyIsLike><ogc:PropertyIsNull><ogc:PropertyName>name</ogc:PropertyName></ogc:PropertyIsNull></ogc:Or>",
              f -> {
                Object n = f.value(t.indexOf("name"));
                return n == null || ((String) n).matches("(?s).*a.e.*");
              }));
      c.add(
          new Case(
              layer,
              "bbox of the first 50 and not type",
              "<fes:And><fes:BBOX><fes:ValueReference>geom</fes:ValueReference><gml:Envelope srsName=\"urn:ogc:def:crs:EPSG::4326\"><gml:lowerCorner>"
                  + e.getMinY()
                  + " "
                  + e.getMinX()
                  + "</gml:lowerCorner><gml:upperCorner>"
                  + e.getMaxY()
                  + " "
                  + e.getMaxX()
                  + "</gml:upperCorner></gml:Envelope></fes:BBOX><fes:Not><fes:PropertyIsEqualTo><fes:ValueReference>type</fes:ValueReference><fes:Literal>"
                  + type
                  + "</fes:Literal></fes:PropertyIsEqualTo></fes:Not></fes:And>",
              "<ogc:And><ogc:BBOX><ogc:PropertyName>geom</ogc:PropertyName><gml:Box srsName=\"EPSG:4326\"><gml:coordinates>"
                  + e.getMinX()
                  + ","
                  + e.getMinY()
                  + " "
                  + e.getMaxX()
                  + ","
                  + e.getMaxY()
                  + "</gml:coordinates></gml:Box></ogc:BBOX><ogc:Not><ogc:PropertyIsEqualTo><ogc:PropertyName>type</ogc:PropertyName><ogc:Literal>"
                  + type
                  + "</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Not></ogc:And>",
              f -> f.geometry().intersects(box) && !type.equals(f.value(t.indexOf("type")))));
      c.add(
          new Case(
              layer,
              "intersects an envelope with no srsName (the version's default order)",
              "<fes:Intersects><gml:Envelope><gml:lowerCorner>"
                  + e.getMinY()
                  + " "
                  + e.getMinX()
                  + "</gml:lowerCorner><gml:upperCorner>"
                  + e.getMaxY()
                  + " "
                  + e.getMaxX()
                  + "</gml:upperCorner></gml:Envelope></fes:Intersects>",
              "<ogc:Intersects><ogc:PropertyName>geom</ogc:PropertyName><gml:Envelope><gml:lowerCorner>"
                  + e.getMinX()
                  + " "
                  + e.getMinY()
                  + "</gml:lowerCorner><gml:upperCorner>"
                  + e.getMaxX()
                  + " "
                  + e.getMaxY()
                  + "</gml:upperCorner></gml:Envelope></ogc:Intersects>",
              f -> f.geometry().intersects(box)));
      c.add(
          new Case(layer, "nothing", cmp("PropertyIsLessThan", "osm_id", "-1"), null, f -> false));
      c.add(
          new Case(
              layer,
              "two ids",
              "<fes:ResourceId rid=\""
                  + first.id()
                  + "\"/><fes:ResourceId rid=\""
                  + tenth.id()
                  + "\"/><fes:ResourceId rid=\""
                  + layer
                  + ".nosuch\"/>",
              "<ogc:FeatureId fid=\""
                  + first.id()
                  + "\"/><ogc:FeatureId fid=\""
                  + tenth.id()
                  + "\"/>",
              f -> f.id().equals(first.id()) || f.id().equals(tenth.id())));
    }
    for (String layer : List.of("osm_mainroads")) {
      FeatureType t = Datasets.get(layer).featureType();
      c.add(
          new Case(
              layer,
              "maxspeed >= 80 and oneway",
              "<fes:And>"
                  + cmp("PropertyIsGreaterThanOrEqualTo", "maxspeed", "80")
                  + cmp("PropertyIsEqualTo", "oneway", "true")
                  + "</fes:And>",
              null,
              f ->
                  f.value(t.indexOf("maxspeed")) != null
                      && (Integer) f.value(t.indexOf("maxspeed")) >= 80
                      && (Boolean) f.value(t.indexOf("oneway"))));
    }
    return c.stream().map(Arguments::of);
  }

  private static String cmp(String op, String property, String literal) {
    return "<fes:"
        + op
        + "><fes:ValueReference>"
        + property
        + "</fes:ValueReference><fes:Literal>"
        + literal
        + "</fes:Literal></fes:"
        + op
        + ">";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void returnsWhatABruteForceSelects(Case c) throws Exception {
    FilterUniverse u = FilterUniverse.of(c.layer());
    // ids are looked up, never and-ed to a box (a ResourceId stands alone in FES 2.0); the ids
    // chosen are the universe's own, so its brute force is the whole layer's
    boolean ids = c.fes().startsWith("<fes:ResourceId");
    List<String> selected = u.features().stream().filter(c.truth()).map(Feature::id).toList();
    List<String> expected = selected.subList(0, Math.min(PAGE, selected.size()));
    String fes =
        "<fes:Filter xmlns:fes=\"http://www.opengis.net/fes/2.0\" xmlns:gml=\"http://www.opengis.net/gml/3.2\" xmlns:osm=\"http://wirebench.org/osm\">"
            + (ids ? c.fes() : u.fes(c.fes()))
            + "</fes:Filter>";
    String v2 =
        "service=WFS&version=2.0.0&request=GetFeature&typeNames="
            + c.layer()
            + "&count="
            + PAGE
            + "&FILTER="
            + enc(fes);
    String gml32 = body(v2);
    assertEquals(expected, ids(gml32, "<osm:" + c.layer() + " gml:id=\"([^\"]+)\""));
    assertTrue(
        gml32.contains("numberMatched=\"" + selected.size() + "\""), () -> gml32.substring(0, 600));
    assertEquals(
        expected,
        ids(
            body(v2 + "&outputFormat=application/json"),
            "\\{\"type\":\"Feature\",\"id\":\"([^\"]+)\""));
    String ogc =
        c.ogc() != null
            ? c.ogc()
            : c.fes().replace("fes:ValueReference", "ogc:PropertyName").replace("fes:", "ogc:");
    String filter1 =
        "<ogc:Filter xmlns:ogc=\"http://www.opengis.net/ogc\" xmlns:gml=\"http://www.opengis.net/gml\""
            // an osm: property name's prefix is bound, as in the FES filter (unbound: refused)
            + " xmlns:osm=\"http://wirebench.org/osm\">"
            + (ids ? ogc : u.ogc(ogc))
            + "</ogc:Filter>";
    String gml2 =
        body(
            "service=WFS&version=1.0.0&request=GetFeature&typeName="
                + c.layer()
                + "&maxFeatures="
                + PAGE
                + "&FILTER="
                + enc(filter1));
    assertEquals(expected, ids(gml2, "<osm:" + c.layer() + " fid=\"([^\"]+)\""));
    // Filter Encoding 1.1 in WFS 1.1.0 (GML 3.1.1): the FES body in 1.1's names, envelopes in
    // GML 3.1.1, lat/lon by default as in 2.0, ids as GmlObjectId
    String filter11 =
        "<ogc:Filter xmlns:ogc=\"http://www.opengis.net/ogc\" xmlns:gml=\"http://www.opengis.net/gml\""
            // an osm: property name's prefix is bound, as in the FES filter (unbound: refused)
            + " xmlns:osm=\"http://wirebench.org/osm\">"
            + (ids ? c.fes() : u.fes(c.fes()))
                .replace("fes:ValueReference", "ogc:PropertyName")
                .replace("fes:ResourceId rid=", "fes:GmlObjectId gml:id=")
                .replace("fes:", "ogc:")
            + "</ogc:Filter>";
    String gml31 =
        body(
            "service=WFS&version=1.1.0&request=GetFeature&typeName="
                + c.layer()
                + "&maxFeatures="
                + PAGE
                + "&FILTER="
                + enc(filter11));
    assertEquals(expected, ids(gml31, "<osm:" + c.layer() + " gml:id=\"([^\"]+)\""));
  }

  /**
   * RESOURCEID (2.0) and FEATUREID (1.0) lists select their features in the layer's order, an id no
   * feature has selecting nothing: the first and tenth features of the layer's universe, listed
   * tenth first.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void idListsSelectTheirFeatures(String layer) throws Exception {
    List<Feature> all = FilterUniverse.of(layer).features();
    List<String> expected = List.of(all.get(0).id(), all.get(9).id());
    String list = expected.get(1) + "," + layer + ".nosuch," + expected.get(0);
    assertEquals(
        expected,
        ids(
            body(
                "service=WFS&version=2.0.0&request=GetFeature&typeNames="
                    + layer
                    + "&RESOURCEID="
                    + enc(list)),
            "<osm:" + layer + " gml:id=\"([^\"]+)\""));
    assertEquals(
        expected,
        ids(
            body(
                "service=WFS&version=1.0.0&request=GetFeature&typeName="
                    + layer
                    + "&FEATUREID="
                    + enc(list)),
            "<osm:" + layer + " fid=\"([^\"]+)\""));
  }

  static Stream<String> layers() {
    return LAYERS.stream();
  }

  private static String body(String query) throws Exception {
    ContentResponse r = client.GET(server.uri().resolve("/ows?" + query));
    String body = r.getContentAsString();
    assertEquals(200, r.getStatus(), body);
    assertFalse(body.contains("ExceptionReport"), body);
    return body;
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private static List<String> ids(String page, String regex) {
    Matcher m = Pattern.compile(regex).matcher(page);
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
