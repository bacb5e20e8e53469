package org.wirebench.server.http;

/**
 * EPSG:4326's range, longitude -180..180 and latitude -90..90, for a box a client gives (a WFS
 * BBOX, a filter's envelope, a WMS BBOX): a box beyond it was read as the whole world, and a
 * latitude of ±180 is almost always a box in the other axis order.
 */
public final class LonLatRange {
  private LonLatRange() {}

  /**
   * Why a box is outside the range, or null when it is inside.
   *
   * @param latFirst whether the client wrote latitude first (the CRS's axis order), for the hint
   */
  public static String outside(
      double minLon, double minLat, double maxLon, double maxLat, boolean latFirst) {
    String lat = Math.abs(minLat) > 90 ? fmt(minLat) : Math.abs(maxLat) > 90 ? fmt(maxLat) : null;
    if (lat != null) {
      boolean swapped = Math.abs(minLat) <= 180 && Math.abs(maxLat) <= 180;
      return "latitude "
          + lat
          + " is beyond ±90"
          + (swapped && latFirst
              ? ": this CRS is latitude first (minlat,minlon,maxlat,maxlon); a longitude there is"
                  + " the axis order swapped"
              : swapped ? ": is it a longitude, the axes swapped?" : "");
    }
    String lon = Math.abs(minLon) > 180 ? fmt(minLon) : Math.abs(maxLon) > 180 ? fmt(maxLon) : null;
    if (lon != null) {
      return "longitude " + lon + " is beyond ±180";
    }
    return null;
  }

  private static String fmt(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
