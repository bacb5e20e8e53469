package org.wirebench.server.wfs.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The spellings of EPSG:4326 clients send, and the axis order each one means. */
class CrsTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "EPSG:4326, true, false",
    "http://www.opengis.net/gml/srs/epsg.xml#4326, true, false",
    "urn:ogc:def:crs:EPSG::4326, true, true",
    "urn:ogc:def:crs:EPSG:6.6:4326, true, true",
    // OWSLib 0.27's WFS 1.1 BBOX names it so
    "urn:x-ogc:def:crs:EPSG::4326, true, true",
    // GeoServer's WFS 1.1 output names it so
    "urn:x-ogc:def:crs:EPSG:4326, true, true",
    "http://www.opengis.net/def/crs/EPSG/0/4326, true, true",
    "EPSG:3857, false, false",
    "urn:ogc:def:crs:EPSG::43260, false, false",
    "urn:ogc:def:crs:EPSG::3857, false, false",
    "epsg:4326, false, false"
  })
  void spellings(String srs, boolean is4326, boolean latLon) {
    assertEquals(is4326, Crs.is4326(srs));
    assertEquals(latLon, Crs.isLatLon(srs));
  }
}
