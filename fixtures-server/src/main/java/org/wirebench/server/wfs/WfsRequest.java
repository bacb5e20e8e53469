package org.wirebench.server.wfs;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jetty.util.StringUtil;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.formats.media.MediaType;
import org.wirebench.server.http.KvpText;
import org.wirebench.server.http.OwsException;
import org.wirebench.server.wfs.filter.Crs;

/**
 * A WFS key-value-pair request, parsed and checked. Parameter names are case-insensitive, as the
 * OGC KVP encoding requires; values are not.
 */
final class WfsRequest implements org.wirebench.server.http.OwsHandler.Parsed {
  /** Largest count/maxFeatures a client may ask for, 1..1000000. */
  static final int MAX_COUNT = 100_000;

  /** Features returned when the client gives no count. */
  static final int DEFAULT_COUNT = 1_000;

  private final Map<String, String> params;
  private final TypeNames typeNames;
  private final KvpNamespaces namespaces;
  final WfsVersion version;
  final String request;

  /** GetFeature's links to other pages of this request. */
  final PageLinks links;

  @Override
  public String operation() {
    return request;
  }

  private WfsRequest(
      Map<String, String> params,
      Map<String, String> raw,
      WfsVersion version,
      String request,
      KvpNamespaces namespaces) {
    this.params = params;
    this.version = version;
    this.request = request;
    this.links = new PageLinks(raw);
    this.namespaces = namespaces;
    this.typeNames = new TypeNames(isV2() ? "typeNames" : "typeName", namespaces);
  }

  /**
   * The exception-report dialect to answer in, even when the version itself is bad.
   *
   * @param lowerCaseParams the query's parameters by lower-cased name
   */
  static WfsVersion reportVersion(Map<String, String> lowerCaseParams) {
    return WfsVersions.reportVersion(lowerCaseParams);
  }

  /**
   * @param lowerCaseParams the query's parameters by lower-cased name, in the query's order (the
   *     paging links repeat them so); kept, not copied: the caller no longer changes it
   */
  static WfsRequest parse(Map<String, String> lowerCaseParams) throws OwsException {
    // sorted: the first refused parameter named is the same whatever the query's order
    Map<String, String> p = new TreeMap<>(lowerCaseParams);
    String service = p.get("service");
    if (service == null || KvpText.isBlank(service)) {
      throw OwsException.missing("service");
    }
    if (!StringUtil.asciiEqualsIgnoreCase(service, "WFS")) {
      throw OwsException.invalid("service", service, "this server only speaks WFS");
    }
    String request = p.get("request");
    if (request == null || KvpText.isBlank(request)) {
      throw OwsException.missing("request");
    }
    WfsVersion version = WfsVersions.of(request, p);
    WfsParameters.check(request, p);
    WfsParameters.checkNames(request, version, p);
    WfsParameters.checkNoneEmpty(request, p);
    WfsParameters.checkSpellingsAgree(request, p);
    // read for every operation: a malformed binding is refused even where no name is read
    KvpNamespaces namespaces = KvpNamespaces.of(p.get("namespaces"), p.get("namespace"));
    return new WfsRequest(
        p, Collections.unmodifiableMap(lowerCaseParams), version, request, namespaces);
  }

  /**
   * resultType (1.1, 2.0): results, or hits (the counts without the features), which only the GML
   * 3.2 (numberMatched) and GML 3.1.1 (numberOfFeatures) collections can carry.
   *
   * @return whether hits were asked for
   */
  boolean hits(GeoCodec codec) throws OwsException {
    String v = params.get("resulttype");
    if (v == null || v.equals("results")) {
      return false;
    }
    if (!v.equals("hits")) {
      throw OwsException.invalid("resultType", v, "valid: results, hits");
    }
    if (isV1() || !(codec.name().equals("gml32") || codec.name().equals("gml31"))) {
      throw new OwsException(
          "OptionNotSupported",
          "resultType",
          "resultType=hits needs a collection that carries the count: WFS 2.0's GML 3.2"
              + " (numberMatched) or WFS 1.1's GML 3.1.1 (numberOfFeatures); "
              + (isV1() ? "WFS 1.0.0 has no resultType" : codec.name() + " has no place for it"));
    }
    return true;
  }

  /**
   * resolve, resolveDepth, resolveTimeout (2.0) and traverseXlinkDepth, traverseXlinkExpiry (1.1):
   * served trivially, as no feature here holds a reference to resolve; their values are still
   * checked.
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
    String traverse = params.get("traversexlinkdepth");
    if (traverse != null && !traverse.equals("*")) {
      intParam("traversexlinkdepth", "traverseXlinkDepth", 0, Integer.MAX_VALUE, 0);
    }
    if (params.containsKey("traversexlinkexpiry")) {
      intParam("traversexlinkexpiry", "traverseXlinkExpiry", 1, Integer.MAX_VALUE, 0);
    }
  }

  /**
   * Capabilities: every section is written, so sections must be absent or All; acceptFormats must
   * allow text/xml, the only format the capabilities come in.
   */
  void checkCapabilitiesOptions() throws OwsException {
    String sections = params.get("sections");
    if (sections != null) {
      noEmptyItem("sections", sections, List.of(sections.split(",", -1)));
    }
    if (sections != null && !StringUtil.asciiEqualsIgnoreCase(sections, "All")) {
      throw new OwsException(
          "OptionNotSupported",
          "sections",
          "sections=" + sections + ": only All is served (the whole document)");
    }
    String formats = params.get("acceptformats");
    if (formats == null) {
      return;
    }
    // a quoted parameter value may hold a comma: the list is split as media types are written
    List<String> items = MediaType.list(formats);
    noEmptyItem("acceptFormats", formats, items);
    if (items.stream()
        .noneMatch(f -> MediaType.among(f, List.of("text/xml", "application/xml")).isPresent())) {
      throw OwsException.invalid("acceptFormats", formats, "the capabilities are text/xml only");
    }
  }

  /**
   * Refuses a list with an empty item ({@code text/xml,}), as AcceptVersions' and the other lists'
   * are: an empty item is a list's syntax (OWS Common 1.2, OGC 06-121r9 §11.5.3) but names no
   * format or section, and was read past.
   */
  private static void noEmptyItem(String locator, String list, List<String> items)
      throws OwsException {
    if (items.stream().anyMatch(String::isBlank)) {
      throw OwsException.invalid(locator, list, "an empty item in the list");
    }
  }

  /** WFS 1.0.0: GML 2, lon/lat by default. */
  boolean isV1() {
    return version == WfsVersion.V1_0_0;
  }

  /** WFS 2.0.0: paging, stored queries, typeNames. 1.0.0 and 1.1.0 have none of these. */
  boolean isV2() {
    return version == WfsVersion.V2_0_0;
  }

  /** DescribeFeatureType's outputFormat: the XML Schema this version describes its types in. */
  void checkSchemaFormat() throws OwsException {
    OutputFormats.checkSchemaFormat(version, params.get("outputformat"));
  }

  /** The XML Schema language and GML a DescribeFeatureType of this version answers in. */
  org.wirebench.formats.geo.schema.XmlSchema schema() {
    return OutputFormats.schema(version);
  }

  /** That schema's media type. */
  String schemaMediaType() {
    return OutputFormats.schemaMediaType(version);
  }

  /** The codec for outputFormat, or the version's GML by default. */
  GeoCodec codec() throws OwsException {
    return OutputFormats.codec(version, params.get("outputformat"));
  }

  /** A parameter's value by its lower-case name, or null. */
  String get(String lowerCaseName) {
    return params.get(lowerCaseName);
  }

  /** Stored queries are WFS 2.0's. */
  void requireV2() throws OwsException {
    if (!isV2()) {
      throw new OwsException(
          "OperationNotSupported",
          "request",
          "request="
              + request
              + " (stored queries) is WFS 2.0.0's; this request is "
              + version.code());
    }
  }

  /**
   * DescribeFeatureType's types: those named (comma separated, each with or without its prefix), or
   * every layer when none is named, as the standards say.
   */
  List<Dataset> describedDatasets() throws OwsException {
    return typeNames.described(params.getOrDefault("typenames", params.get("typename")));
  }

  /** GetFeature's queries: one a type name, each with its own selection. */
  List<Queries.Query> queries() throws OwsException {
    return Queries.of(this, params);
  }

  /** A type name, with or without the namespace prefix, as a layer. */
  Dataset dataset(String name) throws OwsException {
    return typeNames.dataset(name);
  }

  /** The scope this request's property names are resolved in (NAMESPACES, the capabilities). */
  org.wirebench.server.wfs.filter.QualifiedNames.Scope names() {
    return namespaces.scope();
  }

  /**
   * count (2.0) or maxFeatures (1.0, 1.1): 1..MAX_COUNT. Without either, WFS 2.0 gets CountDefault
   * features (declared in the capabilities; numberMatched and the next link say there are more);
   * WFS 1.1 gets the first MAX_COUNT, the DefaultMaxFeatures its capabilities declare (as GeoServer
   * answers up to its maxFeatures); WFS 1.0, which has neither paging nor a way to declare such a
   * default, gets the whole selection, or an exception when it holds more than MAX_COUNT: for a
   * larger layer at once, and through {@link #checkUncut} for a filter matching more.
   */
  int count(Dataset dataset, boolean filtered) throws OwsException {
    String key = params.containsKey("count") ? "count" : "maxfeatures";
    String locator = key.equals("count") ? "count" : "maxFeatures";
    if (!isV2() && !params.containsKey(key) && (filtered || version == WfsVersion.V1_1_0)) {
      return MAX_COUNT;
    }
    if (!isV2() && !params.containsKey(key)) {
      if (dataset.size() > MAX_COUNT) {
        throw tooMany(dataset.name() + " holds " + dataset.size() + " features");
      }
      return Math.max(1, dataset.size());
    }
    return intParam(key, locator, 1, MAX_COUNT, DEFAULT_COUNT);
  }

  /**
   * WFS 1.0 without maxFeatures cannot say it cut a response short: refuse to. (1.1 sends the first
   * DefaultMaxFeatures, as its capabilities declare.)
   */
  void checkUncut(List<Queries.Query> queries, long matched) throws OwsException {
    if (isV1()
        && !params.containsKey("maxfeatures")
        && !params.containsKey("count")
        && matched > MAX_COUNT) {
      String layers = String.join(", ", queries.stream().map(q -> q.dataset().name()).toList());
      throw tooMany(matched + " features of " + layers + " match");
    }
  }

  private OwsException tooMany(String what) {
    return new OwsException(
        "OptionNotSupported",
        "maxFeatures",
        what
            + ", more than this server sends at once ("
            + MAX_COUNT
            + "), and WFS "
            + version.code()
            + " can neither page nor declare a default limit: give maxFeatures (1.."
            + MAX_COUNT
            + "), or use WFS 1.1.0 (the first "
            + MAX_COUNT
            + ", its DefaultMaxFeatures) or 2.0.0 (paging)");
  }

  /** startIndex (2.0): 0.. */
  int startIndex() throws OwsException {
    return intParam("startindex", "startIndex", 0, Integer.MAX_VALUE, 0);
  }

  /** Only EPSG:4326 is served, in any of its spellings. */
  void checkSrsName() throws OwsException {
    String srs = params.get("srsname");
    if (srs != null && !Crs.is4326(srs)) {
      throw OwsException.invalid("srsName", srs, "only EPSG:4326 is served");
    }
  }

  int intParam(String key, String locator, int min, int max, int fallback) throws OwsException {
    String value = params.get(key);
    if (value == null) {
      return fallback;
    }
    long n;
    try {
      n = org.wirebench.server.http.KvpNumbers.integer(value);
    } catch (NumberFormatException e) {
      throw OwsException.invalid(locator, value, "not a whole number (digits only, no sign)");
    }
    if (n < min || n > max) {
      throw OwsException.invalid(locator, value, "must be " + min + ".." + max);
    }
    return (int) n;
  }
}
