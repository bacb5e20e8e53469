package org.wirebench.server.wms;

import java.util.Map;
import org.eclipse.jetty.util.StringUtil;
import org.wirebench.server.http.KvpNames;
import org.wirebench.server.http.KvpNumbers;
import org.wirebench.server.http.OwsException;

/**
 * The parameter names each WMS operation takes: those WMS 1.0.0 to 1.3.0 define, and a short list
 * of vendor hints real clients send that this server understands and that cannot change the map.
 * Any other name is refused: ignored, {@code TIME%00=2020} or {@code ANGLE=45} answered 200 with a
 * map other than the one asked for.
 */
final class WmsParameters {
  private WmsParameters() {}

  private static final Map<String, String> CAPABILITIES =
      KvpNames.spellings("SERVICE", "REQUEST", "VERSION", "WMTVER", "FORMAT", "UPDATESEQUENCE");

  /**
   * GetMap's names, refused ones ({@code TIME}, {@code SLD}, …) included: they get their own no.
   */
  private static final Map<String, String> GET_MAP =
      KvpNames.spellings(
          "SERVICE",
          "REQUEST",
          "VERSION",
          "WMTVER",
          "LAYERS",
          "STYLES",
          "CRS",
          "SRS",
          "BBOX",
          "WIDTH",
          "HEIGHT",
          "FORMAT",
          "TRANSPARENT",
          "BGCOLOR",
          "EXCEPTIONS",
          "TIME",
          "ELEVATION",
          "SLD",
          "SLD_BODY",
          "SLD_VERSION",
          "WFS",
          // QGIS's WMS provider sends the screen's resolution as one of these three, as its DPI
          // mode says (QGIS server's, MapServer's, GeoServer's); maps here are drawn pixel for
          // pixel by nearest neighbour, and no renderer takes a resolution, so none changes a map
          "DPI",
          "MAP_RESOLUTION",
          "FORMAT_OPTIONS",
          // GeoServer's meta-tiling hint, which QGIS, GDAL and OpenLayers send for tiled layers:
          // it changes how a server caches, never the image
          "TILED");

  /** Refuses a name GetCapabilities does not take. */
  static void checkCapabilities(Map<String, String> lowerCaseParams) throws OwsException {
    KvpNames.check(lowerCaseParams, CAPABILITIES, "InvalidParameterValue", "WMS GetCapabilities");
  }

  /**
   * Refuses a name GetMap does not take ({@code DIM_*} is refused before, by name), and a vendor
   * hint with a value it does not understand: a resolution is a positive number, {@code
   * FORMAT_OPTIONS} only {@code dpi:N} (its other keys, antialiasing, layout, would change the
   * map), {@code TILED} TRUE or FALSE.
   */
  static void checkGetMap(Map<String, String> lowerCaseParams) throws OwsException {
    KvpNames.check(lowerCaseParams, GET_MAP, "InvalidParameterValue", "WMS GetMap");
    resolution("DPI", lowerCaseParams.get("dpi"));
    resolution("MAP_RESOLUTION", lowerCaseParams.get("map_resolution"));
    String options = lowerCaseParams.get("format_options");
    if (options != null) {
      String lower = StringUtil.asciiToLowerCase(options);
      if (!lower.startsWith("dpi:")) {
        throw OwsException.invalid(
            "FORMAT_OPTIONS",
            options,
            "only dpi:N is understood (a map here does not change with the resolution); other"
                + " format options would change the map and are not served");
      }
      resolution("FORMAT_OPTIONS", options.substring(4));
    }
    String tiled = lowerCaseParams.get("tiled");
    if (tiled != null
        && !StringUtil.asciiEqualsIgnoreCase(tiled, "true")
        && !StringUtil.asciiEqualsIgnoreCase(tiled, "false")) {
      throw OwsException.invalid("TILED", tiled, "TRUE or FALSE");
    }
  }

  private static void resolution(String name, String v) throws OwsException {
    if (v == null) {
      return;
    }
    double dpi;
    try {
      dpi = KvpNumbers.decimal(v);
    } catch (NumberFormatException e) {
      throw OwsException.invalid(name, v, "a resolution in dots per inch (" + e.getMessage() + ")");
    }
    if (dpi <= 0) {
      throw OwsException.invalid(name, v, "a resolution is above 0 dots per inch");
    }
  }

  /**
   * Refuses an EPSG:4326 or CRS:84 box beyond latitude -90..90: 1.3.0's latitude-first {@code
   * CRS=EPSG:4326&BBOX=-180,-90,180,90} (the classic axis swap) drew a band of the world where the
   * world was meant. A longitude beyond ±180 is not refused: a map across the antimeridian is drawn
   * with BGCOLOR east of 180° (WmsServerTest), as clients showing world copies ask.
   *
   * @param lonLat the box, longitude first
   * @param latFirst whether the request wrote latitude first (1.3.0's EPSG:4326)
   */
  static void checkLonLat(String bbox, double[] lonLat, String crs, boolean latFirst)
      throws OwsException {
    String outside =
        org.wirebench.server.http.LonLatRange.outside(0, lonLat[1], 0, lonLat[3], latFirst);
    if (outside != null) {
      throw OwsException.invalid(
          "BBOX",
          bbox,
          "outside "
              + crs
              + ": "
              + outside
              + (latFirst ? " (WMS 1.3.0's EPSG:4326; for longitude first use CRS=CRS:84)" : ""));
    }
  }
}
