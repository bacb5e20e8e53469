package org.wirebench.server.wfs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.eclipse.jetty.util.StringUtil;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.server.http.KvpNames;
import org.wirebench.server.http.KvpText;
import org.wirebench.server.http.OwsException;

/**
 * The KVP parameters that WFS 1.0.0, 1.1.0 and 2.0.0 define for the three operations and this
 * server does not implement: refused with {@code OptionNotSupported} and the parameter as the
 * locator. Those it serves are read (and their values checked) by {@link WfsRequest}; a parameter
 * no version defines for the operation is refused too ({@link #checkNames}): ignored, as the OGC
 * KVP encoding lets a server ignore vendor parameters, {@code CQL_FILTER} or a mangled {@code
 * count%00} answered 200 with other features than the ones asked for. A parameter an operation
 * reads given empty, or under its two spellings with different values, is refused here too.
 */
final class WfsParameters {
  /** By operation (lower case), each refused parameter as the standard spells it, and why. */
  private static final Map<String, Map<String, Refused>> REFUSED = refused();

  private record Refused(String name, String why) {}

  private WfsParameters() {}

  /** Refuses the first defined parameter this server does not implement. */
  static void check(String operation, Map<String, String> lowerCaseParams) throws OwsException {
    Map<String, Refused> refused =
        REFUSED.getOrDefault(operation.toLowerCase(Locale.ROOT), Map.of());
    for (String p : lowerCaseParams.keySet()) {
      Refused r = refused.get(p);
      if (r != null) {
        throw new OwsException("OptionNotSupported", r.name(), r.why());
      }
    }
  }

  /**
   * By operation (lower case), the parameters it reads, as the standards spell them. Given empty
   * ({@code outputFormat=}), one is refused: some were read as absent (the default format) and
   * others as a bad value, and an empty value is neither what the client asked for nor absent.
   */
  private static final Map<String, Map<String, String>> READ =
      Map.of(
          "getfeature",
          KvpNames.spellings(
              "typeNames",
              "typeName",
              "NAMESPACES",
              "NAMESPACE",
              "outputFormat",
              "resultType",
              "count",
              "maxFeatures",
              "startIndex",
              "srsName",
              "BBOX",
              "FILTER",
              "FILTER_LANGUAGE",
              "RESOURCEID",
              "FEATUREID",
              "SORTBY",
              "PROPERTYNAME",
              "resolve",
              "resolveDepth",
              "resolveTimeout",
              "traverseXlinkDepth",
              "traverseXlinkExpiry",
              "STOREDQUERY_ID",
              "ID",
              "featureVersion"),
          "describefeaturetype",
          KvpNames.spellings("typeNames", "typeName", "NAMESPACES", "NAMESPACE", "outputFormat"),
          // NAMESPACES (2.0) and NAMESPACE (1.1) are defined for every operation (WFS 2.0 Table 7,
          // WFS 1.1 Table 7), and read for every one (KvpNamespaces)
          "getcapabilities",
          KvpNames.spellings(
              "AcceptVersions", "Sections", "AcceptFormats", "NAMESPACES", "NAMESPACE"),
          "describestoredqueries",
          KvpNames.spellings("STOREDQUERY_ID", "NAMESPACES", "NAMESPACE"),
          "liststoredqueries",
          KvpNames.spellings("NAMESPACES", "NAMESPACE"));

  /** What every operation takes besides its own parameters. */
  private static final Map<String, String> COMMON =
      KvpNames.spellings("SERVICE", "REQUEST", "VERSION");

  /** GetFeature's parameters WFS 2.0 defines and 1.0 and 1.1 do not (stored queries). */
  private static final Map<String, String> V2_ONLY = KvpNames.spellings("STOREDQUERY_ID", "ID");

  /**
   * Refuses a parameter name the operation defines in no version (WFS 2.0's stored-query ones in
   * 1.0 and 1.1): OperationParsingFailed, as a name given twice is, with the name as the locator.
   * An operation this server does not serve is left to its OperationNotSupported.
   *
   * @param lowerCaseParams sorted, so the name refused is the same whatever the query's order
   */
  static void checkNames(String operation, WfsVersion version, Map<String, String> lowerCaseParams)
      throws OwsException {
    String op = operation.toLowerCase(Locale.ROOT);
    Map<WfsVersion, Defined> byVersion = DEFINED.get(op);
    if (byVersion == null) {
      return;
    }
    if (op.equals("getfeature") && version != WfsVersion.V2_0_0) {
      for (String p : V2_ONLY.keySet()) {
        if (lowerCaseParams.containsKey(p)) {
          throw new OwsException(
              "OperationParsingFailed",
              V2_ONLY.get(p),
              V2_ONLY.get(p)
                  + " is a WFS 2.0.0 GetFeature parameter (stored queries), which WFS "
                  + version.code()
                  + " does not define; ask with version=2.0.0");
        }
      }
    }
    Defined defined = byVersion.get(version);
    KvpNames.check(lowerCaseParams, defined.names(), "OperationParsingFailed", defined.what());
  }

  /** An operation's defined names in one version, and the operation as a refusal names it. */
  private record Defined(Map<String, String> names, String what) {}

  /**
   * By operation (lower case) and version, what {@link #checkNames} checks against: made once, not
   * a map of about 35 names and a message a request.
   */
  private static final Map<String, Map<WfsVersion, Defined>> DEFINED = defined();

  private static Map<String, Map<WfsVersion, Defined>> defined() {
    Map<String, Map<WfsVersion, Defined>> all = new java.util.HashMap<>();
    for (Map.Entry<String, Map<String, String>> read : READ.entrySet()) {
      String op = read.getKey();
      Map<WfsVersion, Defined> byVersion = new java.util.EnumMap<>(WfsVersion.class);
      for (WfsVersion version : WfsVersion.values()) {
        Map<String, String> names = new LinkedHashMap<>(COMMON);
        names.putAll(read.getValue());
        REFUSED.getOrDefault(op, Map.of()).forEach((k, r) -> names.put(k, r.name()));
        if (op.equals("getcapabilities")) {
          names.put("updatesequence", "updateSequence");
        }
        if (op.equals("getfeature") && version != WfsVersion.V2_0_0) {
          V2_ONLY.keySet().forEach(names::remove);
        }
        byVersion.put(
            version,
            new Defined(
                java.util.Collections.unmodifiableMap(names),
                "WFS " + version.code() + " " + spelled(op)));
      }
      all.put(op, byVersion);
    }
    return Map.copyOf(all);
  }

  /** The operation as the capabilities spell it. */
  private static String spelled(String operation) {
    for (String s :
        java.util.List.of(
            "GetCapabilities",
            "DescribeFeatureType",
            "GetFeature",
            "ListStoredQueries",
            "DescribeStoredQueries")) {
      if (StringUtil.asciiEqualsIgnoreCase(s, operation)) {
        return s;
      }
    }
    return operation;
  }

  /** Refuses a parameter the operation reads given with an empty value. */
  static void checkNoneEmpty(String operation, Map<String, String> lowerCaseParams)
      throws OwsException {
    Map<String, String> read = READ.getOrDefault(operation.toLowerCase(Locale.ROOT), Map.of());
    for (Map.Entry<String, String> e : lowerCaseParams.entrySet()) {
      String name = read.get(e.getKey());
      if (name != null && KvpText.isBlank(e.getValue())) {
        throw new OwsException(
            "MissingParameterValue",
            name,
            name + " is given without a value; give one, or leave the parameter out");
      }
    }
  }

  /**
   * featureVersion (1.0, 1.1): ALL or a version number. No feature here has versions, so every
   * value asks for the one there is; anything else is no version at all.
   */
  static void checkFeatureVersion(String v) throws OwsException {
    if (v != null && !v.equals("ALL") && !v.matches("[1-9][0-9]{0,8}")) {
      throw OwsException.invalid("featureVersion", v, "ALL or a version number (1, 2, …)");
    }
  }

  /**
   * A parameter's two spellings, each version's, both read in every version (featureId and
   * resourceId together are refused as excluding each other), and the operations (lower case) that
   * read it.
   */
  private record Spelling(String one, String other, Set<String> readBy) {}

  private static final List<Spelling> SPELLINGS =
      List.of(
          new Spelling("typeName", "typeNames", Set.of("getfeature", "describefeaturetype")),
          new Spelling("maxFeatures", "count", Set.of("getfeature")));

  /**
   * Refuses the two spellings of one parameter with different values: one was read and the other
   * dropped, so {@code typeName=a&typeNames=b} answered b in 2.0 and a 1.1 client's own {@code
   * typeName} lost to {@code typeNames}. The same value in both (QGIS names a type both ways) is
   * one request.
   */
  static void checkSpellingsAgree(String operation, Map<String, String> p) throws OwsException {
    String op = operation.toLowerCase(Locale.ROOT);
    for (Spelling s : SPELLINGS) {
      if (!s.readBy().contains(op)) {
        continue; // an operation that does not read the pair refuses its names (checkNames)
      }
      String a = p.get(s.one().toLowerCase(Locale.ROOT));
      String b = p.get(s.other().toLowerCase(Locale.ROOT));
      if (a != null && b != null && !a.equals(b)) {
        throw new OwsException(
            "OperationParsingFailed",
            s.other(),
            s.one()
                + " and "
                + s.other()
                + " are one parameter's two spellings and name different values; give one");
      }
    }
  }

  private static Map<String, Map<String, Refused>> refused() {
    Map<String, Refused> getFeature = new LinkedHashMap<>();
    // not a KVP parameter of any version, but OWSLib 0.27 sends a WFS 2.0 filter as QUERY=<Filter>:
    // ignored as a vendor parameter, it would answer with unfiltered features
    refuse(
        getFeature,
        "QUERY",
        "QUERY is no WFS GetFeature parameter (OWSLib 0.27 sends its filter so); send the filter"
            + " as FILTER, or it would be ignored and every feature returned");
    refuse(
        getFeature,
        "ALIASES",
        "ALIASES is not supported: it names the types of a join, and this server serves no joins");
    // traverseXlinkDepth/Expiry are served (no feature here holds an xlink); the per-property
    // forms take property lists this server does not parse
    refuse(
        getFeature,
        "propTravXlinkDepth",
        "per-property xlink traversal (propTravXlinkDepth) is not served; traverseXlinkDepth is");
    refuse(
        getFeature,
        "propTravXlinkExpiry",
        "per-property xlink traversal (propTravXlinkExpiry) is not served; traverseXlinkExpiry is");
    Map<String, Refused> capabilities = new LinkedHashMap<>();
    refuse(
        capabilities,
        "updateSequence",
        "updateSequence is not supported: the capabilities have no sequence");
    return Map.of("getfeature", getFeature, "getcapabilities", capabilities);
  }

  private static void refuse(Map<String, Refused> to, String name, String why) {
    to.put(name.toLowerCase(Locale.ROOT), new Refused(name, why));
  }
}
