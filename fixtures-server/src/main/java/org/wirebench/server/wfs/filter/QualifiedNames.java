package org.wirebench.server.wfs.filter;

import java.util.Map;
import java.util.regex.Pattern;
import javax.xml.namespace.NamespaceContext;

/**
 * The one rule by which every qualified name in a WFS request is read: a type name (TYPENAMES,
 * TYPENAME), a property name (PROPERTYNAME, SORTBY, a FILTER's ValueReference or PropertyName) and
 * the type an {@code xsi:type} in a FILTER names.
 *
 * <ul>
 *   <li>A name is an NCName or {@code prefix:NCName} (Namespaces in XML 1.0 §4); anything else
 *       ({@code :name}, {@code a:b:c}, a path) names nothing here.
 *   <li>A prefix is resolved through the declarations in scope where it is written ({@link Scope}):
 *       in a FILTER its {@code xmlns:} declarations, as XML resolves a QName (and XPath 1.0 §2.3 a
 *       ValueReference's); in a KVP parameter NAMESPACES (2.0) or NAMESPACE (1.1), and beneath them
 *       the capabilities' own prefixes, since the capabilities advertise {@code osm:helsinki_pois}
 *       and clients copy it without NAMESPACES (GDAL, OWSLib, the CITE tests; WFS 2.0 §7.9.2.4.1
 *       asks that the name match one the capabilities advertise). A prefix nothing binds is
 *       refused: it says nothing about the namespace.
 *   <li>An unprefixed QName (a type name, an xsi:type) is in the default namespace when one is
 *       declared (XML Schema's QName); an unprefixed property name is an XPath step, in no
 *       namespace whatever default is declared (XPath 1.0 §2.3), and names the type's own property.
 * </ul>
 *
 * In the filter package because the KVP readers (in wfs) use it and the filter parser must not
 * depend on them.
 */
public final class QualifiedNames {
  /** XML 1.0's NameStartChar and NameChar without the colon: an NCName. */
  private static final Pattern NCNAME =
      Pattern.compile(
          "[\\p{L}_\\p{Nl}][\\p{L}\\p{Nl}\\p{Nd}\\p{Mn}\\p{Mc}\\p{Lm}_.\\-\\u00B7\\u203F\\u2040]*");

  private QualifiedNames() {}

  /** A name resolved: its namespace ("" for none) and its local part. */
  public record Name(String namespace, String local) {}

  /** Why a name names nothing; its reader refuses it with its own code and locator. */
  public static final class Unresolved extends Exception {
    private static final long serialVersionUID = 1L;
    private final boolean syntax;

    Unresolved(String message, boolean syntax) {
      super(message, null, false, false);
      this.syntax = syntax;
    }

    /** Whether the text is no qualified name at all (a path, an empty part, two colons). */
    public boolean syntax() {
      return syntax;
    }
  }

  /** The namespace declarations in scope where a name is written. */
  public interface Scope {
    /** The namespace {@code prefix} is bound to, "" for the default; null when nothing binds it. */
    String uri(String prefix);

    /** What binds {@code prefix} (for a message), e.g. "xmlns:osm in the FILTER". */
    String binder(String prefix);

    /** What was looked in for a prefix nothing binds, e.g. "no xmlns:osm in the FILTER". */
    String unbound(String prefix);
  }

  /** A FILTER's scope: the {@code xmlns} declarations in scope at the reader's element. */
  public static Scope xml(NamespaceContext ns) {
    return new Scope() {
      @Override
      public String uri(String prefix) {
        String uri = ns.getNamespaceURI(prefix);
        return uri == null || (uri.isEmpty() && !prefix.isEmpty()) ? null : uri;
      }

      @Override
      public String binder(String prefix) {
        return (prefix.isEmpty() ? "xmlns" : "xmlns:" + prefix) + " in the FILTER";
      }

      @Override
      public String unbound(String prefix) {
        return "bound by no xmlns:" + prefix + " in the FILTER";
      }
    };
  }

  /**
   * A KVP request's scope: its own bindings (NAMESPACES and NAMESPACE merged; "" the default
   * namespace), and beneath them the capabilities' prefixes.
   */
  public static Scope kvp(Map<String, String> request, Map<String, String> capabilities) {
    return new Scope() {
      @Override
      public String uri(String prefix) {
        String own = request.get(prefix);
        return own != null || prefix.isEmpty() ? own : capabilities.get(prefix);
      }

      @Override
      public String binder(String prefix) {
        return request.containsKey(prefix)
            ? "NAMESPACES (or NAMESPACE) binds " + (prefix.isEmpty() ? "the default" : prefix)
            : "the capabilities' " + prefix + ":";
      }

      @Override
      public String unbound(String prefix) {
        return "bound neither by NAMESPACES (or NAMESPACE) nor by the capabilities ("
            + String.join(
                ", ",
                capabilities.entrySet().stream()
                    .map(e -> e.getKey() + ": " + e.getValue())
                    .toList())
            + ")";
      }
    };
  }

  /**
   * Whether {@code s} is an NCName: a prefix, or a name's local part. An ASCII name is decided here
   * (in ASCII the pattern's classes are the letters, {@code _}, and after the first character the
   * digits, {@code .} and {@code -}): the pattern's matcher on every type name was 1% of the
   * server's CPU on an osm_places GetFeature. Anything else goes to the pattern.
   */
  public static boolean isNcName(String s) {
    if (s == null) {
      return false;
    }
    int n = s.length();
    if (n == 0) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        return byPattern(s);
      }
      boolean ok =
          c >= 'a' && c <= 'z'
              || c >= 'A' && c <= 'Z'
              || c == '_'
              || i > 0 && (c >= '0' && c <= '9' || c == '.' || c == '-');
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  /** {@link #isNcName} by the pattern alone, for any string (and the tests' reference). */
  static boolean byPattern(String s) {
    return NCNAME.matcher(s).matches();
  }

  /**
   * Resolves {@code name} in {@code scope}.
   *
   * @param qname true for a QName (a type name, an xsi:type), which takes the default namespace;
   *     false for a property name, an XPath step, which does not
   */
  public static Name resolve(String name, Scope scope, boolean qname) throws Unresolved {
    int colon = name.indexOf(':');
    String prefix = colon < 0 ? "" : name.substring(0, colon);
    String local = colon < 0 ? name : name.substring(colon + 1);
    if (!isNcName(local) || (colon >= 0 && !isNcName(prefix))) {
      throw new Unresolved(
          "'" + Envelopes.shorten(name) + "' is no qualified name (prefix:name or name)", true);
    }
    if (colon < 0) {
      String uri = qname ? scope.uri("") : null;
      return new Name(uri == null ? "" : uri, local);
    }
    String uri = scope.uri(prefix);
    if (uri == null || uri.isEmpty()) {
      throw new Unresolved(
          "the prefix '"
              + Envelopes.shorten(prefix)
              + "' of '"
              + Envelopes.shorten(name)
              + "' is "
              + scope.unbound(Envelopes.shorten(prefix)),
          false);
    }
    return new Name(uri, local);
  }

  /**
   * The local part of {@code name}, which must name something in {@code namespace}: a name in no
   * namespace is taken as the server's own (every type and property here is in one namespace, and
   * clients write names bare).
   *
   * @param owner what {@code namespace} holds, for a message ("helsinki_pois's properties")
   */
  public static String localIn(
      String name, Scope scope, boolean qname, String namespace, String owner) throws Unresolved {
    Name n = resolve(name, scope, qname);
    if (!n.namespace().isEmpty() && !n.namespace().equals(namespace)) {
      int colon = name.indexOf(':');
      throw new Unresolved(
          "'"
              + Envelopes.shorten(name)
              + "' is in "
              + Envelopes.shorten(n.namespace())
              + " ("
              + scope.binder(colon < 0 ? "" : name.substring(0, colon))
              + "); "
              + owner
              + " are in "
              + namespace,
          false);
    }
    return n.local();
  }
}
