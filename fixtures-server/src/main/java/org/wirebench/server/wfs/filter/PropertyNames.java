package org.wirebench.server.wfs.filter;

import javax.xml.namespace.NamespaceContext;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.server.wfs.filter.Comparisons.Property;

/**
 * A filter's property references resolved against one feature type: a declared attribute or the
 * geometry, named bare or with a prefix bound to the type's namespace. Anything else — a path, a
 * function call, an expression — is no property and is refused, never evaluated.
 */
final class PropertyNames {
  private final FeatureType type;

  PropertyNames(FeatureType type) {
    this.type = type;
  }

  /** The declared attribute {@code ref} names, for operator {@code op}. */
  Property attribute(String ref, String op, NamespaceContext ns) throws FilterException {
    String local = localName(ref, ns);
    int i = local == null ? -1 : type.indexOf(local);
    if (i < 0) {
      if (isGeometry(ref, ns)) {
        throw FilterException.unsupported(
            op + " on the geometry is not supported; use BBOX or Intersects");
      }
      throw FilterException.invalid(
          "'" + ref + "' is not a property of " + type.prefix() + ":" + type.name());
    }
    return new Property(i, type.attributes().get(i));
  }

  boolean isGeometry(String ref, NamespaceContext ns) {
    return type.geometryName().equals(localName(ref, ns));
  }

  /** The local part of {@code prefix:name} or {@code name}; null for anything else (paths). */
  private String localName(String ref, NamespaceContext ns) {
    String s = ref.strip();
    int colon = s.indexOf(':');
    String prefix = colon < 0 ? null : s.substring(0, colon);
    String local = colon < 0 ? s : s.substring(colon + 1);
    if (!local.matches("[A-Za-z_][A-Za-z0-9_.-]*")) {
      return null;
    }
    if (prefix != null
        && !prefix.equals(type.prefix())
        && !type.namespaceUri().equals(ns.getNamespaceURI(prefix))) {
      return null;
    }
    return local;
  }
}
