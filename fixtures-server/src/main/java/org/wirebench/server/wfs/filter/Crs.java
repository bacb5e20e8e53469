package org.wirebench.server.wfs.filter;

import java.util.List;
import java.util.regex.Pattern;

/** EPSG:4326, the only CRS served, in its spellings, and which of them put latitude first. */
public final class Crs {
  /** The legacy spellings, longitude first. */
  private static final List<String> LON_LAT =
      List.of("EPSG:4326", "http://www.opengis.net/gml/srs/epsg.xml#4326");

  /**
   * EPSG's own axis order (lat/lon): the OGC URNs, final ({@code urn:ogc:def:crs:EPSG::4326}) and
   * provisional ({@code urn:x-ogc:def:crs:EPSG::4326}, which OWSLib sends for WFS 1.1), with or
   * without an EPSG database version in the empty field ({@code EPSG:6.6:4326}); GeoServer's {@code
   * urn:x-ogc:def:crs:EPSG:4326}, which drops that field; and the http URI.
   */
  private static final Pattern LAT_LON =
      Pattern.compile(
          "urn:(?:x-)?ogc:def:crs:EPSG:(?:\\d+(?:\\.\\d+)*)?:4326"
              + "|urn:x-ogc:def:crs:EPSG:4326"
              + "|http://www\\.opengis\\.net/def/crs/EPSG/0/4326");

  private Crs() {}

  public static boolean is4326(String srs) {
    return LON_LAT.contains(srs) || LAT_LON.matcher(srs).matches();
  }

  /** Whether {@code srs} (one of the 4326 spellings) puts latitude first. */
  public static boolean isLatLon(String srs) {
    return LAT_LON.matcher(srs).matches();
  }
}
