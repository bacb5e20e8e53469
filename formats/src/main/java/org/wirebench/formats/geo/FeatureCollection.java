package org.wirebench.formats.geo;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.locationtech.jts.geom.Envelope;

/**
 * What one GetFeature response carries: the type, the features, their bounds and the response's
 * time stamp (WFS 2.0's {@code timeStamp}; fixed by callers that need reproducible bytes).
 */
public record FeatureCollection(
    FeatureType type, List<Feature> features, Envelope bounds, Instant timeStamp) {

  public FeatureCollection {
    Objects.requireNonNull(type, "type");
    features = List.copyOf(features);
    Objects.requireNonNull(bounds, "bounds");
    Objects.requireNonNull(timeStamp, "timeStamp");
  }

  /** A collection whose bounds are computed from its features. */
  public static FeatureCollection of(FeatureType type, List<Feature> features, Instant timeStamp) {
    Envelope bounds = new Envelope();
    for (Feature f : features) {
      bounds.expandToInclude(f.geometry().getEnvelopeInternal());
    }
    return new FeatureCollection(type, features, bounds, timeStamp);
  }

  public int size() {
    return features.size();
  }
}
