package org.wirebench.formats.raster;

/**
 * The raster study's {@code direct} path, as MapServer renders from a tiled source with overviews:
 * pick the overview for the requested resolution, then fill each output pixel with the nearest
 * source pixel to its centre — in EPSG:4326 directly, in EPSG:3857 through the inverse projection
 * of each row's and each column's centre (see {@link Sampling}). Pixels off the globe are {@link
 * #OFF_GLOBE}. Returns packed RGB ints; encoding is the caller's (the JPEG codec is measured on its
 * own). Thread-safe.
 */
public final class DirectRenderer implements MapRenderer {
  private final Pyramid pyramid;

  public DirectRenderer(Pyramid pyramid) {
    this.pyramid = pyramid;
  }

  /**
   * @param request its box in the SRS's units: degrees (4326) or metres (3857)
   */
  @Override
  public int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs) {
    try {
      return render(request, srs, RowWatch.NONE);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e); // RowWatch.NONE never throws
    }
  }

  @Override
  public int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs, RowWatch watch)
      throws java.io.IOException {
    Sampling at = new Sampling(request, srs);
    Pyramid.Level level = pyramid.levelFor(at.degreesPerPixel);
    int[] columns = at.columns(level.degreesPerPixel(), level.width());
    int[] rows = at.rows(level.degreesPerPixel(), level.height());
    int width = request.width();
    int[] out = new int[width * request.height()];
    for (int j = 0; j < rows.length; j++) {
      if (j % RowWatch.ROWS == 0) {
        watch.drawn(j == 0 ? 0 : RowWatch.ROWS);
      }
      int to = j * width;
      if (rows[j] < 0) {
        java.util.Arrays.fill(out, to, to + width, OFF_GLOBE);
        continue;
      }
      int[] source = level.strip(rows[j]);
      int from = level.offset(rows[j]);
      for (int i = 0; i < width; i++) {
        int c = columns[i];
        out[to + i] = c < 0 ? OFF_GLOBE : source[from + c];
      }
    }
    return out;
  }
}
