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
