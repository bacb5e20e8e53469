package org.wirebench.formats.geo.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;

/** The counts docs/studies.md explains, from the bundled extract. */
class HelsinkiDatasetsTest {

  @Test
  void everyCompleteHighwayWayIsARoad() {
    Dataset roads = Datasets.get("helsinki_roads");
    assertEquals(2459, roads.size());
    assertEquals(10267, roads.features().mapToInt(f -> f.geometry().getNumPoints()).sum());
    assertEquals(2650, HelsinkiExtract.get().highways.size());
  }

  @Test
  void namedPointsOfInterest() {
    Dataset pois = Datasets.get("helsinki_pois");
    assertEquals(1217, pois.size());
    for (Feature f : pois.features().toList()) {
      assertTrue(f.geometry().getCoordinate().x > 24.9 && f.geometry().getCoordinate().y > 60.1);
    }
  }

  @Test
  void generatedDatasetsAreDeterministicAndRandomAccess() {
    // two instances agree on a far feature without generating the ones before it
    assertEquals(
        new OsmMainroads().feature(999_999).toString(),
        new OsmMainroads().feature(999_999).toString());
    OsmMainroads roads = new OsmMainroads();
    assertEquals(
        roads.features().skip(5).findFirst().orElseThrow().toString(), roads.feature(5).toString());
    // and the generator itself is pinned: a change to it changes every study number
    String far = roads.feature(999_999).toString();
    assertTrue(
        far.startsWith(
            "osm_mainroads.1000000[19999997, Chemin des Vignes, motorway, A2, true, 120, false,"
                + " false]"),
        far);
    assertEquals(-322701404, far.hashCode(), "its geometry changed: " + far);
  }
}
