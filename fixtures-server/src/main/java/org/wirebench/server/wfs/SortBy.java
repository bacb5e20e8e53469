package org.wirebench.server.wfs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.eclipse.jetty.util.StringUtil;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.server.http.KvpText;
import org.wirebench.server.http.OwsException;

/**
 * SORTBY: {@code property [ASC|DESC|A|D], …} over declared attributes (looked up by name, never
 * evaluated). Values compare by type (numbers numerically, strings by code unit, false before
 * true); an absent value sorts after every value ascending and before them descending (as
 * PostgreSQL orders NULLs); ties keep dataset order. A page is kept with a bounded heap of
 * startIndex + count features while the whole selection streams past, so at most that many are
 * held, never the layer.
 */
final class SortBy {
  /** Most features a sorted page may need to hold: startIndex + count. */
  static final int MAX_HELD = WfsRequest.MAX_COUNT;

  private final Comparator<Feature> order;

  private SortBy(Comparator<Feature> order) {
    this.order = order;
  }

  /**
   * @param names the scope the keys' prefixes are resolved in (NAMESPACES, the capabilities)
   */
  static SortBy parse(
      String value, FeatureType type, org.wirebench.server.wfs.filter.QualifiedNames.Scope names)
      throws OwsException {
    Comparator<Feature> order = null;
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String key : value.split(",", -1)) {
      String[] parts = KvpText.trim(key).split("[ \\t]+");
      if (parts.length == 0 || parts[0].isEmpty() || parts.length > 2) {
        throw OwsException.invalid("SORTBY", value, "expected property [ASC|DESC], …");
      }
      String name = TypeNames.propertyName("SORTBY", value, parts[0], type, names);
      int index = type.indexOf(name);
      if (index < 0) {
        throw OwsException.invalid(
            "SORTBY",
            value,
            "'" + parts[0] + "' is not a property of " + type.prefix() + ":" + type.name());
      }
      if (!seen.add(name)) {
        // the second key can never decide an order the first left tied: a contradiction or noise
        throw OwsException.invalid("SORTBY", value, "'" + name + "' is named twice");
      }
      boolean descending = false;
      if (parts.length == 2) {
        switch (StringUtil.asciiToUpperCase(parts[1])) {
          case "ASC", "A" -> descending = false;
          case "DESC", "D" -> descending = true;
          default ->
              throw OwsException.invalid("SORTBY", value, "'" + parts[1] + "' is not ASC or DESC");
        }
      }
      Comparator<Feature> one = key(index, type.attributes().get(index), descending);
      order = order == null ? one : order.thenComparing(one);
    }
    return new SortBy(order);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Comparator<Feature> key(int index, Attribute a, boolean descending) {
    Comparator<Object> values = (x, y) -> ((Comparable) x).compareTo(y);
    // nulls after every value ascending; reversed whole (nulls first) descending
    Comparator<Feature> ascending =
        Comparator.comparing(f -> f.value(index), Comparator.nullsLast(values));
    return descending ? ascending.reversed() : ascending;
  }

  /**
   * The page {@code [start, start + count)} of the sorted selection, and how many matched.
   *
   * @param keep whether to keep features at all (false for resultType=hits)
   */
  Page page(
      Stream<Feature> features, Predicate<Feature> filter, int start, int count, boolean keep) {
    int held = keep ? start + count : 0;
    // a max-heap of the best `held` so far; the ordinal keeps ties in dataset order
    Comparator<Ranked> ranked =
        Comparator.<Ranked, Feature>comparing(r -> r.feature, order)
            .thenComparingLong(r -> r.ordinal);
    PriorityQueue<Ranked> best = new PriorityQueue<>(Math.max(1, held), ranked.reversed());
    long[] matched = {0};
    features
        .filter(filter == null ? f -> true : filter)
        .forEach(
            f -> {
              Ranked r = new Ranked(f, matched[0]++);
              if (held == 0) {
                return;
              }
              if (best.size() < held) {
                best.add(r);
              } else if (ranked.compare(r, best.peek()) < 0) {
                best.poll();
                best.add(r);
              }
            });
    List<Ranked> sorted = new ArrayList<>(best);
    sorted.sort(ranked);
    List<Feature> page = new ArrayList<>();
    for (int i = start; i < sorted.size(); i++) {
      page.add(sorted.get(i).feature);
    }
    return new Page(page, matched[0]);
  }

  /**
   * @param bounds the features' bounds when already known, else null
   */
  record Page(List<Feature> features, long matched, org.locationtech.jts.geom.Envelope bounds) {
    Page(List<Feature> features, long matched) {
      this(features, matched, null);
    }
  }

  private record Ranked(Feature feature, long ordinal) {}
}
