package org.wirebench.formats.geo.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;

/**
 * featureAt and indexOf, which a WFS's index and id look-ups use instead of a scan, agree with the
 * stream, and an id no feature has (another spelling of a number, past the end) is -1.
 */
class FeatureLookupTest {
  @ParameterizedTest
  @ValueSource(strings = {"osm_mainroads", "osm_places", "helsinki_roads", "helsinki_pois"})
  void lookUpsAgreeWithTheStream(String name) {
    Dataset d = Datasets.get(name);
    for (int i : List.of(0, 1, 7, d.size() / 2, d.size() - 1)) {
      Feature streamed = d.features().skip(i).findFirst().orElseThrow();
      assertEquals(streamed.toString(), d.featureAt(i).toString());
      assertEquals(i, d.indexOf(streamed.id()), streamed.id());
    }
    for (String id :
        List.of(
            name + ".0",
            name + ".01",
            name + ".+1",
            name + ". 1",
            name + ".\u0661", // Arabic-Indic one: Integer.parseInt reads it as 1
            name + ".\uFF11", // full-width one
            name + ".1\u0967", // Devanagari seven after an ASCII one
            name + "." + (d.size() + 1),
            name + ".99999999999",
            name,
            "other." + 1,
            "")) {
      // the generated layers' ids are their positions, so none of these is one; the extracts'
      // are OSM ids, looked for here the slow way
      assertEquals(d.size() > 100_000 ? -1 : scan(d, id), d.indexOf(id), id);
    }
  }

  private static int scan(Dataset d, String id) {
    List<Feature> all = d.features().toList();
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i).id().equals(id)) {
        return i;
      }
    }
    return -1;
  }
}
