package org.wirebench.formats.geo.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;

/** features(from) is the same as skipping, whichever way a dataset implements it. */
class StartIndexTest {
  @ParameterizedTest
  @ValueSource(strings = {"osm_mainroads", "osm_places", "helsinki_roads", "helsinki_pois"})
  void featuresFromAnIndexMatchSkipping(String name) {
    Dataset d = Datasets.get(name);
    assertEquals(
        d.features().skip(1000).limit(3).map(Object::toString).toList(),
        d.features(1000).limit(3).map(Object::toString).toList());
    assertEquals(0, d.features(d.size()).count());
  }
}
