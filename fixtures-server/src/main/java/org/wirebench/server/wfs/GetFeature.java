package org.wirebench.server.wfs;

import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.QueryResults;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.server.http.OwsException;
import org.wirebench.server.wfs.filter.Bounded;

/**
 * An ad-hoc GetFeature, run: each query's features selected while streaming its layer, the page
 * {@code [startIndex, startIndex + count)} taken over the queries in order, every query's matches
 * counted. At most the page's features are held (a sorted page: startIndex + count), whatever the
 * layers' sizes. A box or an id list visits only its candidates (the layer's spatial index, the
 * ids' positions); a query that must visit more than {@link HeavyQueries#HEAVY_VISITS} features
 * waits for a heavy query's turn, and so does a page of more than {@link HeavyQueries#LARGE_PAGE}
 * features, until it is written; every visit looks at the client, and stops once it left.
 */
final class GetFeature {
  private GetFeature() {}

  /**
   * How one query reaches its features: {@code candidates} the positions worth testing (from the
   * spatial index or the ids), or null for every feature; {@code visits} how many that is.
   */
  private record Plan(BitSet candidates, long visits) {}

  /**
   * A GetFeature's results, and the heavy turn they hold while they are written, if any: a page of
   * more than {@link HeavyQueries#LARGE_PAGE} features is held whole until its answer is written
   * (about 85 MB for 100,000 osm_mainroads), so it counts as a heavy query until then. Closing it
   * gives the turn back.
   */
  record Answer(QueryResults results, HeavyQueries.Turn turn) implements AutoCloseable {
    @Override
    public void close() {
      if (turn != null) {
        turn.close();
      }
    }
  }

  static Answer run(
      WfsRequest wfs,
      GeoCodec codec,
      String endpoint,
      HeavyQueries heavy,
      String client,
      Visits visits)
      throws OwsException {
    List<Queries.Query> queries = wfs.queries();
    if (queries.size() > 1 && !codec.encodesSeveralQueries()) {
      throw new OwsException(
          "OptionNotSupported",
          "outputFormat",
          codec.name() + " writes one type a response; ask for each type in its own request");
    }
    List<Predicate<Feature>> filters = new ArrayList<>();
    boolean filtered = false;
    for (Queries.Query q : queries) {
      Predicate<Feature> f = q.selection().filter(q.dataset().featureType());
      filters.add(f);
      filtered |= f != null;
    }
    boolean hits = wfs.hits(codec);
    // several layers are counted like a filtered one, and hits like any: 1.0 refuses afterwards
    // if more matched than it may send (1.1 sends the first DefaultMaxFeatures)
    int count = wfs.count(queries.get(0).dataset(), filtered || queries.size() > 1 || hits);
    int start = wfs.startIndex();
    wfs.checkSrsName();
    wfs.checkResolve();
    WfsParameters.checkFeatureVersion(wfs.get("featureversion"));
    List<Plan> plans = new ArrayList<>();
    long cost = 0;
    for (int i = 0; i < queries.size(); i++) {
      Plan p = plan(queries.get(i), filters.get(i));
      plans.add(p);
      cost += p.visits();
    }
    checkSelections(queries, start, count);
    boolean largePage = !hits && count > HeavyQueries.LARGE_PAGE;
    HeavyQueries.Turn turn =
        cost > HeavyQueries.HEAVY_VISITS || largePage ? heavy.acquire(client, visits) : null;
    boolean kept = false;
    try {
      if (turn != null) {
        heavy.holdIfAsked(visits);
      }
      QueryResults results =
          select(wfs, endpoint, queries, filters, plans, hits, count, start, visits);
      kept = largePage;
      return new Answer(results, kept ? turn : null);
    } finally {
      if (turn != null && !kept) {
        turn.close();
      }
    }
  }

  /**
   * Refuses a bad PROPERTYNAME or SORTBY before a heavy query is admitted: a refusal that depends
   * on the request alone must not turn into a 503 "try again" when the heavy places are full. The
   * first query's page is exactly {@code [start, start + count)}; a later query's starts where the
   * earlier ones' matches leave it, known only once they ran, so its deep-page check stays in
   * {@link #select} (its page never ends past the first's).
   */
  private static void checkSelections(List<Queries.Query> queries, int start, int count)
      throws OwsException {
    for (int i = 0; i < queries.size(); i++) {
      Queries.Query q = queries.get(i);
      FeatureType type = q.dataset().featureType();
      q.selection().selectedProperties(type);
      q.selection().sortBy(type, i == 0 ? start : 0, i == 0 ? count : 0);
    }
  }

  /**
   * A query's candidates: a box's from the layer's index when it is built (else every feature: the
   * build visits them all), ids' from the layer, every feature for other filters and sorts; an
   * unsorted query without a filter jumps to its page and visits nothing.
   */
  private static Plan plan(Queries.Query q, Predicate<Feature> filter) {
    Dataset d = q.dataset();
    if (filter instanceof Bounded b && b.ids() != null) {
      BitSet c = FeatureIndex.positions(d, b.ids());
      return new Plan(c, c.cardinality());
    }
    if (filter instanceof Bounded b && b.box() != null && FeatureIndex.isBuilt(d)) {
      BitSet c = FeatureIndex.of(d, Visits.none()).candidates(b.box());
      return new Plan(c, c.cardinality());
    }
    boolean scans = filter != null || q.selection().sorted();
    return new Plan(null, scans ? d.size() : 0);
  }

  private static QueryResults select(
      WfsRequest wfs,
      String endpoint,
      List<Queries.Query> queries,
      List<Predicate<Feature>> filters,
      List<Plan> plans,
      boolean hits,
      int count,
      int start,
      Visits visits)
      throws OwsException {
    Instant now = Instant.now();
    List<FeatureCollection> results = new ArrayList<>();
    long toSkip = start;
    int wanted = count;
    long matched = 0;
    for (int i = 0; i < queries.size(); i++) {
      Queries.Query q = queries.get(i);
      FeatureType type = q.dataset().featureType();
      int from = (int) Math.min(toSkip, Integer.MAX_VALUE);
      FeatureType selected = q.selection().selectedProperties(type);
      SortBy sort = q.selection().sortBy(type, from, wanted);
      Predicate<Feature> filter = filters.get(i);
      BitSet candidates = plans.get(i).candidates();
      if (candidates == null && filter instanceof Bounded b && b.box() != null) {
        // the layer's first spatial query: build its index (one pass), then use it
        candidates = FeatureIndex.of(q.dataset(), visits).candidates(b.box());
      }
      SortBy.Page page = select(q.dataset(), candidates, filter, sort, from, wanted, !hits, visits);
      matched += page.matched();
      toSkip = Math.max(0, toSkip - page.matched());
      wanted -= page.features().size();
      List<Feature> features = page.features();
      if (selected != null) {
        features = project(type, selected, features);
        type = selected;
      }
      // a projection keeps each feature's geometry, so the held page's bounds stay its bounds
      results.add(
          (page.bounds() == null
                  ? FeatureCollection.of(type, features, now)
                  : new FeatureCollection(type, features, page.bounds(), now, null))
              .page(new FeatureCollection.Paging(page.matched(), null, null))
              .withSchemaBase(endpoint));
    }
    if (!hits) {
      // hits send no features: any count can be said
      wfs.checkUncut(queries, matched);
    }
    int returned = count - wanted;
    String previous =
        hits || start == 0 ? null : wfs.links.page(endpoint, Math.max(0, start - count), count);
    if (hits) {
      // response paging covers hits too: next is the first page of the results themselves, and
      // there is no previous (what CITE ets-wfs20 PagingTests.getFeatureWithHitsOnly asks)
      String first =
          wfs.isV2() && matched > start ? wfs.links.results(endpoint, start, count) : null;
      return new QueryResults(results, new FeatureCollection.Paging(matched, null, first, true));
    }
    String next =
        start + returned >= matched ? null : wfs.links.page(endpoint, start + count, count);
    return new QueryResults(results, new FeatureCollection.Paging(matched, previous, next));
  }

  /**
   * The features {@code [start, start + count)} of one layer's selection and how many matched;
   * {@code keep} false (hits) counts only. {@code candidates} null tests every feature.
   */
  private static SortBy.Page select(
      Dataset dataset,
      BitSet candidates,
      Predicate<Feature> filter,
      SortBy sort,
      int start,
      int count,
      boolean keep,
      Visits visits) {
    boolean keeping = keep && count > 0;
    if (filter == null && sort == null) {
      // every feature matches: the dataset knows how many, and the page is read from the held
      // blocks
      if (!keeping) {
        return new SortBy.Page(List.of(), dataset.size());
      }
      HeldFeatures.Page page = HeldFeatures.bounded(dataset, start, count);
      return new SortBy.Page(page.features(), dataset.size(), page.bounds());
    }
    Stream<Feature> features =
        (candidates == null ? dataset.features() : candidates.stream().mapToObj(dataset::featureAt))
            .peek(f -> visits.visit());
    if (sort != null) {
      return sort.page(features, filter, start, count, keeping);
    }
    // one pass over the stream counts the matches and keeps the page's: at most count
    // features are held, whatever the dataset's size
    List<Feature> page = new ArrayList<>();
    long[] seen = {0};
    features
        .filter(filter)
        .forEach(
            f -> {
              long i = seen[0]++;
              if (keeping && i >= start && i - start < count) {
                page.add(f);
              }
            });
    return new SortBy.Page(page, seen[0]);
  }

  /** The features with only the values {@code selected} (a cut of {@code type}) keeps. */
  private static List<Feature> project(FeatureType type, FeatureType selected, List<Feature> in) {
    int[] from = new int[selected.attributes().size()];
    for (int i = 0; i < from.length; i++) {
      from[i] = type.indexOf(selected.attributes().get(i).name());
    }
    List<Feature> out = new ArrayList<>(in.size());
    for (Feature f : in) {
      Object[] values = new Object[from.length];
      for (int i = 0; i < from.length; i++) {
        values[i] = f.value(from[i]);
      }
      out.add(new Feature(f.id(), values, f.geometry()));
    }
    return out;
  }
}
