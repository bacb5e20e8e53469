package org.wirebench.formats.geo;

import java.util.Objects;

/**
 * One non-geometry property of a feature type. Optional attributes may be null on a feature; GML
 * omits them ({@code minOccurs="0"}), GeoJSON writes {@code null}.
 */
public record Attribute(String name, AttributeType type, boolean optional) {
  public Attribute {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }

  public static Attribute required(String name, AttributeType type) {
    return new Attribute(name, type, false);
  }

  public static Attribute optional(String name, AttributeType type) {
    return new Attribute(name, type, true);
  }
}
