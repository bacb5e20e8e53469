package org.wirebench.server.wfs.filter;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Feature;

/**
 * A filter that says where its matches can be: every feature it matches has an envelope meeting
 * {@link #box()}, or an id among {@link #ids()}. That lets a query visit only a spatial index's
 * candidates, or look ids up, instead of testing every feature of a layer; the test itself is still
 * applied to each candidate, so the answer is the same as a scan's.
 */
public final class Bounded implements Predicate<Feature> {
  private final Predicate<Feature> test;
  private final Envelope box;
  private final Set<String> ids;

  private Bounded(Predicate<Feature> test, Envelope box, Set<String> ids) {
    this.test = test;
    this.box = box;
    this.ids = ids;
  }

  /** A test whose matches all have an envelope meeting {@code box}. */
  static Bounded within(Predicate<Feature> test, Envelope box) {
    return new Bounded(test, box, null);
  }

  /** Features whose id is one of {@code ids}. */
  static Bounded ids(Set<String> ids) {
    Set<String> copy = Set.copyOf(ids);
    return new Bounded(f -> copy.contains(f.id()), null, copy);
  }

  @Override
  public boolean test(Feature f) {
    return test.test(f);
  }

  /** Every match's envelope meets this box; null when the filter does not say. */
  public Envelope box() {
    return box;
  }

  /** Every match's id is one of these; null when the filter does not say. */
  public Set<String> ids() {
    return ids;
  }

  /**
   * All of {@code parts}: bounded by the smallest box or id list any part has (each part must hold,
   * so any part's bound holds for the whole).
   */
  static Predicate<Feature> and(List<Predicate<Feature>> parts) {
    Predicate<Feature> all = parts.get(0);
    for (Predicate<Feature> p : parts.subList(1, parts.size())) {
      all = all.and(p);
    }
    Bounded tightest = null;
    for (Predicate<Feature> p : parts) {
      if (p instanceof Bounded b && (tightest == null || b.smallerThan(tightest))) {
        tightest = b;
      }
    }
    return tightest == null ? all : new Bounded(all, tightest.box, tightest.ids);
  }

  /**
   * Any of {@code parts}: bounded by the box covering every part's box, when every part has one (a
   * part without a bound can match anywhere).
   */
  static Predicate<Feature> or(List<Predicate<Feature>> parts) {
    Predicate<Feature> any = parts.get(0);
    for (Predicate<Feature> p : parts.subList(1, parts.size())) {
      any = any.or(p);
    }
    Envelope cover = new Envelope();
    for (Predicate<Feature> p : parts) {
      if (!(p instanceof Bounded b) || b.box == null) {
        return any;
      }
      cover.expandToInclude(b.box);
    }
    return new Bounded(any, cover, null);
  }

  private boolean smallerThan(Bounded other) {
    if (ids != null || other.ids != null) {
      return ids != null && (other.ids == null || ids.size() < other.ids.size());
    }
    return box.getArea() < other.box.getArea();
  }
}
