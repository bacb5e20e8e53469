package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;

/**
 * The features a layer's brute force runs over ({@link FilterSelectionTest}), in the layer's order:
 * all of a real layer's, or those of a generated layer (1,000,000 features) meeting a seeded {@code
 * box}, found in one pass and kept for the test run; a filter is then asked within that box.
 */
record FilterUniverse(String layer, List<Feature> features, Envelope box) {
  /** Where a generated layer's sample box is drawn: the same box every run. */
  private static final long SAMPLE_SEED = 20261125L;

  private static final GeometryFactory GEOMETRY = new GeometryFactory();
  private static final Map<String, FilterUniverse> UNIVERSES = new ConcurrentHashMap<>();

  static FilterUniverse of(String layer) {
    return UNIVERSES.computeIfAbsent(layer, FilterUniverse::brute);
  }

  private static FilterUniverse brute(String layer) {
    Dataset d = Datasets.get(layer);
    if (d.size() < 1_000_000) {
      return new FilterUniverse(layer, d.features().toList(), null);
    }
    // a 0.05° × 0.04° box inside Switzerland, where the generated layers lie: some hundreds of
    // features, so that every filter selects some of them and leaves others
    SplittableRandom r = new SplittableRandom(SAMPLE_SEED);
    double lon = 6.5 + r.nextDouble() * 3.5;
    double lat = 46.0 + r.nextDouble() * 1.5;
    Envelope box = new Envelope(lon, lon + 0.05, lat, lat + 0.04);
    Geometry area = GEOMETRY.toGeometry(box);
    List<Feature> in =
        d.features()
            .filter(
                f ->
                    f.geometry().getEnvelopeInternal().intersects(box)
                        && f.geometry().intersects(area))
            .toList();
    assertTrue(in.size() >= 50, layer + ": only " + in.size() + " features in the sample box");
    return new FilterUniverse(layer, in, box);
  }

  /** A filter's FES 2.0 body within the box (unchanged when the universe is the whole layer). */
  String fes(String filter) {
    if (box == null) {
      return filter;
    }
    return "<fes:And><fes:BBOX><fes:ValueReference>geom</fes:ValueReference>"
        + "<gml:Envelope srsName=\"urn:ogc:def:crs:EPSG::4326\"><gml:lowerCorner>"
        + box.getMinY()
        + " "
        + box.getMinX()
        + "</gml:lowerCorner><gml:upperCorner>"
        + box.getMaxY()
        + " "
        + box.getMaxX()
        + "</gml:upperCorner></gml:Envelope></fes:BBOX>"
        + filter
        + "</fes:And>";
  }

  /** The same for a Filter Encoding 1.0 body (lon/lat). */
  String ogc(String filter) {
    if (box == null) {
      return filter;
    }
    return "<ogc:And><ogc:BBOX><ogc:PropertyName>geom</ogc:PropertyName>"
        + "<gml:Box srsName=\"EPSG:4326\"><gml:coordinates>"
        + box.getMinX()
        + ","
        + box.getMinY()
        + " "
        + box.getMaxX()
        + ","
        + box.getMaxY()
        + "</gml:coordinates></gml:Box></ogc:BBOX>"
        + filter
        + "</ogc:And>";
  }
}
