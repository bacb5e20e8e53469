package org.wirebench.server.load.scenario;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.codec.Conformance;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.server.load.LoadPlan;

/**
 * The boxes of a filtered WFS point: a fixed, seeded list over the layer, and for each the first
 * {@code count} features a brute force over the whole layer selects (one pass for all boxes), which
 * each response to that box must decode to. A box is 5–20% of the width and height of the envelope
 * of the layer's first 1,000 features, placed uniformly inside it (the generated layers hold
 * 1,000,000 features: their envelope is not computed).
 */
final class SeededBoxes {
  static final long SEED = 20261124L;
  private static final GeometryFactory GEOMETRY = new GeometryFactory();

  private final Dataset layer;
  private final List<Envelope> boxes;
  private final List<List<Feature>> expected;

  private SeededBoxes(Dataset layer, List<Envelope> boxes, List<List<Feature>> expected) {
    this.layer = layer;
    this.boxes = boxes;
    this.expected = expected;
  }

  static SeededBoxes of(Dataset layer, int n, int count) {
    Envelope region = new Envelope();
    layer
        .features()
        .limit(1000)
        .forEach(f -> region.expandToInclude(f.geometry().getEnvelopeInternal()));
    Random random = new Random(SEED ^ layer.name().hashCode());
    List<Envelope> boxes = new ArrayList<>();
    List<Geometry> shapes = new ArrayList<>();
    List<List<Feature>> expected = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double w = region.getWidth() * (0.05 + 0.15 * random.nextDouble());
      double h = region.getHeight() * (0.05 + 0.15 * random.nextDouble());
      double x = region.getMinX() + (region.getWidth() - w) * random.nextDouble();
      double y = region.getMinY() + (region.getHeight() - h) * random.nextDouble();
      // to the 7 decimals the query carries, so that server and brute force use the same box
      Envelope box = new Envelope(round(x), round(x + w), round(y), round(y + h));
      boxes.add(box);
      shapes.add(GEOMETRY.toGeometry(box));
      expected.add(new ArrayList<>());
    }
    // JTS's plain intersects, not the server's prepared filter: the brute force stays independent
    layer
        .features()
        .forEach(
            f -> {
              for (int i = 0; i < n; i++) {
                List<Feature> page = expected.get(i);
                if (page.size() < count && f.geometry().intersects(shapes.get(i))) {
                  page.add(f);
                }
              }
            });
    return new SeededBoxes(layer, List.copyOf(boxes), expected);
  }

  private static double round(double degrees) {
    return Math.round(degrees * 1e7) / 1e7;
  }

  /** The point's query with each box as a lon/lat BBOX, in the boxes' order. */
  List<String> queries(String query) {
    List<String> out = new ArrayList<>();
    for (Envelope b : boxes) {
      out.add(
          query
              + String.format(
                  Locale.ROOT,
                  "&BBOX=%.7f,%.7f,%.7f,%.7f,EPSG:4326",
                  b.getMinX(),
                  b.getMinY(),
                  b.getMaxX(),
                  b.getMaxY()));
    }
    return out;
  }

  LoadPlan.BodyValidator validator(GeoCodec codec) {
    return LoadPlan.BodyValidator.perTarget(
        (index, body) -> {
          try {
            Conformance.verify(codec, layer.featureType(), expected.get(index), body);
            return null;
          } catch (IOException | RuntimeException e) {
            return codec.name()
                + " response to box "
                + index
                + " does not validate: "
                + e.getMessage();
          }
        });
  }
}
