package org.wirebench.formats.geo;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/**
 * One feature: an id unique in its dataset, attribute values in the order of its type's attributes
 * (null where an optional attribute is absent), and a geometry in lon/lat.
 */
public final class Feature {
  private final String id;
  private final Object[] values;
  private final Geometry geometry;

  public Feature(String id, Object[] values, Geometry geometry) {
    this.id = Objects.requireNonNull(id, "id");
    this.values = values.clone();
    this.geometry = Objects.requireNonNull(geometry, "geometry");
  }

  public String id() {
    return id;
  }

  public Object value(int attributeIndex) {
    return values[attributeIndex];
  }

  public int valueCount() {
    return values.length;
  }

  public List<Object> values() {
    return Arrays.asList(values.clone());
  }

  public Geometry geometry() {
    return geometry;
  }

  /**
   * The positions of a point or line feature, as the encoders walk them.
   *
   * @throws IllegalArgumentException for other geometries, which no feature type here declares
   */
  public CoordinateSequence positions() {
    if (geometry instanceof Point p) {
      return p.getCoordinateSequence();
    }
    if (geometry instanceof LineString line) {
      return line.getCoordinateSequence();
    }
    throw new IllegalArgumentException(
        "feature " + id + ": unsupported geometry " + geometry.getGeometryType());
  }

  @Override
  public String toString() {
    return id + Arrays.toString(values) + " " + geometry;
  }
}
