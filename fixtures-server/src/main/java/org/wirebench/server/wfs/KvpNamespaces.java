package org.wirebench.server.wfs;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.server.http.KvpText;
import org.wirebench.server.http.OwsException;
import org.wirebench.server.wfs.filter.QualifiedNames;

/**
 * A KVP request's namespace declarations: NAMESPACES (WFS 2.0, {@code xmlns(prefix,uri)}) and
 * NAMESPACE (WFS 1.1, {@code xmlns(prefix=uri)}; GDAL sends it so, QGIS in every version and in
 * 2.0's {@code xmlns(prefix,uri)} beside NAMESPACES), read into one set of bindings ("" the default
 * namespace, {@code xmlns(uri)}), and the scope every KVP name is resolved in ({@link
 * QualifiedNames}): these bindings, then the capabilities' prefixes. Read for every operation, so
 * that a malformed value is refused even where no name is read.
 *
 * <p>Refused (InvalidParameterValue, the parameter as the locator): a value that is not such
 * bindings separated by single commas; a prefix that is no NCName or is {@code xmlns}; a prefix
 * bound to no URI (Namespaces in XML 1.0 lets only the default namespace be undeclared); one prefix
 * bound to two URIs, within one parameter or between the two (one binding would be dropped unread);
 * 1.1's {@code xmlns(p=uri)} given as NAMESPACES, which reads as a default namespace {@code p=uri}.
 */
final class KvpNamespaces {
  /** NAMESPACES: {@code xmlns(prefix,uri)} or {@code xmlns(uri)}. */
  private static final Pattern XMLNS_20 =
      Pattern.compile("[ \\t]*xmlns\\(([^,()]*)(?:,([^()]*))?\\)[ \\t]*");

  /** NAMESPACE: {@code xmlns(prefix=uri)}, {@code xmlns(prefix,uri)}, {@code xmlns(uri)}. */
  private static final Pattern XMLNS_11 =
      Pattern.compile("[ \\t]*xmlns\\(([^,()=]*)(?:[=,]([^()]*))?\\)[ \\t]*");

  /** 1.1's {@code p=uri} given bare, as NAMESPACES' default namespace. */
  private static final Pattern NAMESPACE_11_AS_DEFAULT = Pattern.compile("[^:=/]+=.*");

  /** The capabilities' prefixes: each layer's, as its FeatureType element names it. */
  private static final Map<String, String> CAPABILITIES = capabilities();

  /** A request that declares nothing, most of them: its scope made once, not per request. */
  private static final KvpNamespaces NONE = new KvpNamespaces(Map.of());

  private final QualifiedNames.Scope scope;

  private KvpNamespaces(Map<String, String> bindings) {
    this.scope = QualifiedNames.kvp(Collections.unmodifiableMap(bindings), CAPABILITIES);
  }

  /**
   * @param namespaces NAMESPACES as given, or null
   * @param namespace NAMESPACE as given, or null
   */
  static KvpNamespaces of(String namespaces, String namespace) throws OwsException {
    if (namespaces == null && namespace == null) {
      return NONE;
    }
    Map<String, String> b = new TreeMap<>();
    read("NAMESPACES", namespaces, XMLNS_20, "xmlns(prefix,uri)", b, null);
    Map<String, String> own = new TreeMap<>();
    read("NAMESPACE", namespace, XMLNS_11, "xmlns(prefix=uri)", own, b);
    b.putAll(own);
    return new KvpNamespaces(b);
  }

  /** The scope of a KVP name: these bindings, then the capabilities' prefixes. */
  QualifiedNames.Scope scope() {
    return scope;
  }

  /** The capabilities' prefix-to-namespace bindings. */
  static Map<String, String> capabilitiesPrefixes() {
    return CAPABILITIES;
  }

  private static void read(
      String locator,
      String v,
      Pattern xmlns,
      String syntax,
      Map<String, String> into,
      Map<String, String> other)
      throws OwsException {
    if (v == null) {
      return;
    }
    Matcher x = xmlns.matcher(v);
    for (int at = 0; ; at++) {
      x.region(at, v.length());
      if (!x.lookingAt()) {
        throw OwsException.invalid(
            locator, v, "expected " + syntax + " bindings separated by commas");
      }
      String prefix = x.group(2) == null ? "" : KvpText.trim(x.group(1));
      String uri = KvpText.trim(x.group(2) == null ? x.group(1) : x.group(2));
      check(locator, v, prefix, uri, x.group(2) == null);
      String before = into.put(prefix, uri);
      if (before == null && other != null) {
        before = other.get(prefix);
      }
      if (before != null && !before.equals(uri)) {
        throw OwsException.invalid(
            locator,
            v,
            (prefix.isEmpty() ? "the default namespace" : "the prefix " + prefix)
                + " is bound to "
                + before
                + " and to "
                + uri
                + "; bind it once");
      }
      at = x.end();
      if (at == v.length()) {
        return;
      }
      if (v.charAt(at) != ',') {
        throw OwsException.invalid(
            locator, v, "expected " + syntax + " bindings separated by commas");
      }
    }
  }

  private static void check(String locator, String v, String prefix, String uri, boolean bare)
      throws OwsException {
    if (bare && locator.equals("NAMESPACES") && NAMESPACE_11_AS_DEFAULT.matcher(uri).matches()) {
      throw OwsException.invalid(
          locator,
          v,
          "xmlns("
              + uri
              + ") is WFS 1.1's NAMESPACE syntax; NAMESPACES writes xmlns(prefix,uri), and this"
              + " would bind the default namespace to "
              + uri);
    }
    if (!prefix.isEmpty() && (!QualifiedNames.isNcName(prefix) || prefix.equals("xmlns"))) {
      throw OwsException.invalid(
          locator, v, "'" + prefix + "' is no namespace prefix (an NCName other than xmlns)");
    }
    if (uri.isEmpty() && !prefix.isEmpty()) {
      throw OwsException.invalid(
          locator, v, "the prefix " + prefix + " is bound to no URI; only the default may be");
    }
  }

  private static Map<String, String> capabilities() {
    Map<String, String> m = new TreeMap<>();
    for (Dataset d : Datasets.registry().all()) {
      String before = m.put(d.featureType().prefix(), d.featureType().namespaceUri());
      if (before != null && !before.equals(d.featureType().namespaceUri())) {
        throw new IllegalStateException(
            "two layers bind the prefix " + d.featureType().prefix() + " to different namespaces");
      }
    }
    return Collections.unmodifiableMap(m);
  }
}
