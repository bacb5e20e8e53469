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
 * The GeoServer study's point layer: OSM places of Switzerland, generated, with the type mix and
 * populations of a real extract (many hamlets and villages, few cities).
 */
public final class OsmPlaces extends GeneratedDataset {
  public static final String NAME = "osm_places";
  public static final long SEED = 20130605L;

  private static final FeatureType TYPE =
      FeatureType.of(
          NAME,
          GeometryKind.POINT,
          Attribute.required("osm_id", AttributeType.LONG),
          Attribute.required("name", AttributeType.STRING),
          Attribute.required("type", AttributeType.STRING),
          Attribute.optional("population", AttributeType.INT));
  private static final String[] TYPES = {"city", "town", "village", "hamlet", "suburb"};
  private static final int[] TYPE_WEIGHTS = {1, 9, 40, 35, 15};
  private static final int[] MIN_POPULATION = {50_000, 10_000, 200, 10, 1_000};
  private static final int[] MAX_POPULATION = {400_000, 50_000, 10_000, 200, 30_000};

  private final GeometryFactory geometryFactory = new GeometryFactory();

  public OsmPlaces() {
    super(TYPE);
  }

  @Override
  Feature feature(int index) {
    SplittableRandom r = SwitzerlandBox.randomFor(SEED, index);
    int kind = OsmMainroads.weighted(r, TYPE_WEIGHTS);
    Integer population =
        kind >= 3 && r.nextInt(3) == 0
            ? null
            : MIN_POPULATION[kind] + r.nextInt(MAX_POPULATION[kind] - MIN_POPULATION[kind]);
    Object[] values = {
      20_000_000L + index * 16L + r.nextInt(16), SwissNames.place(r), TYPES[kind], population
    };
    Coordinate at = new Coordinate(SwitzerlandBox.lon(r), SwitzerlandBox.lat(r));
    return new Feature(NAME + "." + (index + 1), values, geometryFactory.createPoint(at));
  }
}
