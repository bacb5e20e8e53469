package org.wirebench.server.wfs;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.server.http.KvpText;
import org.wirebench.server.http.OwsException;
import org.wirebench.server.wfs.filter.BboxFilter;
import org.wirebench.server.wfs.filter.Crs;
import org.wirebench.server.wfs.filter.FeatureIds;
import org.wirebench.server.wfs.filter.FilterException;
import org.wirebench.server.wfs.filter.FilterParser;
import org.wirebench.server.wfs.filter.QualifiedNames;

/**
 * What a GetFeature selects, read from its KVP parameters: the properties (PROPERTYNAME), the order
 * (SORTBY) and the features (BBOX, FILTER, RESOURCEID/FEATUREID). Each is refused with an OGC
 * exception naming the parameter when it cannot be served as asked.
 */
final class Selection {
  private final Map<String, String> params;
  private final boolean v1;
  private final QualifiedNames.Scope names;

  /**
   * @param params the request's parameters by lower-case name
   * @param v1 WFS 1.0.0 (lon/lat by default), else 2.0.0
   * @param names the scope property names are resolved in (NAMESPACES, the capabilities)
   */
  Selection(Map<String, String> params, boolean v1, QualifiedNames.Scope names) {
    this.params = params;
    this.v1 = v1;
    this.names = names;
  }

  private boolean isV1() {
    return v1;
  }

  /**
   * PROPERTYNAME: null for every property (absent, or {@code *}, which OWSLib sends by default);
   * else the type cut down to the properties named plus those its schema requires (a GML response
   * without them would not validate), in the type's order. The geometry is always written.
   */
  FeatureType selectedProperties(FeatureType type) throws OwsException {
    String v = params.get("propertyname");
    if (v == null || KvpText.trim(v).equals("*")) {
      return null;
    }
    String list = KvpText.trim(v);
    java.util.Set<String> named = new java.util.HashSet<>();
    for (String one : list.split(",", -1)) {
      String name = KvpText.trim(one);
      String local = TypeNames.propertyName("PROPERTYNAME", v, name, type, names);
      if (!local.equals(type.geometryName()) && type.indexOf(local) < 0) {
        throw OwsException.invalid(
            "PROPERTYNAME",
            v,
            "'" + name + "' is not a property of " + type.prefix() + ":" + type.name());
      }
      if (!named.add(local)) {
        throw OwsException.invalid("PROPERTYNAME", v, "'" + local + "' is named twice");
      }
    }
    return new FeatureType(
        type.name(),
        type.namespaceUri(),
        type.prefix(),
        type.attributes().stream().filter(a -> !a.optional() || named.contains(a.name())).toList(),
        type.geometryName(),
        type.geometryKind());
  }

  /**
   * SORTBY, or null when absent; refused when the page would end past {@link SortBy#MAX_HELD}
   * features, which a sorted page must hold at once.
   */
  SortBy sortBy(FeatureType type, int start, int count) throws OwsException {
    String v = params.get("sortby");
    if (v == null) {
      return null;
    }
    SortBy sort = SortBy.parse(v, type, names);
    if ((long) start + count > SortBy.MAX_HELD) {
      throw new OwsException(
          "OptionNotSupported",
          "SORTBY",
          "a sorted page ending at feature "
              + ((long) start + count)
              + " would hold that many features at once; at most "
              + SortBy.MAX_HELD
              + " (startIndex + count)");
    }
    return sort;
  }

  /** Whether SORTBY is given: a sorted page ranks the whole selection. */
  boolean sorted() {
    return params.containsKey("sortby");
  }

  /** The filter language FES 2.0 and Filter Encoding 1.x define, the only one served. */
  static final String FES_LANGUAGE = "urn:ogc:def:filterLanguage:OGC-FES:Filter";

  /** The selections that exclude each other, in the order a refusal names them. */
  private static final List<String> EXCLUSIVE =
      List.of("bbox", "filter", "resourceid", "featureid");

  /**
   * The GetFeature selection: BBOX, FILTER, or RESOURCEID/FEATUREID (mutually exclusive, as WFS 2.0
   * says), or null for every feature.
   */
  java.util.function.Predicate<Feature> filter(FeatureType type) throws OwsException {
    List<String> given = new java.util.ArrayList<>(1);
    for (String exclusive : EXCLUSIVE) {
      if (params.containsKey(exclusive)) {
        given.add(exclusive);
      }
    }
    if (given.size() > 1) {
      throw new OwsException(
          "OperationParsingFailed",
          given.get(1).toUpperCase(Locale.ROOT),
          "BBOX, FILTER and RESOURCEID (FEATUREID) exclude each other; this request gives "
              + String.join(" and ", given.stream().map(g -> g.toUpperCase(Locale.ROOT)).toList()));
    }
    String language = params.get("filter_language");
    if (language != null && !language.equals(FES_LANGUAGE)) {
      throw new OwsException(
          "OptionNotSupported",
          "FILTER_LANGUAGE",
          "FILTER_LANGUAGE=" + language + ": only " + FES_LANGUAGE + " is served");
    }
    if (given.isEmpty()) {
      return null;
    }
    String which = given.get(0);
    try {
      return switch (which) {
        case "bbox" -> BboxFilter.of(bbox());
        case "filter" -> FilterParser.parse(params.get("filter"), type, isV1());
        default -> FeatureIds.parse(params.get(which));
      };
    } catch (FilterException e) {
      throw new OwsException(e.code(), which.toUpperCase(Locale.ROOT), e.getMessage());
    }
  }

  /**
   * KVP BBOX as a lon/lat envelope, or null when absent: {@code minA,minB,maxA,maxB[,crs]}. The
   * axis order is the CRS's: EPSG:4326 spelled as a URN or http://www.opengis.net/def URI is
   * lat/lon; the legacy {@code EPSG:4326} is lon/lat; without a CRS, WFS 2.0 takes the layer's
   * default CRS (urn:ogc:def:crs:EPSG::4326, lat/lon) and WFS 1.0 lon/lat.
   */
  private org.locationtech.jts.geom.Envelope bbox() throws OwsException {
    String v = params.get("bbox");
    if (v == null) {
      return null;
    }
    String[] parts = v.split(",", -1);
    if (parts.length != 4 && parts.length != 5) {
      throw OwsException.invalid("BBOX", v, "expected minx,miny,maxx,maxy[,crs]");
    }
    double[] n = new double[4];
    for (int i = 0; i < 4; i++) {
      try {
        n[i] = org.wirebench.server.http.KvpNumbers.decimal(parts[i]);
      } catch (NumberFormatException e) {
        throw OwsException.invalid("BBOX", v, "'" + parts[i] + "' is refused: " + e.getMessage());
      }
    }
    boolean latLon;
    if (parts.length == 5) {
      String crs = KvpText.trim(parts[4]);
      if (crs.isEmpty()) {
        throw OwsException.invalid("BBOX", v, "an empty CRS after the fourth number");
      }
      if (!Crs.is4326(crs)) {
        throw OwsException.invalid("BBOX", v, "only EPSG:4326 is served, not " + crs);
      }
      latLon = Crs.isLatLon(crs);
    } else {
      latLon = !isV1();
    }
    if (n[0] > n[2] || n[1] > n[3]) {
      throw OwsException.invalid("BBOX", v, "a lower corner above or right of the upper corner");
    }
    String outside =
        latLon
            ? org.wirebench.server.http.LonLatRange.outside(n[1], n[0], n[3], n[2], true)
            : org.wirebench.server.http.LonLatRange.outside(n[0], n[1], n[2], n[3], false);
    if (outside != null) {
      throw OwsException.invalid("BBOX", v, "outside EPSG:4326: " + outside);
    }
    return latLon
        ? new org.locationtech.jts.geom.Envelope(n[1], n[3], n[0], n[2])
        : new org.locationtech.jts.geom.Envelope(n[0], n[2], n[1], n[3]);
  }
}
