package org.wirebench.formats.geo.data;

import java.util.SplittableRandom;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.AttributeType;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;

/**
 * The GeoServer study's line layer: OSM main roads of Switzerland, generated. Vertex counts (mean
 * {@value #MEAN_VERTICES_X2}/2) and name lengths are calibrated so that 200 features encode near
 * the study's sizes (230 KB GML 3.2, 150 KB GML 2); coordinates are full-precision doubles, as data
 * reprojected on the fly would be, and each codec decides how many decimals it prints.
 */
public final class OsmMainroads extends GeneratedDataset {
  public static final String NAME = "osm_mainroads";
  public static final long SEED = 20130604L;
  static final int MEAN_VERTICES_X2 = 37;

  /** The attributes of a road; the Helsinki roads share them. */
  static final Attribute[] ROAD_ATTRIBUTES = {
    Attribute.required("osm_id", AttributeType.LONG),
    Attribute.optional("name", AttributeType.STRING),
    Attribute.required("type", AttributeType.STRING),
    Attribute.optional("ref", AttributeType.STRING),
    Attribute.required("oneway", AttributeType.BOOLEAN),
    Attribute.optional("maxspeed", AttributeType.INT),
    Attribute.required("bridge", AttributeType.BOOLEAN),
    Attribute.required("tunnel", AttributeType.BOOLEAN)
  };

  private static final FeatureType TYPE =
      FeatureType.of(NAME, GeometryKind.LINE_STRING, ROAD_ATTRIBUTES);
  private static final String[] TYPES = {"motorway", "trunk", "primary", "secondary"};
  private static final int[] TYPE_WEIGHTS = {10, 10, 35, 45};
  private static final int[] SPEEDS = {120, 100, 80, 60};

  private final GeometryFactory geometryFactory = new GeometryFactory();

  public OsmMainroads() {
    super(TYPE);
  }

  @Override
  Feature feature(int index) {
    SplittableRandom r = SwitzerlandBox.randomFor(SEED, index);
    int kind = weighted(r, TYPE_WEIGHTS);
    boolean motorway = kind == 0;
    Object[] values = {
      4_000_000L + index * 16L + r.nextInt(16),
      motorway && r.nextInt(3) > 0 ? null : SwissNames.street(r),
      TYPES[kind],
      kind == 3 && r.nextBoolean() ? null : ref(r, kind),
      motorway || r.nextInt(7) == 0,
      r.nextInt(5) == 0 ? null : SPEEDS[kind] - (r.nextInt(3) == 0 ? 20 : 0),
      r.nextInt(20) == 0,
      r.nextInt(50) == 0
    };
    return new Feature(NAME + "." + (index + 1), values, line(r));
  }

  private org.locationtech.jts.geom.LineString line(SplittableRandom r) {
    int n = 2 + r.nextInt(MEAN_VERTICES_X2 - 3);
    Coordinate[] coords = new Coordinate[n];
    double lon = SwitzerlandBox.lon(r);
    double lat = SwitzerlandBox.lat(r);
    double heading = r.nextDouble() * 2 * Math.PI;
    for (int i = 0; i < n; i++) {
      coords[i] = new Coordinate(lon, lat);
      heading += (r.nextDouble() - 0.5) * 0.6;
      double step = 0.0004 + r.nextDouble() * 0.002;
      lon = SwitzerlandBox.clampLon(lon + Math.cos(heading) * step * 1.45);
      lat = SwitzerlandBox.clampLat(lat + Math.sin(heading) * step);
    }
    return geometryFactory.createLineString(coords);
  }

  private static String ref(SplittableRandom r, int kind) {
    return switch (kind) {
      case 0 -> "A" + (1 + r.nextInt(16));
      case 1 -> "A" + (1 + r.nextInt(28)) + (r.nextBoolean() ? "" : "a");
      default -> Integer.toString(1 + r.nextInt(30));
    };
  }

  static int weighted(SplittableRandom r, int[] weights) {
    int total = 0;
    for (int w : weights) {
      total += w;
    }
    int pick = r.nextInt(total);
    for (int i = 0; i < weights.length; i++) {
      pick -= weights[i];
      if (pick < 0) {
        return i;
      }
    }
    return weights.length - 1;
  }
}
