package org.wirebench.formats.raster;

/**
 * The raster study's {@code direct} path, as MapServer renders from a tiled source with overviews:
 * pick the overview for the requested resolution, then fill each output pixel with the nearest
 * source pixel to its centre — in EPSG:4326 directly, in EPSG:3857 through the inverse projection
 * of each row's and each column's centre (Web Mercator's x depends on longitude only and y on
 * latitude only, so a row and a column index suffice). Returns packed RGB ints; encoding is the
 * caller's (the JPEG codec is measured on its own).
 */
public final class DirectRenderer {
  private final Pyramid pyramid;

  public DirectRenderer(Pyramid pyramid) {
    this.pyramid = pyramid;
  }

  /**
   * @param request its box in the SRS's units: degrees (4326) or metres (3857)
   */
  public int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs) {
    int width = request.width();
    int height = request.height();
    double resX = (request.maxX() - request.minX()) / width;
    double resY = (request.maxY() - request.minY()) / height;
    int[] columns = new int[width];
    int[] rows = new int[height];
    double degreesPerPixel;
    if (srs == WmsRequestList.Srs.EPSG_4326) {
      degreesPerPixel = Math.min(resX, resY);
    } else {
      // the finest ground resolution in the box decides the level: at its latitude nearest the pole
      // a metre spans the fewest degrees
      double lowest = Math.max(Math.abs(request.minY()), Math.abs(request.maxY()));
      double lat = WebMercator.latitude(lowest);
      degreesPerPixel =
          Math.toDegrees(Math.min(resX, resY) / WebMercator.RADIUS) * Math.cos(Math.toRadians(lat));
    }
    Pyramid.Level level = pyramid.levelFor(degreesPerPixel);
    double d = level.degreesPerPixel();
    for (int i = 0; i < width; i++) {
      double x = request.minX() + (i + 0.5) * resX;
      double lon = srs == WmsRequestList.Srs.EPSG_4326 ? x : WebMercator.longitude(x);
      columns[i] = clamp((int) Math.floor((lon + 180) / d), level.width());
    }
    for (int j = 0; j < height; j++) {
      double y = request.maxY() - (j + 0.5) * resY;
      double lat = srs == WmsRequestList.Srs.EPSG_4326 ? y : WebMercator.latitude(y);
      rows[j] = clamp((int) Math.floor((90 - lat) / d), level.height());
    }
    int[] out = new int[width * height];
    int[] source = level.rgb();
    for (int j = 0; j < height; j++) {
      int from = rows[j] * level.width();
      int to = j * width;
      for (int i = 0; i < width; i++) {
        out[to + i] = source[from + columns[i]];
      }
    }
    return out;
  }

  private static int clamp(int index, int size) {
    return index < 0 ? 0 : Math.min(size - 1, index);
  }
}
