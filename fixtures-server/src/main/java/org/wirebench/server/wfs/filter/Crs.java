package org.wirebench.server.wfs.filter;

import java.util.List;

/** EPSG:4326, the only CRS served, in its spellings, and which of them put latitude first. */
public final class Crs {
  private static final List<String> SPELLINGS =
      List.of(
          "EPSG:4326",
          "urn:ogc:def:crs:EPSG::4326",
          "urn:x-ogc:def:crs:EPSG:4326",
          "http://www.opengis.net/gml/srs/epsg.xml#4326",
          "http://www.opengis.net/def/crs/EPSG/0/4326");

  /** EPSG's own axis order (lat/lon): the URN and http://www.opengis.net/def spellings. */
  private static final List<String> LAT_LON =
      List.of(
          "urn:ogc:def:crs:EPSG::4326",
          "urn:x-ogc:def:crs:EPSG:4326",
          "http://www.opengis.net/def/crs/EPSG/0/4326");

  private Crs() {}

  public static boolean is4326(String srs) {
    return SPELLINGS.contains(srs);
  }

  /** Whether {@code srs} (one of the 4326 spellings) puts latitude first. */
  public static boolean isLatLon(String srs) {
    return LAT_LON.contains(srs);
  }
}
