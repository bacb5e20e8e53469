package org.wirebench.server.wfs.filter;

import javax.xml.namespace.NamespaceContext;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.xml.XsdWhiteSpace;
import org.wirebench.server.wfs.filter.Comparisons.Property;

/**
 * A filter's property references resolved against one feature type: a declared attribute or the
 * geometry, named bare or with a prefix the filter's XML binds to the type's namespace. Anything
 * else — a path, a function call, an expression — is no property and is refused, never evaluated.
 *
 * <p>Names are read by {@link QualifiedNames}' rule, as PROPERTYNAME's and SORTBY's are: a prefix
 * is resolved through the FILTER's own declarations in scope where it is written, as a QName in XML
 * is; one bound to another namespace names another property (even when it is spelled as the
 * capabilities' {@code osm:}), and one bound nowhere names none, so both are refused. A bare name
 * is the type's own: XPath 1.0 (§2.3), which FES 2.0's ValueReference is, puts an unprefixed name
 * in no namespace whatever default namespace is declared (a Filter written with {@code
 * xmlns="http://www.opengis.net/fes/2.0"} would otherwise have no properties), and clients write
 * property names bare.
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
      if (type.geometryName().equals(local)) {
        throw FilterException.unsupported(
            op + " on the geometry is not supported; use BBOX or Intersects");
      }
      throw FilterException.invalid(
          "'" + ref + "' is not a property of " + type.prefix() + ":" + type.name());
    }
    return new Property(i, type.attributes().get(i));
  }

  boolean isGeometry(String ref, NamespaceContext ns) throws FilterException {
    return type.geometryName().equals(localName(ref, ns));
  }

  /**
   * The local part of {@code prefix:name} or {@code name}, resolved by {@link QualifiedNames}' rule
   * through the FILTER's own declarations; null for anything else (paths, {@code *}, {@code @attr},
   * {@code text()}).
   *
   * @throws FilterException when the prefix is bound to another namespace than the type's, or bound
   *     nowhere
   */
  private String localName(String ref, NamespaceContext ns) throws FilterException {
    try {
      return QualifiedNames.localIn(
          XsdWhiteSpace.trim(ref),
          QualifiedNames.xml(ns),
          false,
          type.namespaceUri(),
          type.name() + "'s properties");
    } catch (QualifiedNames.Unresolved e) {
      if (e.syntax()) {
        return null;
      }
      throw FilterException.invalid(e.getMessage());
    }
  }
}
