package org.wirebench.formats.raster;

import java.io.IOException;

/**
 * Told of a map's progress as it is drawn, every {@link #ROWS} output rows (and at its first): it
 * may stop the map by throwing, so a server can give up a map whose client has gone without drawing
 * it to the end.
 */
@FunctionalInterface
public interface RowWatch {
  /** Output rows drawn between two calls: 4096-row maps are asked 65 times. */
  int ROWS = 64;

  /** Never stops a map. */
  RowWatch NONE = rows -> {};

  /**
   * @param rows output rows drawn since the last call (0 at the first, before any is drawn)
   * @throws IOException to stop the map
   */
  void drawn(int rows) throws IOException;
}
