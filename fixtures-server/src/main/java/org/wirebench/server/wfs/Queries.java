package org.wirebench.server.wfs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.xml.XsdWhiteSpace;
import org.wirebench.server.http.KvpText;
import org.wirebench.server.http.OwsException;

/**
 * The queries of an ad-hoc GetFeature: one a type name, each with its own FILTER, PROPERTYNAME and
 * SORTBY. WFS 1.0/1.1 list the types comma separated ({@code a,b}); WFS 2.0 puts each query in
 * parentheses ({@code (a)(b)}), where {@code a,b} would be a join, which is not served. With
 * several queries, the per-query parameters come one a query in parentheses ({@code
 * FILTER=(<Filter>…</Filter>)(<Filter>…</Filter>)}); BBOX, RESOURCEID and FEATUREID apply to every
 * query; count/maxFeatures and startIndex to the whole response.
 */
final class Queries {
  /** One query: its layer and what it selects of it. */
  record Query(Dataset dataset, Selection selection) {}

  /** Most queries one request may hold. */
  static final int MAX_QUERIES = 16;

  private static final Pattern GROUP = Pattern.compile("\\(([^()]*)\\)");

  /** Between two parenthesised XML filters: the ")(" before the next element. */
  private static final Pattern XML_GROUPS =
      Pattern.compile("\\)[ \\t\\r\\n]*\\([ \\t\\r\\n]*(?=<)");

  private Queries() {}

  static List<Query> of(WfsRequest wfs, Map<String, String> params) throws OwsException {
    String locator = wfs.isV2() ? "typeNames" : "typeName";
    List<String> names = typeNames(wfs, params, locator);
    List<Dataset> layers = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String name : names) {
      Dataset d = wfs.dataset(KvpText.trim(name));
      if (!seen.add(d.name())) {
        // the same features twice would repeat their gml:ids: an invalid document
        throw OwsException.invalid(
            locator,
            params.getOrDefault("typenames", params.get("typename")),
            d.name() + " is named twice; ask for it once and combine the filters with Or");
      }
      layers.add(d);
    }
    if (params.get("typenames") != null || params.get("typename") != null) {
      checkIdTypes(params, layers);
    }
    int n = layers.size();
    List<String> filters = perQuery(params, "filter", "FILTER", n, true);
    List<String> properties = perQuery(params, "propertyname", "PROPERTYNAME", n, false);
    List<String> sorts = perQuery(params, "sortby", "SORTBY", n, false);
    List<Query> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Map<String, String> own = params;
      if (!java.util.Objects.equals(filters.get(i), params.get("filter"))
          || !java.util.Objects.equals(properties.get(i), params.get("propertyname"))
          || !java.util.Objects.equals(sorts.get(i), params.get("sortby"))) {
        // a query of several, or a filter out of its parentheses: its own values over the rest (a
        // query whose values are the request's reads the request's map, which no one changes)
        own = new TreeMap<>(params);
        put(own, "filter", filters.get(i));
        put(own, "propertyname", properties.get(i));
        put(own, "sortby", sorts.get(i));
      }
      out.add(new Query(layers.get(i), new Selection(own, wfs.isV1(), wfs.names())));
    }
    return out;
  }

  private static List<String> typeNames(WfsRequest wfs, Map<String, String> params, String locator)
      throws OwsException {
    String v = params.getOrDefault("typenames", params.get("typename"));
    if (v == null || KvpText.isBlank(v)) {
      String ids = params.getOrDefault("resourceid", params.get("featureid"));
      if (ids != null && !KvpText.isBlank(ids)) {
        return typesOfIds(ids);
      }
      throw OwsException.missing(locator);
    }
    List<String> names;
    if (KvpText.trim(v).startsWith("(")) {
      names = groups(v, locator);
      for (String g : names) {
        if (g.contains(",")) {
          throw join(g, v, locator);
        }
      }
    } else if (v.contains(",") && wfs.isV2()) {
      throw join(v, v, locator);
    } else {
      names = List.of(v.split(",", -1));
    }
    if (names.size() > MAX_QUERIES) {
      throw OwsException.invalid(
          locator, v, names.size() + " queries; at most " + MAX_QUERIES + " a request");
    }
    return names;
  }

  /**
   * Without type names, RESOURCEID (FEATUREID) says which types to query (WFS 2.0 7.9.2.4.1): the
   * layers its ids name ({@code layer.N}), in the order they first appear.
   */
  private static List<String> typesOfIds(String ids) throws OwsException {
    java.util.Set<String> layers = new java.util.LinkedHashSet<>();
    for (String id : ids.split(",", -1)) {
      String layer = org.wirebench.server.wfs.filter.FeatureIds.layerOf(KvpText.trim(id));
      if (layer != null) {
        layers.add(layer);
      }
    }
    if (layers.isEmpty()) {
      throw OwsException.invalid(
          "RESOURCEID",
          ids,
          "without typeNames the ids name the layers to query (layer.N), and none of these does");
    }
    if (layers.size() > MAX_QUERIES) {
      throw OwsException.invalid(
          "RESOURCEID", ids, layers.size() + " layers; at most " + MAX_QUERIES + " a request");
    }
    return List.copyOf(layers);
  }

  /**
   * Beside typeNames, RESOURCEID's (FEATUREID's) ids must be features of the types named: WFS 2.0
   * §7.9.2.4.1 asks for InvalidParameterValue with RESOURCEID as the locator otherwise. An id names
   * its layer ({@code layer.N}); one of another layer was looked for among the types named and
   * answered as no feature, though the feature exists. An id naming no layer names no feature and
   * matches none.
   */
  private static void checkIdTypes(Map<String, String> params, List<Dataset> layers)
      throws OwsException {
    java.util.Set<String> named = new java.util.HashSet<>();
    layers.forEach(d -> named.add(d.name()));
    for (String key : List.of("resourceid", "featureid")) {
      String ids = params.get(key);
      if (ids == null) {
        continue;
      }
      for (String id : ids.split(",", -1)) {
        String layer = org.wirebench.server.wfs.filter.FeatureIds.layerOf(KvpText.trim(id));
        if (layer != null && !named.contains(layer)) {
          throw OwsException.invalid(
              key.toUpperCase(java.util.Locale.ROOT),
              ids,
              KvpText.trim(id)
                  + " is a feature of "
                  + layer
                  + ", which the type names ("
                  + String.join(", ", new java.util.TreeSet<>(named))
                  + ") do not ask for; name its type too, or leave the type names out");
        }
      }
    }
  }

  /** The refusal of {@code list}, a comma list in typeNames {@code v}: a join, or an empty name. */
  private static OwsException join(String list, String v, String locator) {
    if (List.of(list.split(",", -1)).stream().anyMatch(String::isBlank)) {
      return OwsException.invalid(locator, v, "an empty type name in the list");
    }
    return new OwsException(
        "OptionNotSupported",
        locator,
        "typeNames="
            + v
            + " asks for a join of those types, which this server does not serve"
            + " (ImplementsStandardJoins is FALSE); ask (a)(b) for each type's features");
  }

  /** {@code (a)(b)(c)}: the groups' contents, or an exception if the value is not only groups. */
  private static List<String> groups(String v, String locator) throws OwsException {
    List<String> out = new ArrayList<>();
    String s = KvpText.trim(v);
    Matcher m = GROUP.matcher(s);
    int end = 0;
    while (m.lookingAt()) {
      out.add(m.group(1));
      end = m.end();
      m.region(end, s.length());
    }
    if (end != s.length() || out.isEmpty()) {
      throw new OwsException(
          "OperationParsingFailed", locator, locator + "=" + v + ": expected (a)(b)… groups");
    }
    return out;
  }

  /**
   * A per-query parameter's value for each of {@code n} queries: as given for one query, or out of
   * its parentheses ({@code PROPERTYNAME=(name,type)}, {@code SORTBY=(name DESC)}: KVP's one-query
   * form, read as several queries' values are); for several, one parenthesised value a query, or
   * {@code *} (PROPERTYNAME) for all.
   */
  private static List<String> perQuery(
      Map<String, String> params, String key, String locator, int n, boolean xml)
      throws OwsException {
    String v = params.get(key);
    // a filter is XML, with XML's white space round it; the other values KVP's
    String s = v == null ? null : xml ? XsdWhiteSpace.trim(v) : KvpText.trim(v);
    List<String> out = new ArrayList<>();
    if (xml && n == 1 && s != null && s.matches("(?s)\\([ \\t\\r\\n]*<.*>[ \\t\\r\\n]*\\)")) {
      // one query's filter may come in its parentheses too: FILTER=(<Filter>…</Filter>)
      return List.of(s.substring(1, s.length() - 1));
    }
    boolean grouped = s != null && s.startsWith("(");
    if (v == null || (n == 1 && (xml || !grouped)) || (!xml && s.equals("*"))) {
      for (int i = 0; i < n; i++) {
        out.add(v);
      }
      return out;
    }
    if (xml) {
      if (s.startsWith("(") && s.endsWith(")")) {
        out.addAll(List.of(XML_GROUPS.split(s.substring(1, s.length() - 1), -1)));
      }
    } else if (s.startsWith("(")) {
      out.addAll(groups(s, locator));
    }
    if (out.size() != n) {
      throw new OwsException(
          "OperationParsingFailed",
          locator,
          n
              + " queries need "
              + n
              + " parenthesised "
              + locator
              + " values, (…)(…), one a type name in order; "
              + (out.isEmpty() ? "this one has none" : "this one has " + out.size()));
    }
    return out;
  }

  private static void put(Map<String, String> m, String key, String value) {
    if (value == null) {
      m.remove(key);
    } else {
      m.put(key, value);
    }
  }
}
