package org.wirebench.formats.geo.data;

import java.util.SplittableRandom;

/** The extent the generated datasets live in: Switzerland, lon 5.96..10.49, lat 45.82..47.81. */
final class SwitzerlandBox {
  static final double MIN_LON = 5.96;
  static final double MAX_LON = 10.49;
  static final double MIN_LAT = 45.82;
  static final double MAX_LAT = 47.81;

  private SwitzerlandBox() {}

  static double lon(SplittableRandom r) {
    return MIN_LON + r.nextDouble() * (MAX_LON - MIN_LON);
  }

  static double lat(SplittableRandom r) {
    return MIN_LAT + r.nextDouble() * (MAX_LAT - MIN_LAT);
  }

  static double clampLon(double lon) {
    return Math.max(MIN_LON, Math.min(MAX_LON, lon));
  }

  static double clampLat(double lat) {
    return Math.max(MIN_LAT, Math.min(MAX_LAT, lat));
  }

  /**
   * A random source for feature {@code index} of a dataset, independent of every other index, so
   * feature i is the same whether it is generated first or after a million others.
   */
  static SplittableRandom randomFor(long seed, long index) {
    return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
  }
}
