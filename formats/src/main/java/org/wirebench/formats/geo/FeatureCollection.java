package org.wirebench.formats.geo;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.locationtech.jts.geom.Envelope;

/**
 * What one GetFeature response carries: the type, the features, their bounds, the response's time
 * stamp (WFS 2.0's {@code timeStamp}; fixed by callers that need reproducible bytes) and where it
 * sits among all the features the query matched.
 */
public record FeatureCollection(
    FeatureType type,
    List<Feature> features,
    Envelope bounds,
    Instant timeStamp,
    Paging paging,
    String schemaBase) {

  /**
   * WFS 2.0's {@code numberMatched}, {@code previous} and {@code next}.
   *
   * @param numberMatched features the query matched, 0..; at least the features returned
   * @param previous absolute URL of the page before, or null
   * @param next absolute URL of the page after, or null
   * @param hits whether the response is resultType=hits: the counts without the features (WFS 1.1's
   *     numberOfFeatures then says how many matched, not how many are written)
   */
  public record Paging(long numberMatched, String previous, String next, boolean hits) {
    public Paging(long numberMatched, String previous, String next) {
      this(numberMatched, previous, next, false);
    }

    /** resultType=hits: {@code numberMatched} features matched, none is written. */
    public static Paging hitsOnly(long numberMatched) {
      return new Paging(numberMatched, null, null, true);
    }
  }

  public FeatureCollection {
    Objects.requireNonNull(type, "type");
    features = List.copyOf(features);
    Objects.requireNonNull(bounds, "bounds");
    Objects.requireNonNull(timeStamp, "timeStamp");
    if (paging == null) {
      paging = new Paging(features.size(), null, null);
    } else if (paging.hits() && !features.isEmpty()) {
      throw new IllegalArgumentException("a hits response carries no features");
    } else if (paging.numberMatched() < features.size()) {
      throw new IllegalArgumentException(
          "numberMatched " + paging.numberMatched() + " < " + features.size() + " returned");
    }
  }

  /** Without a schema base: GML names the type's schema by a relative DescribeFeatureType URL. */
  public FeatureCollection(
      FeatureType type, List<Feature> features, Envelope bounds, Instant timeStamp, Paging paging) {
    this(type, features, bounds, timeStamp, paging, null);
  }

  /** These features as one page of a larger result. */
  public FeatureCollection page(Paging where) {
    return new FeatureCollection(type, features, bounds, timeStamp, where, schemaBase);
  }

  /**
   * These features with GML's {@code xsi:schemaLocation} for the type pointing at {@code
   * endpoint}'s DescribeFeatureType (an absolute WFS URL without a query), so that a saved response
   * names a schema a client can fetch.
   */
  public FeatureCollection withSchemaBase(String endpoint) {
    return new FeatureCollection(type, features, bounds, timeStamp, paging, endpoint);
  }

  /** A collection whose bounds are computed from its features. */
  public static FeatureCollection of(FeatureType type, List<Feature> features, Instant timeStamp) {
    Envelope bounds = new Envelope();
    for (Feature f : features) {
      bounds.expandToInclude(f.geometry().getEnvelopeInternal());
    }
    return new FeatureCollection(type, features, bounds, timeStamp, null);
  }

  public int size() {
    return features.size();
  }
}
