package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;

/** Pages read from the held blocks are the dataset's own features, in its order. */
class HeldFeaturesTest {
  private static final Dataset PLACES = Datasets.get("osm_places");

  private static List<String> ids(List<Feature> features) {
    return features.stream().map(Feature::id).toList();
  }

  @Test
  void pagesAcrossBlocksAndAtTheEndAreTheDatasets() {
    int b = HeldFeatures.BLOCK;
    int[][] pages = {
      {0, 200}, {b - 3, 7}, {b, b}, {2 * b - 1, 2 * b + 5}, {PLACES.size() - 5, 200}, {5, 0}
    };
    for (int[] p : pages) {
      List<Feature> expected = PLACES.features(p[0]).limit(p[1]).toList();
      List<Feature> held = HeldFeatures.page(PLACES, p[0], p[1]);
      assertEquals(ids(expected), ids(held), "page " + p[0] + "+" + p[1]);
      for (int i = 0; i < held.size(); i++) {
        assertEquals(expected.get(i).geometry(), held.get(i).geometry());
        assertEquals(expected.get(i).values(), held.get(i).values(), held.get(i).id());
      }
    }
    assertTrue(HeldFeatures.page(PLACES, PLACES.size(), 10).isEmpty());
  }

  /** The collection keeps the page as it is: no copy of it a request. */
  @Test
  void aPageIsAListTheCollectionKeeps() {
    List<Feature> page = HeldFeatures.page(PLACES, 300, 200);
    assertSame(page, List.copyOf(page));
  }

  @Test
  void aPageAskedTwiceIsTheSameFeaturesNotMadeAgain() {
    List<Feature> first = HeldFeatures.page(PLACES, 100, 200);
    List<Feature> again = HeldFeatures.page(PLACES, 100, 200);
    for (int i = 0; i < first.size(); i++) {
      assertSame(first.get(i), again.get(i));
    }
  }

  @Test
  void atMostMaxBlocksAreHeld() {
    for (int i = 0; i <= HeldFeatures.MAX_BLOCKS + 3; i++) {
      HeldFeatures.page(PLACES, i * HeldFeatures.BLOCK, 1);
    }
    assertEquals(HeldFeatures.MAX_BLOCKS, HeldFeatures.heldBlocks());
  }

  /** The bounds held with a page are those the collection would compute from its features. */
  @Test
  void aPagesBoundsAreItsFeaturesBounds() {
    int b = HeldFeatures.BLOCK;
    int[][] pages = {
      {0, 200}, {b - 3, 7}, {2 * b - 1, 2 * b + 5}, {PLACES.size() - 5, 200}, {5, 0}
    };
    for (int[] p : pages) {
      HeldFeatures.Page page = HeldFeatures.bounded(PLACES, p[0], p[1]);
      Envelope expected =
          FeatureCollection.of(PLACES.featureType(), page.features(), Instant.EPOCH).bounds();
      assertEquals(expected, page.bounds(), "page " + p[0] + "+" + p[1]);
    }
    assertTrue(HeldFeatures.bounded(PLACES, PLACES.size(), 10).bounds().isNull());
  }
}
