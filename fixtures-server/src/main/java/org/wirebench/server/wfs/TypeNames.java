package org.wirebench.server.wfs;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.registry.UnknownNameException;
import org.wirebench.server.http.OwsException;

/**
 * A request's type names as layers: each with or without its prefix, the prefix checked against the
 * request's NAMESPACES bindings (WFS 2.0) where it gives them.
 */
final class TypeNames {
  /** One NAMESPACES binding: {@code xmlns(prefix,uri)} or {@code xmlns(uri)}. */
  private static final java.util.regex.Pattern XMLNS =
      java.util.regex.Pattern.compile("\\s*xmlns\\(([^,()]*)(?:,([^()]*))?\\)\\s*");

  private final String locator;
  private final String namespaces;

  /**
   * @param locator how the version spells the type-name parameter in its exceptions
   * @param namespaces NAMESPACES as given, or null
   */
  TypeNames(String locator, String namespaces) {
    this.locator = locator;
    this.namespaces = namespaces;
  }

  /**
   * DescribeFeatureType's types: those named (comma separated, each with or without its prefix), or
   * every layer when none is named, as the standards say.
   */
  List<Dataset> described(String name) throws OwsException {
    if (name == null || name.isBlank()) {
      return List.copyOf(Datasets.registry().all());
    }
    List<Dataset> out = new java.util.ArrayList<>();
    for (String one : name.split(",", -1)) {
      Dataset d = dataset(one.strip());
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
    String local = name.contains(":") ? name.substring(name.indexOf(':') + 1) : name;
    Dataset dataset;
    try {
      dataset = Datasets.get(local);
    } catch (UnknownNameException e) {
      throw OwsException.invalid(locator, name, e.getMessage());
    }
    String prefix = name.contains(":") ? name.substring(0, name.indexOf(':')) : "";
    String bound = namespaces().get(prefix);
    if (bound == null && !prefix.isEmpty() && !prefix.equals(dataset.featureType().prefix())) {
      // a prefix nothing binds says nothing about the namespace: the name cannot be resolved
      throw OwsException.invalid(
          locator,
          name,
          "the prefix "
              + prefix
              + " is not bound; use "
              + dataset.featureType().prefix()
              + ", the capabilities' prefix, or bind it with NAMESPACES=xmlns("
              + prefix
              + ","
              + dataset.featureType().namespaceUri()
              + ")");
    }
    if (bound != null && !bound.equals(dataset.featureType().namespaceUri())) {
      throw OwsException.invalid(
          locator,
          name,
          "NAMESPACES (or NAMESPACE) binds "
              + (prefix.isEmpty() ? "the default prefix" : prefix)
              + " to "
              + bound
              + "; "
              + local
              + " is in "
              + dataset.featureType().namespaceUri());
    }
    return dataset;
  }

  /**
   * A property name as PROPERTYNAME or SORTBY give it, with or without a prefix: its local name. A
   * prefix must be the type's own (the capabilities') or bound by NAMESPACES to the type's
   * namespace: before, any prefix was dropped unread.
   *
   * @param namespaces NAMESPACES as given, or null
   */
  static String propertyName(
      String locator,
      String value,
      String name,
      org.wirebench.formats.geo.FeatureType type,
      String namespaces)
      throws OwsException {
    int colon = name.indexOf(':');
    if (colon < 0) {
      return name;
    }
    String prefix = name.substring(0, colon);
    String bound = bindings(namespaces).get(prefix);
    if (bound == null ? !prefix.equals(type.prefix()) : !bound.equals(type.namespaceUri())) {
      throw OwsException.invalid(
          locator,
          value,
          "the prefix of "
              + name
              + (bound == null ? " is not bound" : " is bound to " + bound)
              + "; "
              + type.name()
              + "'s properties are in "
              + type.namespaceUri()
              + " ("
              + type.prefix()
              + ":)");
    }
    return name.substring(colon + 1);
  }

  /**
   * NAMESPACES (2.0) and WFS 1.1's NAMESPACE ({@code xmlns(prefix=uri)}, which GDAL and QGIS send;
   * QGIS sends it in 2.0's {@code xmlns(prefix,uri)} beside NAMESPACES too) as one NAMESPACES
   * value: NAMESPACE was ignored, so a prefix it bound to another namespace than the layer's still
   * named the layer. A prefix the two bind to different namespaces is refused.
   *
   * @return the bindings in NAMESPACES' syntax, or null when neither is given
   */
  static String merged(String namespaces, String namespace) throws OwsException {
    if (namespace == null) {
      return namespaces;
    }
    StringBuilder b = new StringBuilder();
    java.util.regex.Matcher x = XMLNS_11.matcher(namespace);
    for (int at = 0; ; ) {
      x.region(at, namespace.length());
      if (!x.lookingAt()) {
        throw OwsException.invalid(
            "NAMESPACE", namespace, "expected xmlns(prefix=uri) bindings separated by commas");
      }
      b.append(b.length() == 0 ? "" : ",").append("xmlns(").append(x.group(1));
      b.append(x.group(2) == null ? "" : "," + x.group(2)).append(')');
      at = x.end();
      if (at == namespace.length()) {
        break;
      }
      if (namespace.charAt(at) != ',') {
        throw OwsException.invalid(
            "NAMESPACE", namespace, "expected xmlns(prefix=uri) bindings separated by commas");
      }
      at++;
    }
    Map<String, String> own = bindings(b.toString());
    for (Map.Entry<String, String> e : bindings(namespaces).entrySet()) {
      String other = own.get(e.getKey());
      if (other != null && !other.equals(e.getValue())) {
        throw OwsException.invalid(
            "NAMESPACE",
            namespace,
            "it binds "
                + (e.getKey().isEmpty() ? "the default prefix" : e.getKey())
                + " to "
                + other
                + ", NAMESPACES to "
                + e.getValue());
      }
    }
    return namespaces == null ? b.toString() : namespaces + "," + b;
  }

  /**
   * One NAMESPACE binding: {@code xmlns(prefix=uri)}, {@code xmlns(prefix,uri)}, {@code
   * xmlns(uri)}.
   */
  private static final java.util.regex.Pattern XMLNS_11 =
      java.util.regex.Pattern.compile("\\s*xmlns\\(([^,()=]*)(?:[=,]([^()]*))?\\)\\s*");

  private Map<String, String> namespaces() throws OwsException {
    return bindings(namespaces);
  }

  /** NAMESPACES (2.0): {@code xmlns(prefix,uri)} bindings, comma separated; "" the default. */
  private static Map<String, String> bindings(String v) throws OwsException {
    Map<String, String> m = new TreeMap<>();
    if (v == null) {
      return m;
    }
    // one comma between two bindings: a trailing one, or none, was read past
    java.util.regex.Matcher x = XMLNS.matcher(v);
    for (int at = 0; ; at++) {
      x.region(at, v.length());
      if (!x.lookingAt()) {
        throw OwsException.invalid(
            "NAMESPACES", v, "expected xmlns(prefix,uri) bindings separated by commas");
      }
      if (x.group(2) == null) {
        m.put("", x.group(1));
      } else {
        m.put(x.group(1), x.group(2));
      }
      at = x.end();
      if (at == v.length()) {
        return m;
      }
      if (v.charAt(at) != ',') {
        throw OwsException.invalid(
            "NAMESPACES", v, "expected xmlns(prefix,uri) bindings separated by commas");
      }
    }
  }
}
