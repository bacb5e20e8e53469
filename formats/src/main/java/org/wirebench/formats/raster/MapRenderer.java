package org.wirebench.formats.raster;

import java.io.IOException;

/**
 * Draws one GetMap request as packed RGB pixels, row by row from the north-west corner. The study's
 * two answers to the same question: {@link DirectRenderer} from the source pyramid and {@link
 * TileCacheRenderer} from a JPEG tile cache. Implementations are thread-safe.
 */
public interface MapRenderer {
  /**
   * A pixel where the map leaves the globe: white, as MapServer's default background, when encoded
   * as RGB (the top byte is ignored), and told apart by its top byte (no source pixel has 0x01
   * there) where a server paints its BGCOLOR or leaves it transparent.
   */
  int OFF_GLOBE = 0x01FFFFFF;

  /**
   * @param request its box in the SRS's units: degrees (4326) or metres (3857); any box; pixels off
   *     the globe are {@link #OFF_GLOBE}
   */
  int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs) throws IOException;

  /**
   * The same, telling {@code watch} of the rows drawn as it goes ({@link RowWatch}); a renderer
   * that cannot tells it once, before it draws.
   */
  default int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs, RowWatch watch)
      throws IOException {
    watch.drawn(0);
    return render(request, srs);
  }
}
