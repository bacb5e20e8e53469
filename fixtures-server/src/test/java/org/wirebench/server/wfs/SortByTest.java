package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.server.LiveServerTest;

/**
 * SORTBY against a live server equals a plain Java sort of the whole layer (stable, absent values
 * last ascending and first descending), page by page, alone and under a FILTER.
 */
class SortByTest extends LiveServerTest {

  @ParameterizedTest(name = "{0} SORTBY={1} from {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "helsinki_pois | name ASC,osm_id DESC | 10 | 50",
        "helsinki_pois | type D,name | 0 | 1000",
        "helsinki_roads | name DESC | 0 | 40",
        "helsinki_roads | osm:name,osm_id A | 2400 | 100",
      })
  void sortsAsAPlainSortDoes(String layer, String sortBy, int start, int count) throws Exception {
    List<String> expected =
        sorted(layer, sortBy, f -> true)
            .subList(start, Math.min(start + count, Datasets.get(layer).size()));
    String page =
        body(
            "service=WFS&version=2.0.0&request=GetFeature&typeNames="
                + layer
                + "&SORTBY="
                + URLEncoder.encode(sortBy, StandardCharsets.UTF_8)
                + "&startIndex="
                + start
                + "&count="
                + count);
    assertEquals(expected, ids(page, layer));
  }

  @Test
  void sortsWhatAFilterSelects() throws Exception {
    FeatureType t = Datasets.get("helsinki_roads").featureType();
    String filter =
        "<fes:Filter xmlns:fes=\"http://www.opengis.net/fes/2.0\"><fes:PropertyIsEqualTo>"
            + "<fes:ValueReference>type</fes:ValueReference><fes:Literal>residential</fes:Literal>"
            + "</fes:PropertyIsEqualTo></fes:Filter>";
    List<String> expected =
        sorted(
            "helsinki_roads", "osm_id DESC", f -> "residential".equals(f.value(t.indexOf("type"))));
    assertTrue(expected.size() > 20, "the filter selects something");
    String page =
        body(
            "service=WFS&version=2.0.0&request=GetFeature&typeNames=helsinki_roads&count=20"
                + "&SORTBY=osm_id%20DESC&FILTER="
                + URLEncoder.encode(filter, StandardCharsets.UTF_8));
    assertEquals(expected.subList(0, 20), ids(page, "helsinki_roads"));
    assertTrue(page.contains("numberMatched=\"" + expected.size() + "\""));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "SORTBY=name%20UP | InvalidParameterValue",
        "SORTBY=geom | InvalidParameterValue",
        "SORTBY=name&startIndex=99990&count=20 | OptionNotSupported",
      })
  void refuses(String parameters, String code) throws Exception {
    ContentResponse r =
        client.GET(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=helsinki_pois&"
                        + parameters));
    assertEquals(400, r.getStatus(), r.getContentAsString());
    assertTrue(r.getContentAsString().contains("exceptionCode=\"" + code + "\""));
    assertTrue(r.getContentAsString().contains("locator=\"SORTBY\""));
  }

  /** The layer's ids in the order SORTBY means, by a stable sort of every feature. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static List<String> sorted(String layer, String sortBy, Predicate<Feature> filter) {
    FeatureType t = Datasets.get(layer).featureType();
    Comparator<Feature> order = (a, b) -> 0;
    for (String key : sortBy.split(",")) {
      String[] p = key.strip().split(" ");
      String name = p[0].replace("osm:", "");
      int i = t.indexOf(name);
      boolean desc = p.length > 1 && p[1].startsWith("D");
      Comparator<Feature> one =
          (a, b) -> {
            Comparable x = (Comparable) a.value(i);
            Comparable y = (Comparable) b.value(i);
            int c = x == null ? (y == null ? 0 : 1) : y == null ? -1 : x.compareTo(y);
            return desc ? -c : c;
          };
      order = order.thenComparing(one);
    }
    List<Feature> all = new ArrayList<>(Datasets.get(layer).features().filter(filter).toList());
    all.sort(order); // List.sort is stable: ties keep dataset order
    return all.stream().map(Feature::id).toList();
  }

  private static String body(String query) throws Exception {
    ContentResponse r = client.GET(server.uri().resolve("/ows?" + query));
    assertEquals(200, r.getStatus(), r.getContentAsString());
    return r.getContentAsString();
  }

  private static List<String> ids(String page, String layer) {
    Matcher m = Pattern.compile("<osm:" + layer + " gml:id=\"([^\"]+)\"").matcher(page);
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
