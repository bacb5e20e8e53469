package org.wirebench.formats.geo;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.locationtech.jts.geom.Envelope;

/**
 * A GetFeature response of several queries (several type names): each query's features as its own
 * collection, in the order asked, and the paging of the whole response (numberMatched summed over
 * the queries, the links to the pages before and after).
 *
 * @param queries one collection a query, 1..; the first's time stamp and schema base are the
 *     response's
 * @param paging the whole response's numberMatched (at least the features returned), links, hits
 */
public record QueryResults(List<FeatureCollection> queries, FeatureCollection.Paging paging) {
  public QueryResults {
    queries = List.copyOf(queries);
    if (queries.isEmpty()) {
      throw new IllegalArgumentException("a response answers at least one query");
    }
    Objects.requireNonNull(paging, "paging");
    int returned = sum(queries);
    if (paging.numberMatched() < returned) {
      throw new IllegalArgumentException(
          "numberMatched " + paging.numberMatched() + " < " + returned + " returned");
    }
  }

  /** One query's collection as a whole response. */
  public static QueryResults of(FeatureCollection one) {
    return new QueryResults(List.of(one), one.paging());
  }

  /**
   * The queries' feature types, each once, in the order asked. Without a stream: a server makes
   * this once a response, and one query's stream, its distinct set and its list were 2% of the
   * server's CPU on a 200-feature osm_places GetFeature in GML 2.
   */
  public List<FeatureType> types() {
    if (queries.size() == 1) {
      return List.of(queries.get(0).type());
    }
    List<FeatureType> types = new java.util.ArrayList<>(queries.size());
    for (FeatureCollection c : queries) {
      if (!types.contains(c.type())) {
        types.add(c.type());
      }
    }
    return List.copyOf(types);
  }

  /** Features returned, over every query. */
  public int size() {
    return sum(queries);
  }

  private static int sum(List<FeatureCollection> queries) {
    int n = 0;
    for (FeatureCollection c : queries) {
      n += c.size();
    }
    return n;
  }

  /** The box around every query's features. */
  public Envelope bounds() {
    Envelope all = new Envelope();
    for (FeatureCollection c : queries) {
      all.expandToInclude(c.bounds());
    }
    return all;
  }

  public Instant timeStamp() {
    return queries.get(0).timeStamp();
  }

  public String schemaBase() {
    return queries.get(0).schemaBase();
  }
}
