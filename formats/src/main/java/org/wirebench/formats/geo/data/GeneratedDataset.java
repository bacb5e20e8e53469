package org.wirebench.formats.geo.data;

import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;

/**
 * A generated dataset of {@value #SIZE} features, each made on demand from its own seeded random
 * source, so the stream is lazy and any feature can be made without the ones before it.
 */
abstract class GeneratedDataset implements Dataset {
  static final int SIZE = Datasets.GENERATED_SIZE;

  /** Digits of the largest number an id carries, SIZE: a longer number names no feature. */
  private static final int ID_DIGITS = String.valueOf(SIZE).length();

  private final FeatureType type;

  GeneratedDataset(FeatureType type) {
    this.type = type;
  }

  /** Feature {@code index}, 0..SIZE-1: the same on every call. */
  abstract Feature feature(int index);

  @Override
  public final String name() {
    return type.name();
  }

  @Override
  public final FeatureType featureType() {
    return type;
  }

  @Override
  public final int size() {
    return SIZE;
  }

  @Override
  public final Feature featureAt(int index) {
    if (index < 0 || index >= SIZE) {
      throw new IndexOutOfBoundsException("feature " + index + " of " + SIZE);
    }
    return feature(index);
  }

  /** Ids are {@code <name>.<index + 1>}: the position is read from the id, never searched. */
  @Override
  public final int indexOf(String id) {
    String prefix = type.name() + ".";
    if (!id.startsWith(prefix)) {
      return -1;
    }
    String n = id.substring(prefix.length());
    // only the canonical spelling names a feature: "+5", "05", "5 " or "\u0665" (an Arabic-Indic
    // five, which Integer.parseInt reads as 5) are other ids
    if (n.isEmpty()
        || n.length() > ID_DIGITS
        || n.charAt(0) == '0'
        || !n.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return -1;
    }
    int index = Integer.parseInt(n) - 1;
    return index < SIZE ? index : -1;
  }

  @Override
  public final Stream<Feature> features() {
    return features(0);
  }

  @Override
  public final Stream<Feature> features(int from) {
    return IntStream.range(Math.min(Math.max(from, 0), SIZE), SIZE).mapToObj(this::feature);
  }
}
