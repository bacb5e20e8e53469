package org.wirebench.server.wfs;

import java.util.List;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.registry.UnknownNameException;
import org.wirebench.server.http.KvpText;
import org.wirebench.server.http.OwsException;
import org.wirebench.server.wfs.filter.QualifiedNames;

/**
 * A request's type names as layers, and its property names (PROPERTYNAME, SORTBY) as a type's
 * properties, each read by {@link QualifiedNames}' rule in the request's KVP scope ({@link
 * KvpNamespaces}: NAMESPACES and NAMESPACE, then the capabilities' prefixes). A prefix nothing
 * binds, or bound to another namespace than the layer's, is refused with the parameter as the
 * locator; a type name without a prefix takes the default namespace NAMESPACES declares, and
 * without one names the layer of that name (every layer here is in one namespace); a property name
 * without a prefix is the type's own, as in a FILTER.
 */
final class TypeNames {
  private final String locator;
  private final QualifiedNames.Scope scope;

  /**
   * @param locator how the version spells the type-name parameter in its exceptions
   * @param namespaces the request's namespace declarations
   */
  TypeNames(String locator, KvpNamespaces namespaces) {
    this.locator = locator;
    this.scope = namespaces.scope();
  }

  /**
   * DescribeFeatureType's types: those named (comma separated, each with or without its prefix), or
   * every layer when none is named, as the standards say.
   */
  List<Dataset> described(String name) throws OwsException {
    if (name == null || KvpText.isBlank(name)) {
      return List.copyOf(Datasets.registry().all());
    }
    List<Dataset> out = new java.util.ArrayList<>();
    for (String one : name.split(",", -1)) {
      Dataset d = dataset(KvpText.trim(one));
      if (out.contains(d)) {
        // its schema would declare the type's elements twice: an invalid document
        throw OwsException.invalid(locator, name, d.name() + " is named twice");
      }
      out.add(d);
    }
    return out;
  }

  /** A type name, with or without the namespace prefix, as a layer. */
  Dataset dataset(String name) throws OwsException {
    if (name.isEmpty()) {
      throw OwsException.invalid(locator, name, "an empty type name");
    }
    QualifiedNames.Name n;
    try {
      n = QualifiedNames.resolve(name, scope, true);
    } catch (QualifiedNames.Unresolved e) {
      throw OwsException.invalid(locator, name, e.getMessage());
    }
    Dataset dataset;
    try {
      dataset = Datasets.get(n.local());
    } catch (UnknownNameException e) {
      throw OwsException.invalid(locator, name, e.getMessage());
    }
    try {
      QualifiedNames.localIn(name, scope, true, dataset.featureType().namespaceUri(), "the layers");
    } catch (QualifiedNames.Unresolved e) {
      throw OwsException.invalid(locator, name, e.getMessage());
    }
    return dataset;
  }

  /**
   * A property name as PROPERTYNAME or SORTBY give it, with or without a prefix: its local name.
   * What is no qualified name (a path, {@code :name}) is no property of the type.
   *
   * @param value the parameter's whole value, for the exception
   */
  static String propertyName(
      String locator, String value, String name, FeatureType type, QualifiedNames.Scope scope)
      throws OwsException {
    try {
      return QualifiedNames.localIn(
          name, scope, false, type.namespaceUri(), type.name() + "'s properties");
    } catch (QualifiedNames.Unresolved e) {
      throw OwsException.invalid(
          locator,
          value,
          e.syntax()
              ? "'" + name + "' is not a property of " + type.prefix() + ":" + type.name()
              : e.getMessage());
    }
  }
}
