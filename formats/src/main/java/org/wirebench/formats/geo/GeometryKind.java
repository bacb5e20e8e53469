package org.wirebench.formats.geo;

/** The geometry types our feature types use, with their names in each format. */
public enum GeometryKind {
  POINT("Point", "gml:PointPropertyType", "gml:PointPropertyType", "gml:PointPropertyType", false),
  /**
   * GML 3.1.1 still has LineStringPropertyType (deprecated, but what GeoServer declares, and what
   * GDAL reads back as LineString); GML 3.2.1 dropped it, leaving CurvePropertyType, which takes
   * any curve, so that GDAL reads a property of that type as a CompoundCurve unless the schema says
   * the property holds LineStrings only ({@link #gml32Restriction}).
   */
  LINE_STRING(
      "LineString",
      "gml:LineStringPropertyType",
      "gml:LineStringPropertyType",
      "gml:CurvePropertyType",
      true);

  private final String geoJsonType;
  private final String gml2PropertyType;
  private final String gml31PropertyType;
  private final String gml32PropertyType;
  private final boolean gml32Wider;

  GeometryKind(
      String geoJsonType,
      String gml2PropertyType,
      String gml31PropertyType,
      String gml32PropertyType,
      boolean gml32Wider) {
    this.geoJsonType = geoJsonType;
    this.gml2PropertyType = gml2PropertyType;
    this.gml31PropertyType = gml31PropertyType;
    this.gml32PropertyType = gml32PropertyType;
    this.gml32Wider = gml32Wider;
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

  /**
   * The XML comment a GML 3.2 schema writes right after a property of this kind when {@link
   * #gml32PropertyType} takes more than this kind ({@code restricted to LineString}), else empty.
   * XML Schema has no way to say it (GML 3.2.1 declares no LineString property type), and a comment
   * changes nothing a validator checks; GDAL reads it (its GML reader's schema parser takes a
   * following comment "restricted to LineString" as the property's type, and its own GML 3.2 writer
   * writes one), so that a line layer is a LineString layer there as in GML 2 and 3.1.1.
   */
  public java.util.Optional<String> gml32Restriction() {
    return gml32Wider
        ? java.util.Optional.of("<!-- restricted to " + geoJsonType + " -->")
        : java.util.Optional.empty();
  }
}
