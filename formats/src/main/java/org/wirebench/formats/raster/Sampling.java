package org.wirebench.formats.raster;

/**
 * Where each output pixel's centre lies on the globe, shared by both renderers: the longitude of
 * each column and the latitude of each row (Web Mercator's inverse is separable, so a row and a
 * column of projections serve a whole map), and the finest ground resolution in the box, in degrees
 * a pixel, which decides the source level or tile level.
 */
final class Sampling {

  final double[] longitudes;
  final double[] latitudes;
  final double degreesPerPixel;
  final double boxDegreesPerPixel;

  Sampling(WmsRequestList.Request request, WmsRequestList.Srs srs) {
    int width = request.width();
    int height = request.height();
    double resX = (request.maxX() - request.minX()) / width;
    double resY = (request.maxY() - request.minY()) / height;
    longitudes = new double[width];
    latitudes = new double[height];
    boolean geographic = srs == WmsRequestList.Srs.EPSG_4326;
    for (int i = 0; i < width; i++) {
      double x = request.minX() + (i + 0.5) * resX;
      longitudes[i] = geographic ? x : WebMercator.longitude(x);
    }
    for (int j = 0; j < height; j++) {
      double y = request.maxY() - (j + 0.5) * resY;
      latitudes[j] = geographic ? y : WebMercator.latitude(y);
    }
    double west = geographic ? request.minX() : WebMercator.longitude(request.minX());
    double east = geographic ? request.maxX() : WebMercator.longitude(request.maxX());
    double south = geographic ? request.minY() : WebMercator.latitude(request.minY());
    double north = geographic ? request.maxY() : WebMercator.latitude(request.maxY());
    boxDegreesPerPixel = Math.min((east - west) / width, (north - south) / height);
    if (geographic) {
      degreesPerPixel = Math.min(resX, resY);
    } else {
      // at the latitude nearest a pole a metre spans the fewest degrees of longitude's arc
      double nearestPole = Math.max(Math.abs(request.minY()), Math.abs(request.maxY()));
      double lat = Math.min(WebMercator.latitude(nearestPole), WebMercator.MAX_LATITUDE);
      degreesPerPixel =
          Math.toDegrees(Math.min(resX, resY) / WebMercator.RADIUS) * Math.cos(Math.toRadians(lat));
    }
  }

  /**
   * The column of a globe-wide grid of {@code degrees} a pixel and {@code size} columns holding
   * each output column; -1 where the map leaves the globe.
   */
  int[] columns(double degrees, int size) {
    return index(longitudes, -180, 180, degrees, size, 1);
  }

  /** As {@link #columns}, for rows counted from the north. */
  int[] rows(double degrees, int size) {
    return index(latitudes, -90, 90, degrees, size, -1);
  }

  private static int[] index(
      double[] at, double min, double max, double degrees, int size, int direction) {
    int[] out = new int[at.length];
    for (int i = 0; i < at.length; i++) {
      double v = at[i];
      if (!(v >= min && v <= max)) {
        out[i] = -1;
        continue;
      }
      double offset = direction > 0 ? v - min : max - v;
      out[i] = Math.min(size - 1, Math.max(0, (int) Math.floor(offset / degrees)));
    }
    return out;
  }
}
