package org.wirebench.formats.geo.data;

import java.util.List;
import java.util.stream.Stream;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;

/** A dataset read out of the bundled Helsinki extract on first use, then held. */
abstract class ExtractDataset implements Dataset {
  private final FeatureType type;
  private volatile List<Feature> features;
  private volatile java.util.Map<String, Integer> positions;

  ExtractDataset(FeatureType type) {
    this.type = type;
  }

  /** The features, in file order; called once. */
  abstract List<Feature> decode(HelsinkiExtract extract);

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
    return all().size();
  }

  @Override
  public final Stream<Feature> features() {
    return all().stream();
  }

  @Override
  public final Stream<Feature> features(int from) {
    List<Feature> list = all();
    return list.subList(Math.min(Math.max(from, 0), list.size()), list.size()).stream();
  }

  @Override
  public final Feature featureAt(int index) {
    return all().get(index);
  }

  @Override
  public final int indexOf(String id) {
    java.util.Map<String, Integer> map = positions;
    if (map == null) {
      List<Feature> list = all();
      java.util.Map<String, Integer> built = new java.util.HashMap<>(list.size() * 2);
      for (int i = 0; i < list.size(); i++) {
        built.putIfAbsent(list.get(i).id(), i);
      }
      positions = map = built;
    }
    return map.getOrDefault(id, -1);
  }

  private List<Feature> all() {
    List<Feature> result = features;
    if (result == null) {
      synchronized (this) {
        if (features == null) {
          features = List.copyOf(decode(HelsinkiExtract.get()));
        }
        result = features;
      }
    }
    return result;
  }
}
