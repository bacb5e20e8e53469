package org.wirebench.formats.raster;

import java.util.Arrays;
import java.util.List;

/**
 * The renderers a map of Blue Marble can be drawn with, named once: the name each is selected by
 * (the WMS scenario's {@code --wms-renderers}, {@code RasterBenchmark}'s {@code renderer}
 * parameter, the server's endpoints) and what it draws from (the endpoints' capabilities titles).
 */
public enum MapRendererKind {
  /** {@link DirectRenderer}: from the source pyramid, as MapServer. */
  DIRECT("direct", "rendered from the source pyramid"),
  /**
   * {@link TileCacheRenderer}: from the JPEG tile cache, every touched tile decoded, as MapProxy.
   */
  TILECACHE("tilecache", "from a 256x256 JPEG tile cache in EPSG:4326"),
  /**
   * {@link TileCacheRenderer#keepingDecoded}: the same tile cache, decoded tiles kept in a {@link
   * DecodedTileCache} bounded by bytes.
   */
  TILECACHE_MEMORY("tilecache-memory", "from the same tile cache, decoded tiles kept in memory");

  /** The 2010 study's two renderers: the defaults wherever the study is repeated. */
  public static final List<MapRendererKind> STUDY = List.of(DIRECT, TILECACHE);

  private final String id;
  private final String title;

  MapRendererKind(String id, String title) {
    this.id = id;
    this.title = title;
  }

  /** The name it is selected by: {@code direct}, {@code tilecache}, {@code tilecache-memory}. */
  public String id() {
    return id;
  }

  /** What its maps are drawn from, in a sentence's words. */
  public String title() {
    return title;
  }

  /** Every renderer's {@link #id}, in order. */
  public static List<String> ids() {
    return Arrays.stream(values()).map(MapRendererKind::id).toList();
  }

  /**
   * @throws IllegalArgumentException for a name no renderer has, listing the valid ones
   */
  public static MapRendererKind of(String id) {
    for (MapRendererKind k : values()) {
      if (k.id.equals(id)) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        "unknown wms renderer '" + id + "'; valid: " + String.join(", ", ids()));
  }
}
