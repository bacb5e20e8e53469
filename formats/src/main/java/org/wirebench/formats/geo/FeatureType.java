package org.wirebench.formats.geo;

import java.util.List;
import java.util.Objects;

/**
 * A feature type as a WFS would publish it: a qualified name, ordered attributes, one geometry
 * property. Coordinates are always WGS 84 (EPSG:4326), held as x = longitude, y = latitude.
 *
 * @param name the local name, also the layer name ({@code osm_mainroads})
 * @param namespaceUri the application schema's target namespace
 * @param prefix the namespace prefix the encoders write
 * @param attributes the non-geometry properties, in document order
 * @param geometryName the geometry property's name
 * @param geometryKind the geometry type every feature has
 */
public record FeatureType(
    String name,
    String namespaceUri,
    String prefix,
    List<Attribute> attributes,
    String geometryName,
    GeometryKind geometryKind) {

  public static final String DEFAULT_NAMESPACE = "http://wirebench.org/osm";
  public static final String DEFAULT_PREFIX = "osm";
  public static final int EPSG = 4326;

  public FeatureType {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(namespaceUri, "namespaceUri");
    Objects.requireNonNull(prefix, "prefix");
    attributes = List.copyOf(attributes);
    Objects.requireNonNull(geometryName, "geometryName");
    Objects.requireNonNull(geometryKind, "geometryKind");
  }

  public static FeatureType of(String name, GeometryKind kind, Attribute... attributes) {
    return new FeatureType(
        name, DEFAULT_NAMESPACE, DEFAULT_PREFIX, List.of(attributes), "geom", kind);
  }

  /** Index of the named attribute, or -1. */
  public int indexOf(String attributeName) {
    for (int i = 0; i < attributes.size(); i++) {
      if (attributes.get(i).name().equals(attributeName)) {
        return i;
      }
    }
    return -1;
  }
}
