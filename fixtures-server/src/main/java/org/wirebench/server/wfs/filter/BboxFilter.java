package org.wirebench.server.wfs.filter;

import java.util.function.Predicate;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.wirebench.formats.geo.Feature;

/**
 * FES's BBOX: a feature matches when its geometry is not disjoint from the box — the geometry
 * itself, not its envelope (a road's envelope can cross a box the road never enters), and a
 * geometry touching the box's edge matches.
 */
public final class BboxFilter {
  private static final GeometryFactory GEOMETRY = new GeometryFactory();

  private BboxFilter() {}

  /** Everything when {@code box} is null; else a {@link Bounded} test, so an index can serve it. */
  public static Predicate<Feature> of(Envelope box) {
    if (box == null) {
      return f -> true;
    }
    PreparedGeometry prepared = PreparedGeometryFactory.prepare(GEOMETRY.toGeometry(box));
    return Bounded.within(
        f ->
            box.intersects(f.geometry().getEnvelopeInternal()) && prepared.intersects(f.geometry()),
        box);
  }
}
