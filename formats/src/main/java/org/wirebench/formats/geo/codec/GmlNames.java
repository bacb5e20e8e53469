package org.wirebench.formats.geo.codec;

/** Namespace URIs and schema locations of the documents the GML codecs write. */
public final class GmlNames {
  public static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

  /** GML 2's namespace, which GML 3.1.1 keeps. */
  public static final String GML2 = "http://www.opengis.net/gml";

  public static final String WFS1 = "http://www.opengis.net/wfs";
  public static final String GML32 = "http://www.opengis.net/gml/3.2";
  public static final String WFS2 = "http://www.opengis.net/wfs/2.0";
  public static final String WFS1_LOCATION = "http://schemas.opengis.net/wfs/1.0.0/WFS-basic.xsd";
  public static final String WFS2_LOCATION = "http://schemas.opengis.net/wfs/2.0/wfs.xsd";
  public static final String WFS11_LOCATION = "http://schemas.opengis.net/wfs/1.1.0/wfs.xsd";
  public static final String GML31_LOCATION = "http://schemas.opengis.net/gml/3.1.1/base/gml.xsd";
  public static final String GML2_LOCATION = "http://schemas.opengis.net/gml/2.1.2/feature.xsd";
  public static final String GML32_LOCATION = "http://schemas.opengis.net/gml/3.2.1/gml.xsd";

  /** GML 2 / WFS 1.0 name EPSG:4326 with lon/lat axis order. */
  public static final String SRS_LONLAT = "EPSG:4326";

  /**
   * WFS 1.1 names EPSG:4326 by the provisional URN of OGC 05-010 (as GeoServer's 1.1 output does),
   * lat/lon like the final one.
   */
  public static final String SRS_X_LATLON = "urn:x-ogc:def:crs:EPSG:4326";

  /** WFS 2.0 names EPSG:4326 by URN, whose axis order is lat/lon. */
  public static final String SRS_LATLON = "urn:ogc:def:crs:EPSG::4326";

  private GmlNames() {}

  /**
   * Where a WFS at the same base would serve the feature type's schema: a relative
   * DescribeFeatureType request, as GeoServer writes it.
   */
  public static String describeFeatureType(String version, String prefix, String typeName) {
    return describeFeatureType(null, version, prefix, typeName);
  }

  /**
   * The same request on {@code endpoint} (an absolute URL without a query), or relative to the
   * document when it is null.
   */
  public static String describeFeatureType(
      String endpoint, String version, String prefix, String typeName) {
    return describeFeatureType(endpoint, version, java.util.List.of(prefix + ":" + typeName));
  }

  /** One DescribeFeatureType of several types ({@code prefix:name} each), one schema for all. */
  public static String describeFeatureType(
      String endpoint, String version, java.util.List<String> qualifiedNames) {
    return (endpoint == null ? "wfs" : endpoint)
        + "?service=WFS&version="
        + version
        + "&request=DescribeFeatureType&typeName="
        + String.join(",", qualifiedNames);
  }
}
