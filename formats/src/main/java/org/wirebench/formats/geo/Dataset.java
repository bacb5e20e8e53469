package org.wirebench.formats.geo;

import java.util.List;
import java.util.stream.Stream;

/**
 * A source of features of one type. Implementations are deterministic (the same features in the
 * same order on every call) and lazy, so a generated dataset can serve 1,000,000 features without
 * holding them. Register an implementation in {@code
 * META-INF/services/org.wirebench.formats.geo.Dataset}.
 */
public interface Dataset {

  /** The name users pass on the command line and benchmarks take as a parameter. */
  String name();

  FeatureType featureType();

  /** How many features the dataset holds (generated datasets: 1,000,000). */
  int size();

  /** All features, lazily, in a fixed order. */
  Stream<Feature> features();

  /**
   * The features from index {@code from} on (a WFS {@code startIndex}). Implementations that can
   * jump there should, rather than make and drop the features before it.
   *
   * @param from 0..size()
   */
  default Stream<Feature> features(int from) {
    return features().skip(from);
  }

  /**
   * Feature {@code index} (0..size()-1), what a spatial index's candidates are fetched by.
   * Implementations that can make or find it directly should, rather than stream to it.
   */
  default Feature featureAt(int index) {
    if (index < 0 || index >= size()) {
      throw new IndexOutOfBoundsException("feature " + index + " of " + size());
    }
    return features(index).findFirst().orElseThrow();
  }

  /**
   * The index of the feature whose id is {@code id}, or -1 when none has it: what a look-up by id
   * (RESOURCEID, GetFeatureById) needs. The default scans; implementations that know where an id is
   * (ids made from the position, a map built once) should answer without one.
   */
  default int indexOf(String id) {
    java.util.Iterator<Feature> it = features().iterator();
    for (int n = 0; it.hasNext(); n++) {
      if (it.next().id().equals(id)) {
        return n;
      }
    }
    return -1;
  }

  /**
   * The first {@code count} features, or all of them if the dataset has fewer.
   *
   * @param count 1..size(); larger values are clamped to {@link #size()}
   */
  default List<Feature> take(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, was " + count);
    }
    return features().limit(Math.min(count, size())).toList();
  }
}
