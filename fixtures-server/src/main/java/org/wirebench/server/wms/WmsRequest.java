package org.wirebench.server.wms;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.jetty.util.StringUtil;
import org.wirebench.formats.media.MediaType;
import org.wirebench.formats.raster.WmsRequestList;
import org.wirebench.server.http.OwsException;

/**
 * A WMS 1.1.1 or 1.3.0 KVP request read and checked: parameter names case-insensitive, each given
 * at most once. GetCapabilities negotiates its version (OGC 06-042 §6.2.4); GetMap needs one of the
 * two. Every GetMap parameter the standards define is either served or refused naming it; a name no
 * standard defines is refused too, but for the few vendor hints {@link WmsParameters} lists.
 */
public final class WmsRequest implements org.wirebench.server.http.OwsHandler.Parsed {
  /** The one layer every WMS endpoint serves. */
  public static final String LAYER = "bluemarble";

  /** The default cap on WIDTH and HEIGHT, as the capabilities' MaxWidth and MaxHeight say. */
  public static final int DEFAULT_MAX_SIDE = 4096;

  /**
   * Defined by WMS 1.1.1/1.3.0 (or the SLD profile every client knows) and not served: an answer
   * that ignored them would be a different map than the one asked for.
   */
  private static final Map<String, String> REFUSED =
      Map.of(
          "sld", "SLD styling is not supported",
          "sld_body", "SLD styling is not supported",
          "wfs", "SLD remote features are not supported",
          "time", "the layer has no TIME dimension",
          "elevation", "the layer has no ELEVATION dimension",
          "sld_version", "SLD styling is not supported");

  static final String JPEG = "image/jpeg";
  static final String PNG = "image/png";

  /** The GetMap formats offered, as the capabilities list them. */
  static final List<String> MAP_FORMATS = List.of(JPEG, PNG);

  final Map<String, String> params;
  final String request;

  @Override
  public String operation() {
    return request;
  }

  private WmsRequest(Map<String, String> lowerCaseParams) throws OwsException {
    this.params = lowerCaseParams;
    String r = params.get("request");
    if (r == null || r.isEmpty()) {
      throw OwsException.missing("REQUEST");
    }
    this.request = r;
    String service = params.get("service");
    if (service != null && !StringUtil.asciiEqualsIgnoreCase(service, "WMS")) {
      throw OwsException.invalid("SERVICE", service, "this endpoint serves WMS");
    }
  }

  /**
   * @param lowerCaseParams names lower-cased, each once (a name given twice is refused before, by
   *     {@link org.wirebench.server.http.OwsHandler})
   */
  static WmsRequest parse(Map<String, String> lowerCaseParams) throws OwsException {
    return new WmsRequest(lowerCaseParams);
  }

  /** The version a report about this request is written in ({@link WmsVersions#report}). */
  static WmsVersion reportVersion(Map<String, String> lowerCaseParams) {
    return WmsVersions.report(lowerCaseParams);
  }

  /** The version GetCapabilities answers in ({@link WmsVersions#negotiated}). */
  WmsVersion negotiatedVersion() throws OwsException {
    return WmsVersions.negotiated(params);
  }

  void checkCapabilities() throws OwsException {
    if (params.get("service") == null) {
      throw OwsException.missing("SERVICE");
    }
    WmsParameters.checkCapabilities(params);
    if (params.get("updatesequence") != null) {
      throw new OwsException(
          "InvalidUpdateSequence",
          "UPDATESEQUENCE",
          "UPDATESEQUENCE is not supported: the capabilities have no sequence");
    }
    String format = params.get("format");
    if (format != null
        && !format.isEmpty()
        && MediaType.among(
                format, List.of(WmsCapabilities.MEDIA_TYPE_130, WmsCapabilities.MEDIA_TYPE_111))
            .isEmpty()) {
      throw new OwsException(
          "InvalidFormat",
          "FORMAT",
          "FORMAT="
              + format
              + ": "
              + notMediaType(format)
              + "capabilities come as "
              + WmsCapabilities.MEDIA_TYPE_130
              + " or "
              + WmsCapabilities.MEDIA_TYPE_111);
    }
  }

  /** A GetMap request as the renderers take it. */
  record GetMap(
      WmsVersion version,
      WmsRequestList.Request box,
      WmsRequestList.Srs srs,
      String format,
      boolean transparent,
      int background) {}

  GetMap getMap(int maxSide) throws OwsException {
    WmsVersion version = WmsVersions.getMap(params);
    boolean v130 = version == WmsVersion.V1_3_0;
    if (v130 && params.get("service") == null) {
      throw OwsException.missing("SERVICE");
    }
    for (String p : params.keySet()) {
      String why = REFUSED.get(p);
      if (why != null || p.startsWith("dim_")) {
        throw new OwsException(
            "OperationNotSupported",
            p.toUpperCase(Locale.ROOT),
            p.toUpperCase(Locale.ROOT)
                + " is not served here: "
                + (why == null ? "the layer has no sample dimensions" : why));
      }
    }
    WmsParameters.checkGetMap(params);
    exceptions(version);
    List<String> layers = layers();
    styles(layers.size());
    String crsName = v130 ? "CRS" : "SRS";
    String crs = required(crsName);
    String otherName = v130 ? "SRS" : "CRS";
    String other = params.get(otherName.toLowerCase(Locale.ROOT));
    // the same code in another case is the same CRS (the codes are read case-blind below)
    if (other != null && !StringUtil.asciiEqualsIgnoreCase(other, crs)) {
      // the other version's spelling would be ignored: a map in a projection nobody asked for
      throw new OwsException(
          v130 ? "InvalidCRS" : "InvalidSRS",
          otherName,
          otherName
              + "="
              + other
              + " is WMS "
              + (v130 ? "1.1.1" : "1.3.0")
              + "'s spelling and differs from "
              + crsName
              + "="
              + crs
              + "; give "
              + crsName
              + " alone");
    }
    WmsRequestList.Srs srs;
    boolean lonLat;
    switch (StringUtil.asciiToUpperCase(crs)) {
      case "EPSG:4326" -> {
        srs = WmsRequestList.Srs.EPSG_4326;
        lonLat = !v130; // 1.3.0 follows EPSG's axis order: latitude first
      }
      case "CRS:84" -> {
        if (!v130) {
          throw new OwsException("InvalidSRS", "SRS", "CRS:84 is a WMS 1.3.0 CRS; use EPSG:4326");
        }
        srs = WmsRequestList.Srs.EPSG_4326;
        lonLat = true;
      }
      case "EPSG:3857", "EPSG:900913" -> {
        srs = WmsRequestList.Srs.EPSG_3857;
        lonLat = true;
      }
      default ->
          throw new OwsException(
              v130 ? "InvalidCRS" : "InvalidSRS",
              crsName,
              crsName
                  + "="
                  + crs
                  + " is not offered; valid: EPSG:4326, "
                  + (v130 ? "CRS:84, " : "")
                  + "EPSG:3857, EPSG:900913");
    }
    double[] bbox = bbox();
    if (!lonLat) {
      bbox = new double[] {bbox[1], bbox[0], bbox[3], bbox[2]};
    }
    if (srs == WmsRequestList.Srs.EPSG_4326) {
      WmsParameters.checkLonLat(params.get("bbox"), bbox, crs, !lonLat);
    }
    int width = side("WIDTH", maxSide);
    int height = side("HEIGHT", maxSide);
    String asked = required("FORMAT");
    String format =
        MediaType.among(asked, MAP_FORMATS)
            .orElseThrow(
                () ->
                    new OwsException(
                        "InvalidFormat",
                        "FORMAT",
                        "FORMAT="
                            + asked
                            + " is not offered: "
                            + notMediaType(asked)
                            + "valid: "
                            + MAP_FORMATS));
    boolean transparent = bool("TRANSPARENT");
    return new WmsRequest.GetMap(
        version,
        new WmsRequestList.Request(width, height, bbox[0], bbox[1], bbox[2], bbox[3]),
        srs,
        format,
        transparent,
        background());
  }

  private String required(String name) throws OwsException {
    String v = params.get(name.toLowerCase(Locale.ROOT));
    if (v == null || v.isEmpty()) {
      throw OwsException.missing(name);
    }
    return v;
  }

  private List<String> layers() throws OwsException {
    List<String> layers = List.of(required("LAYERS").split(",", -1));
    for (String l : layers) {
      if (l.isEmpty()) {
        // WMS 1.3.0 has no InvalidParameterValue: an item naming no layer is an undefined layer
        throw new OwsException(
            "LayerNotDefined",
            "LAYERS",
            "an empty item in LAYERS names no layer; the layer is " + LAYER);
      }
      if (!l.equals(LAYER)) {
        throw new OwsException(
            "LayerNotDefined", "LAYERS", "layer '" + l + "' is not served; the layer is " + LAYER);
      }
    }
    return layers;
  }

  /** STYLES may be absent or empty (default styles), else one entry a layer, each "" or default. */
  private void styles(int layers) throws OwsException {
    String v = params.get("styles");
    if (v == null || v.isEmpty()) {
      return;
    }
    String[] styles = v.split(",", -1);
    if (styles.length != layers) {
      throw new OwsException(
          "StyleNotDefined",
          "STYLES",
          "STYLES lists " + styles.length + " styles for " + layers + " layers");
    }
    for (String s : styles) {
      if (!s.isEmpty() && !s.equals("default")) {
        throw new OwsException(
            "StyleNotDefined", "STYLES", "style '" + s + "' is not defined; the only is default");
      }
    }
  }

  /**
   * EXCEPTIONS: absent, empty, or the XML format the version's capabilities list (1.3.0's {@code
   * XML}, 1.1.1's {@code application/vnd.ogc.se_xml}); the other version's value is refused, as a
   * value of this version would be that it does not define.
   */
  private void exceptions(WmsVersion version) throws OwsException {
    String v = params.get("exceptions");
    // 1.3.0's XML is a keyword, 1.1.1's a media type (read as RFC 9110 has it)
    boolean v130 = version == WmsVersion.V1_3_0;
    String xml = v130 ? "XML" : WmsExceptions.MEDIA_TYPE_111;
    if (v == null || v.isEmpty() || (v130 ? v.equals(xml) : MediaType.same(v, xml))) {
      return;
    }
    throw OwsException.invalid(
        "EXCEPTIONS",
        v,
        "WMS "
            + version.code()
            + " reports exceptions as "
            + xml
            + " only (no INIMAGE or BLANK images, and no other version's format)");
  }

  /** Why {@code value} is no media type (RFC 9110), followed by "; ", or "". */
  private static String notMediaType(String value) {
    return MediaType.problem(value).map(p -> p + "; ").orElse("");
  }

  private double[] bbox() throws OwsException {
    String v = required("BBOX");
    String[] parts = v.split(",", -1);
    if (parts.length != 4) {
      throw OwsException.invalid("BBOX", v, "a box is minx,miny,maxx,maxy");
    }
    double[] box = new double[4];
    for (int i = 0; i < 4; i++) {
      try {
        box[i] = org.wirebench.server.http.KvpNumbers.decimal(parts[i]);
      } catch (NumberFormatException e) {
        throw OwsException.invalid("BBOX", v, "'" + parts[i] + "' is refused: " + e.getMessage());
      }
    }
    if (box[0] >= box[2] || box[1] >= box[3]) {
      throw OwsException.invalid("BBOX", v, "each minimum must be below its maximum");
    }
    return box;
  }

  private int side(String name, int maxSide) throws OwsException {
    String v = required(name);
    long n;
    try {
      n = org.wirebench.server.http.KvpNumbers.integer(v);
    } catch (NumberFormatException e) {
      throw OwsException.invalid(name, v, "not a whole number of pixels (digits only)");
    }
    if (n < 1 || n > maxSide) {
      throw OwsException.invalid(name, v, "must be 1.." + maxSide + " pixels");
    }
    return (int) n;
  }

  private boolean bool(String name) throws OwsException {
    String v = params.get(name.toLowerCase(Locale.ROOT));
    if (v == null || v.isEmpty() || StringUtil.asciiEqualsIgnoreCase(v, "FALSE")) {
      return false;
    }
    if (StringUtil.asciiEqualsIgnoreCase(v, "TRUE")) {
      return true;
    }
    throw OwsException.invalid(name, v, "TRUE or FALSE");
  }

  /** BGCOLOR=0xRRGGBB: what is drawn where the map leaves the globe; white by default. */
  private int background() throws OwsException {
    String v = params.get("bgcolor");
    if (v == null || v.isEmpty()) {
      return 0xFFFFFF;
    }
    if (!v.matches("0[xX][0-9a-fA-F]{6}")) {
      throw OwsException.invalid("BGCOLOR", v, "a colour is 0xRRGGBB");
    }
    return Integer.parseInt(v.substring(2), 16);
  }
}
