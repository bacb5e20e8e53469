package org.wirebench.formats.raster;

/**
 * EPSG:4326 ↔ EPSG:3857 (Web Mercator, "Popular Visualisation Pseudo-Mercator") in closed form on
 * the WGS 84 semi-major axis as a sphere, which is how EPSG defines 3857 — no library needed for
 * this one projection. Latitudes beyond ±85.0511287798° (where y passes the square's edge) are
 * outside the projection's extent.
 */
public final class WebMercator {
  /** WGS 84 semi-major axis, m. */
  public static final double RADIUS = 6378137.0;

  /** The square extent's half side, m: π · RADIUS. */
  public static final double HALF_EXTENT = Math.PI * RADIUS;

  /** The latitude where y reaches {@link #HALF_EXTENT}. */
  public static final double MAX_LATITUDE = Math.toDegrees(Math.atan(Math.sinh(Math.PI)));

  private WebMercator() {}

  public static double x(double longitude) {
    return Math.toRadians(longitude) * RADIUS;
  }

  /**
   * @throws IllegalArgumentException beyond ±{@link #MAX_LATITUDE}
   */
  public static double y(double latitude) {
    if (Math.abs(latitude) > MAX_LATITUDE + 1e-9) {
      throw new IllegalArgumentException(
          "latitude " + latitude + " is outside Web Mercator's ±" + MAX_LATITUDE);
    }
    double phi = Math.toRadians(latitude);
    return Math.log(Math.tan(Math.PI / 4 + phi / 2)) * RADIUS;
  }

  public static double longitude(double x) {
    return Math.toDegrees(x / RADIUS);
  }

  public static double latitude(double y) {
    return Math.toDegrees(Math.atan(Math.sinh(y / RADIUS)));
  }
}
