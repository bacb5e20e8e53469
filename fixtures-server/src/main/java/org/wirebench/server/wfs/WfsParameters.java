package org.wirebench.server.wfs;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the server does with every KVP parameter that WFS 1.0.0, 1.1.0 and 2.0.0 define for its
 * three operations: served, or refused with {@code OptionNotSupported} and the parameter as the
 * locator. A parameter no standard defines for the operation is a vendor parameter and is ignored,
 * as the OGC KVP encoding expects (OGC 06-121r9 §11.5.2); a defined one is never dropped silently:
 * a BBOX that is not applied would answer 200 with the wrong features.
 */
final class WfsParameters {
  /** Served as the standard says (the value is still checked where it is read). */
  static final String SERVED = "served";

  private static final Set<String> COMMON = Set.of("service", "version", "request");

  /** By operation (lower case), each defined parameter (lower case) and why it is refused. */
  private static final Map<String, Map<String, String>> REFUSED = refused();

  /** By operation, the parameters served beyond {@link #COMMON}. */
  private static final Map<String, Set<String>> SERVED_BY_OPERATION =
      Map.of(
          "getcapabilities",
          Set.of("acceptversions", "acceptformats", "acceptlanguages", "sections"),
          "describefeaturetype",
          Set.of("typename", "typenames", "outputformat", "namespaces"),
          "getfeature",
          Set.of(
              "typename",
              "typenames",
              "outputformat",
              "count",
              "maxfeatures",
              "startindex",
              "srsname",
              "resulttype",
              "resolve",
              "resolvedepth",
              "resolvetimeout",
              "namespaces",
              "bbox"));

  private WfsParameters() {}

  /**
   * @return {@link #SERVED}, the reason it is refused, or null for a vendor parameter
   */
  static String status(String operation, String parameter) {
    String op = operation.toLowerCase(Locale.ROOT);
    String p = parameter.toLowerCase(Locale.ROOT);
    if (COMMON.contains(p) || SERVED_BY_OPERATION.getOrDefault(op, Set.of()).contains(p)) {
      return SERVED;
    }
    return REFUSED.getOrDefault(op, Map.of()).get(p);
  }

  /** Refuses the first defined parameter this server does not implement. */
  static void check(String operation, Map<String, String> lowerCaseParams) throws OwsException {
    for (String p : lowerCaseParams.keySet()) {
      if (p.equals("propertyname") && lowerCaseParams.get(p).strip().equals("*")) {
        continue; // every property: what is served anyway (OWSLib sends it by default)
      }
      String s = status(operation, p);
      if (s != null && !s.equals(SERVED)) {
        throw new OwsException("OptionNotSupported", canonical(p), s);
      }
    }
  }

  private static String canonical(String lower) {
    return switch (lower) {
      case "bbox" -> "BBOX";
      case "resourceid" -> "RESOURCEID";
      case "featureid" -> "FEATUREID";
      case "filter" -> "FILTER";
      case "filter_language" -> "FILTER_LANGUAGE";
      case "propertyname" -> "PROPERTYNAME";
      case "sortby" -> "SORTBY";
      case "aliases" -> "ALIASES";
      case "storedquery_id" -> "STOREDQUERY_ID";
      case "updatesequence" -> "updateSequence";
      case "traversexlinkdepth" -> "traverseXlinkDepth";
      case "traversexlinkexpiry" -> "traverseXlinkExpiry";
      case "gmlobjectid" -> "GMLOBJECTID";
      default -> lower;
    };
  }

  private static Map<String, Map<String, String>> refused() {
    String filters = "filters are not implemented: the server would return unfiltered features";
    Map<String, String> getFeature = new LinkedHashMap<>();
    getFeature.put("filter", "FILTER is not implemented; " + filters);
    getFeature.put("filter_language", "FILTER_LANGUAGE: " + filters);
    getFeature.put("resourceid", "RESOURCEID is not implemented; " + filters);
    getFeature.put("featureid", "FEATUREID is not implemented; " + filters);
    getFeature.put(
        "propertyname", "PROPERTYNAME is not implemented: every property would be returned");
    getFeature.put("sortby", "SORTBY is not implemented: features come in dataset order");
    getFeature.put("aliases", "ALIASES is not implemented");
    getFeature.put("storedquery_id", "stored queries are not implemented");
    getFeature.put("traversexlinkdepth", "WFS 1.1.0 xlink traversal is not implemented");
    getFeature.put("traversexlinkexpiry", "WFS 1.1.0 xlink traversal is not implemented");
    Map<String, String> capabilities = new LinkedHashMap<>();
    capabilities.put(
        "updatesequence", "updateSequence is not implemented: capabilities have no sequence");
    return Map.of("getfeature", getFeature, "getcapabilities", capabilities);
  }
}
