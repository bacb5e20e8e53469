package org.wirebench.server.wms;

import java.util.Map;
import org.wirebench.server.http.OwsException;

/**
 * The WMS version a request is answered in: GetCapabilities' negotiation (OGC 06-042 §6.2.4) over
 * VERSION, or WMS 1.0's WMTVER in its place; GetMap's, as asked; and the version a report is
 * written in whatever else is wrong with the request.
 */
final class WmsVersions {
  private WmsVersions() {}

  /**
   * The version a report about the request is written in, whatever else is wrong with it.
   *
   * @param p the query's parameters by lower-cased name
   */
  static WmsVersion report(Map<String, String> p) {
    String v = p.get("version");
    if (v == null) {
      v = p.get("wmtver");
    }
    return WmsVersion.V1_1_1.code().equals(v) || "1.1.0".equals(v) || "1.0.0".equals(v)
        ? WmsVersion.V1_1_1
        : WmsVersion.V1_3_0;
  }

  /**
   * The version GetCapabilities answers in: the one asked for if served, else the highest served
   * below it, else the lowest (the standard's negotiation); 1.3.0 when none is asked for.
   *
   * @param p the query's parameters by lower-cased name
   */
  static WmsVersion negotiated(Map<String, String> p) throws OwsException {
    String v = versionParam(p);
    if (v == null || v.isEmpty()) {
      return WmsVersion.V1_3_0;
    }
    if (!v.matches("\\d{1,4}\\.\\d{1,4}\\.\\d{1,4}")) {
      throw OwsException.invalid("VERSION", v, "a version is x.y.z");
    }
    return compare(v, WmsVersion.V1_3_0.code()) >= 0 ? WmsVersion.V1_3_0 : WmsVersion.V1_1_1;
  }

  /**
   * The version a GetMap is served in: the one asked for (no negotiation), 1.1.1 or 1.3.0.
   *
   * @param p the query's parameters by lower-cased name
   */
  static WmsVersion getMap(Map<String, String> p) throws OwsException {
    String asked = versionParam(p);
    if (asked == null) {
      throw OwsException.missing("VERSION");
    }
    try {
      return WmsVersion.of(asked);
    } catch (IllegalArgumentException e) {
      throw OwsException.invalid("VERSION", asked, "GetMap is served in 1.1.1 and 1.3.0");
    }
  }

  /**
   * VERSION, or WMS 1.0's WMTVER when VERSION is absent. Both with different values are refused:
   * one would be read and the other dropped.
   */
  private static String versionParam(Map<String, String> p) throws OwsException {
    String v = p.get("version");
    String wmtver = p.get("wmtver");
    if (v != null && wmtver != null && !v.equals(wmtver)) {
      throw OwsException.invalid(
          "WMTVER", wmtver, "VERSION=" + v + " says otherwise; give one of the two");
    }
    return v != null ? v : wmtver;
  }

  private static int compare(String a, String b) {
    String[] x = a.split("\\.");
    String[] y = b.split("\\.");
    for (int i = 0; i < 3; i++) {
      int c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
