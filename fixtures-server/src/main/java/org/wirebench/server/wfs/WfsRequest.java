package org.wirebench.server.wfs;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.registry.UnknownNameException;

/**
 * A WFS key-value-pair request, parsed and checked. Parameter names are case-insensitive, as the
 * OGC KVP encoding requires; values are not.
 */
final class WfsRequest {
  static final String V1 = "1.0.0";
  static final String V2 = "2.0.0";

  /** Largest count/maxFeatures a client may ask for, 1..1000000. */
  static final int MAX_COUNT = 100_000;

  /** Features returned when the client gives no count. */
  static final int DEFAULT_COUNT = 1_000;

  private static final List<String> SRS_4326 =
      List.of(
          "EPSG:4326",
          "urn:ogc:def:crs:EPSG::4326",
          "urn:x-ogc:def:crs:EPSG:4326",
          "http://www.opengis.net/gml/srs/epsg.xml#4326",
          "http://www.opengis.net/def/crs/EPSG/0/4326");

  private static final Map<String, String> FORMAT_ALIASES = formatAliases();

  private final Map<String, String> params;
  final String version;
  final String request;

  private WfsRequest(Map<String, String> params, String version, String request) {
    this.params = params;
    this.version = version;
    this.request = request;
  }

  /** The exception-report dialect to answer in, even when the version itself is bad. */
  static String reportVersion(Map<String, String> raw) {
    String v = lower(raw).get("version");
    return V1.equals(v) || "1.1.0".equals(v) ? V1 : V2;
  }

  static WfsRequest parse(Map<String, String> raw) throws OwsException {
    Map<String, String> p = lower(raw);
    String service = p.get("service");
    if (service == null || service.isBlank()) {
      throw OwsException.missing("service");
    }
    if (!service.equalsIgnoreCase("WFS")) {
      throw OwsException.invalid("service", service, "this server only speaks WFS");
    }
    String request = p.get("request");
    if (request == null || request.isBlank()) {
      throw OwsException.missing("request");
    }
    String version = p.getOrDefault("version", p.get("acceptversions"));
    if (version == null) {
      version = V2;
    } else if (version.contains(",")) {
      version = version.contains(V2) ? V2 : version.contains(V1) ? V1 : version;
    }
    if (version.equals("2.0.2")) {
      version = V2;
    }
    if (!version.equals(V1) && !version.equals(V2)) {
      throw new OwsException(
          request.equalsIgnoreCase("GetCapabilities")
              ? "VersionNegotiationFailed"
              : "InvalidParameterValue",
          "version",
          "version " + version + " is not supported; use " + V1 + " or " + V2);
    }
    WfsParameters.check(request, p);
    return new WfsRequest(p, version, request);
  }

  /**
   * The raw query's parameters by name, refusing a name given twice in any spelling: {@code
   * count=1&count=5} and {@code COUNT=1&count=5} must not resolve differently, or at all.
   *
   * @param names each parameter's name as given, once per occurrence
   */
  static void checkNoDuplicates(Iterable<String> names) throws OwsException {
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String n : names) {
      if (!seen.add(n.toLowerCase(Locale.ROOT))) {
        throw new OwsException(
            "OperationParsingFailed", n, "the parameter " + n + " is given more than once");
      }
    }
  }

  /** resultType (1.1, 2.0): results; hits is refused until it is implemented. */
  void checkResultType() throws OwsException {
    String v = params.get("resulttype");
    if (v == null || v.equals("results")) {
      return;
    }
    if (v.equals("hits")) {
      throw new OwsException(
          "OptionNotSupported",
          "resultType",
          "resultType=hits is not implemented: ask for results (the features themselves)");
    }
    throw OwsException.invalid("resultType", v, "valid: results, hits");
  }

  /**
   * resolve, resolveDepth, resolveTimeout (2.0): served trivially, as no feature here holds a
   * reference to resolve; their values are still checked.
   */
  void checkResolve() throws OwsException {
    String resolve = params.get("resolve");
    if (resolve != null && !List.of("local", "remote", "all", "none").contains(resolve)) {
      throw OwsException.invalid("resolve", resolve, "valid: local, remote, all, none");
    }
    String depth = params.get("resolvedepth");
    if (depth != null && !depth.equals("*")) {
      intParam("resolvedepth", "resolveDepth", 0, Integer.MAX_VALUE, 0);
    }
    if (params.containsKey("resolvetimeout")) {
      intParam("resolvetimeout", "resolveTimeout", 1, Integer.MAX_VALUE, 0);
    }
  }

  /**
   * Capabilities: every section is written, so sections must be absent or All; acceptFormats must
   * allow text/xml, the only format the capabilities come in.
   */
  void checkCapabilitiesOptions() throws OwsException {
    String sections = params.get("sections");
    if (sections != null && !sections.equalsIgnoreCase("All")) {
      throw new OwsException(
          "OptionNotSupported",
          "sections",
          "sections=" + sections + ": only All is served (the whole document)");
    }
    String formats = params.get("acceptformats");
    if (formats != null
        && !List.of(formats.split(",")).stream()
            .map(f -> f.strip().toLowerCase(Locale.ROOT))
            .anyMatch(f -> f.equals("text/xml") || f.equals("application/xml"))) {
      throw OwsException.invalid("acceptFormats", formats, "the capabilities are text/xml only");
    }
  }

  /** DescribeFeatureType's outputFormat: the XML Schema this version describes its types in. */
  void checkSchemaFormat() throws OwsException {
    String f = params.get("outputformat");
    if (f == null) {
      return;
    }
    String n = f.toLowerCase(Locale.ROOT).replace(" ", "");
    List<String> valid =
        isV1()
            ? List.of("xmlschema", "text/xml;subtype=gml/2.1.2")
            : List.of(
                "application/gml+xml;version=3.2",
                "text/xml;subtype=gml/3.2",
                "text/xml;subtype=gml/3.2.1");
    if (!valid.contains(n)) {
      throw OwsException.invalid(
          "outputFormat", f, "a feature type is described as " + String.join(" or ", valid));
    }
  }

  private static Map<String, String> lower(Map<String, String> raw) {
    Map<String, String> p = new TreeMap<>();
    raw.forEach((k, v) -> p.put(k.toLowerCase(Locale.ROOT), v));
    return p;
  }

  boolean isV1() {
    return version.equals(V1);
  }

  /** typeName (1.0) or typeNames (2.0), with or without the namespace prefix. */
  Dataset dataset() throws OwsException {
    String key = params.containsKey("typenames") ? "typenames" : "typename";
    String name = params.get(key);
    String locator = isV1() ? "typeName" : "typeNames";
    if (name == null || name.isBlank()) {
      throw OwsException.missing(locator);
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
    if (bound != null && !bound.equals(dataset.featureType().namespaceUri())) {
      throw OwsException.invalid(
          locator,
          name,
          "NAMESPACES binds "
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

  /** NAMESPACES (2.0): {@code xmlns(prefix,uri)} bindings, comma separated; "" the default. */
  private Map<String, String> namespaces() throws OwsException {
    String v = params.get("namespaces");
    Map<String, String> m = new TreeMap<>();
    if (v == null) {
      return m;
    }
    java.util.regex.Matcher x =
        java.util.regex.Pattern.compile("\\s*xmlns\\(([^,()]*)(?:,([^()]*))?\\)\\s*,?").matcher(v);
    int end = 0;
    while (x.lookingAt()) {
      if (x.group(2) == null) {
        m.put("", x.group(1));
      } else {
        m.put(x.group(1), x.group(2));
      }
      end = x.end();
      x.region(end, v.length());
    }
    if (end != v.length() || m.isEmpty()) {
      throw OwsException.invalid("NAMESPACES", v, "expected xmlns(prefix,uri) bindings");
    }
    return m;
  }

  /** The codec for outputFormat, or the version's GML by default. */
  GeoCodec codec() throws OwsException {
    String format = params.get("outputformat");
    if (format == null || format.isBlank()) {
      return GeoCodecs.get(isV1() ? "gml2" : "gml32");
    }
    String name =
        FORMAT_ALIASES.getOrDefault(format.toLowerCase(Locale.ROOT).replace(" ", ""), format);
    try {
      return GeoCodecs.get(name);
    } catch (UnknownNameException e) {
      throw OwsException.invalid(
          "outputFormat", format, "valid: GML2, gml32, application/json, " + e.validNames());
    }
  }

  /** count (2.0) or maxFeatures (1.0): 1..MAX_COUNT. */
  int count() throws OwsException {
    String key = params.containsKey("count") ? "count" : "maxfeatures";
    String locator = key.equals("count") ? "count" : "maxFeatures";
    return intParam(key, locator, 1, MAX_COUNT, DEFAULT_COUNT);
  }

  /** startIndex (2.0): 0.. */
  int startIndex() throws OwsException {
    return intParam("startindex", "startIndex", 0, Integer.MAX_VALUE, 0);
  }

  /** Only EPSG:4326 is served, in any of its spellings. */
  void checkSrsName() throws OwsException {
    String srs = params.get("srsname");
    if (srs != null && !SRS_4326.contains(srs)) {
      throw OwsException.invalid("srsName", srs, "only EPSG:4326 is served");
    }
  }

  private int intParam(String key, String locator, int min, int max, int fallback)
      throws OwsException {
    String value = params.get(key);
    if (value == null) {
      return fallback;
    }
    try {
      int n = Integer.parseInt(value.trim());
      if (n < min || n > max) {
        throw OwsException.invalid(locator, value, "must be " + min + ".." + max);
      }
      return n;
    } catch (NumberFormatException e) {
      throw OwsException.invalid(locator, value, "not an integer");
    }
  }

  private static Map<String, String> formatAliases() {
    Map<String, String> m = new TreeMap<>();
    for (String a : List.of("gml2", "text/xml;subtype=gml/2.1.2", "text/xml;subtype=gml/2")) {
      m.put(a, "gml2");
    }
    for (String a :
        List.of(
            "gml32",
            "gml3",
            "text/xml;subtype=gml/3.2",
            "text/xml;subtype=gml/3.2.1",
            "application/gml+xml;version=3.2")) {
      m.put(a, "gml32");
    }
    for (String a : List.of("application/json", "json", "geojson", "application/geo+json")) {
      m.put(a, "geojson");
    }
    return m;
  }
}
