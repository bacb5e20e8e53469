package org.wirebench.formats.geo;

/** The geometry types our feature types use, with their names in each format. */
public enum GeometryKind {
  POINT("Point", "gml:PointPropertyType", "gml:PointPropertyType", "gml:PointPropertyType"),
  /**
   * GML 3.1.1 still has LineStringPropertyType (deprecated, but what GeoServer declares, and what
   * GDAL reads back as LineString); GML 3.2.1 dropped it, leaving CurvePropertyType.
   */
  LINE_STRING(
      "LineString",
      "gml:LineStringPropertyType",
      "gml:LineStringPropertyType",
      "gml:CurvePropertyType");

  private final String geoJsonType;
  private final String gml2PropertyType;
  private final String gml31PropertyType;
  private final String gml32PropertyType;

  GeometryKind(
      String geoJsonType,
      String gml2PropertyType,
      String gml31PropertyType,
      String gml32PropertyType) {
    this.geoJsonType = geoJsonType;
    this.gml2PropertyType = gml2PropertyType;
    this.gml31PropertyType = gml31PropertyType;
    this.gml32PropertyType = gml32PropertyType;
  }

  /** Also the GML element name: {@code gml:Point}, {@code gml:LineString}. */
  public String geoJsonType() {
    return geoJsonType;
  }

  public String gml2PropertyType() {
    return gml2PropertyType;
  }

  public String gml31PropertyType() {
    return gml31PropertyType;
  }

  public String gml32PropertyType() {
    return gml32PropertyType;
  }
}
