package org.wirebench.formats.raster;

import java.io.IOException;

/**
 * Draws one GetMap request as packed RGB pixels, row by row from the north-west corner. The study's
 * two answers to the same question: {@link DirectRenderer} from the source pyramid and {@link
 * TileCacheRenderer} from a JPEG tile cache. Implementations are thread-safe.
 */
public interface MapRenderer {
  /**
   * @param request its box in the SRS's units: degrees (4326) or metres (3857); any box, pixels off
   *     the globe are white
   */
  int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs) throws IOException;
}
