package org.wirebench.formats.geo.codec;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;

/**
 * The opening of each WFS response document, up to its first member, for one feature type or
 * several (a GetFeature of several type names). Written once a document.
 *
 * <p>The namespace declarations and the schema location depend only on the WFS version, the types'
 * prefixes, namespaces and names, and the schema base: they are built once for each of these and
 * kept ({@link #fixed}); a document adds its counts, time stamp and paging links. Built per request
 * they were 1-2% of a WFS server's CPU on a 223 KB GML 3.2 GetFeature.
 */
final class GmlHeaders {
  private GmlHeaders() {}

  /** The documents whose fixed part differs. */
  private enum Kind {
    WFS_1_0,
    WFS_1_1,
    WFS_2_0,
    BARE_GML_32
  }

  /** What of a type the fixed part says: a projected type (PROPERTYNAME) shares its type's. */
  private record TypeName(String prefix, String namespaceUri, String name) {}

  private record Key(Kind kind, String schemaBase, List<TypeName> types) {}

  /**
   * Fixed parts kept at most: schema bases are the server's endpoints (its local addresses and
   * paths, or its public base; the server writes the path a request was routed by, never its
   * spelling), but a request chooses its local address and endpoint, so the memory is bounded; a
   * key past it empties the kept parts and is kept.
   */
  static final int MAX_KEPT = 256;

  private static final ConcurrentHashMap<Key, String> FIXED = new ConcurrentHashMap<>();

  /** The fixed part of a {@code kind} document of {@code types} on {@code schemaBase}. */
  private static String fixed(Kind kind, List<FeatureType> types, String schemaBase) {
    TypeName[] names = new TypeName[types.size()];
    for (int i = 0; i < names.length; i++) {
      FeatureType t = types.get(i);
      names[i] = new TypeName(t.prefix(), t.namespaceUri(), t.name());
    }
    Key key = new Key(kind, schemaBase, List.of(names));
    String kept = FIXED.get(key);
    if (kept != null) {
      return kept;
    }
    String built = build(kind, types, schemaBase);
    if (FIXED.size() >= MAX_KEPT) {
      // full: start again rather than keep the first 256 keys for good, which one client's sweep
      // (every order of the types, every endpoint) chose for everyone; the parts are rebuilt on
      // their next use, and a sweep repeated costs what no cache would
      FIXED.clear();
    }
    FIXED.putIfAbsent(key, built);
    return built;
  }

  /** How many fixed parts are kept (for tests). */
  static int kept() {
    return FIXED.size();
  }

  private static String build(Kind kind, List<FeatureType> types, String schemaBase) {
    return switch (kind) {
      case WFS_1_0 ->
          start(GmlNames.WFS1, GmlNames.GML2, types)
              + schemaLocation(
                  GmlNames.WFS1
                      + " "
                      + GmlNames.WFS1_LOCATION
                      + " "
                      + typeLocations(types, schemaBase, WfsVersion.V1_0_0.code()))
              + "><gml:boundedBy>";
      case WFS_1_1 ->
          start(GmlNames.WFS1, GmlNames.GML2, types)
              + schemaLocation(
                  GmlNames.WFS1
                      + " "
                      + GmlNames.WFS11_LOCATION
                      + " "
                      + typeLocations(types, schemaBase, WfsVersion.V1_1_0.code()));
      case WFS_2_0 ->
          start(GmlNames.WFS2, GmlNames.GML32, types)
              + schemaLocation(
                  GmlNames.WFS2
                      + " "
                      + GmlNames.WFS2_LOCATION
                      + " "
                      + gml32Locations(types, schemaBase));
      case BARE_GML_32 ->
          " xmlns:gml=\""
              + GmlNames.GML32
              + "\""
              + typeNamespaces(types)
              + " xmlns:xsi=\""
              + GmlNames.XSI
              + "\""
              + schemaLocation(gml32Locations(types, schemaBase));
    };
  }

  /** WFS 1.0: the collection's start tag and the opening of its required gml:boundedBy. */
  static String gml2(FeatureType type, String schemaBase) {
    return gml2(List.of(type), schemaBase);
  }

  static String gml2(List<FeatureType> types, String schemaBase) {
    return fixed(Kind.WFS_1_0, types, schemaBase);
  }

  /**
   * WFS 1.1: the collection's start tag with numberOfFeatures (those written, or those matched for
   * resultType=hits) and its time stamp.
   */
  static String gml31(
      List<FeatureType> types, String schemaBase, long numberOfFeatures, Instant timeStamp) {
    return fixed(Kind.WFS_1_1, types, schemaBase)
        + " numberOfFeatures=\""
        + numberOfFeatures
        + "\" timeStamp=\""
        + DateTimeFormatter.ISO_INSTANT.format(timeStamp)
        + "\">";
  }

  /** WFS 2.0: the collection's start tag with its counts, paging links and time stamp. */
  static String gml32(FeatureType type, FeatureCollection c) {
    return gml32(List.of(type), c.schemaBase(), c.paging(), c.size(), c.timeStamp());
  }

  static String gml32(
      List<FeatureType> types,
      String schemaBase,
      FeatureCollection.Paging p,
      int numberReturned,
      Instant timeStamp) {
    return fixed(Kind.WFS_2_0, types, schemaBase)
        + counts(p.numberMatched(), numberReturned, timeStamp)
        + (p.previous() == null ? "" : " previous=\"" + escape(p.previous()) + "\"")
        + (p.next() == null ? "" : " next=\"" + escape(p.next()) + "\"")
        + ">";
  }

  /** WFS 2.0's required counts and time stamp, as attributes. */
  static String counts(long numberMatched, int numberReturned, Instant timeStamp) {
    return " numberMatched=\""
        + numberMatched
        + "\" numberReturned=\""
        + numberReturned
        + "\" timeStamp=\""
        + DateTimeFormatter.ISO_INSTANT.format(timeStamp)
        + "\"";
  }

  /**
   * A bare GML 3.2 feature's namespace declarations and schema location (GetFeatureById): what the
   * WFS 2.0 collection declares, less the WFS namespace.
   */
  static String gml32Namespaces(FeatureType type, String schemaBase) {
    return fixed(Kind.BARE_GML_32, List.of(type), schemaBase);
  }

  /** GML 3.2's schema and the types' application schemas, as schemaLocation pairs. */
  private static String gml32Locations(List<FeatureType> types, String schemaBase) {
    return GmlNames.GML32
        + " "
        + GmlNames.GML32_LOCATION
        + " "
        + typeLocations(types, schemaBase, WfsVersion.V2_0_0.code());
  }

  /**
   * Each namespace of {@code types} and where its schema is served: one DescribeFeatureType of the
   * types in that namespace.
   */
  private static String typeLocations(List<FeatureType> types, String schemaBase, String version) {
    Map<String, List<String>> names = new LinkedHashMap<>();
    for (FeatureType t : types) {
      names
          .computeIfAbsent(t.namespaceUri(), k -> new java.util.ArrayList<>())
          .add(t.prefix() + ":" + t.name());
    }
    StringBuilder b = new StringBuilder();
    names.forEach(
        (ns, qualified) ->
            b.append(b.length() == 0 ? "" : " ")
                .append(ns)
                .append(' ')
                .append(GmlNames.describeFeatureType(schemaBase, version, qualified)));
    return b.toString();
  }

  private static String start(String wfsNs, String gmlNs, List<FeatureType> types) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        + "<wfs:FeatureCollection xmlns:wfs=\""
        + wfsNs
        + "\" xmlns:gml=\""
        + gmlNs
        + "\""
        + typeNamespaces(types)
        + " xmlns:xsi=\""
        + GmlNames.XSI
        + "\"";
  }

  /** One declaration a prefix. */
  private static String typeNamespaces(List<FeatureType> types) {
    Map<String, String> byPrefix = new LinkedHashMap<>();
    for (FeatureType t : types) {
      String bound = byPrefix.putIfAbsent(t.prefix(), t.namespaceUri());
      if (bound != null && !bound.equals(t.namespaceUri())) {
        throw new IllegalArgumentException(
            "prefix " + t.prefix() + " names both " + bound + " and " + t.namespaceUri());
      }
    }
    StringBuilder b = new StringBuilder();
    byPrefix.forEach(
        (p, ns) -> b.append(" xmlns:").append(p).append("=\"").append(escape(ns)).append('"'));
    return b.toString();
  }

  private static String schemaLocation(String value) {
    return " xsi:schemaLocation=\"" + escape(value) + "\"";
  }

  private static String escape(String value) {
    return value.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
  }
}
