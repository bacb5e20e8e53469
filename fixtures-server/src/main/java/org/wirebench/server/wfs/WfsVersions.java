package org.wirebench.server.wfs;

import java.util.List;
import java.util.Map;
import org.eclipse.jetty.util.StringUtil;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.server.http.OwsException;

/**
 * The WFS version a request is answered in: {@code version}, else OWS Common's negotiation over
 * {@code AcceptVersions}, else 2.0.0. Both given must agree: a version outside AcceptVersions was
 * answered in, though the client said it does not accept it.
 */
final class WfsVersions {
  private WfsVersions() {}

  /**
   * @param request the operation, for the refusal's code (GetCapabilities negotiates)
   * @param p the query's parameters by lower-cased name
   */
  static WfsVersion of(String request, Map<String, String> p) throws OwsException {
    String asked = p.getOrDefault("version", p.get("acceptversions"));
    List<String> accepted = acceptVersions(p.get("acceptversions"));
    if (accepted != null && p.containsKey("version") && !accepts(accepted, p.get("version"))) {
      // one of the two would be ignored: answering in a version the client said it does not accept
      throw new OwsException(
          "VersionNegotiationFailed",
          "AcceptVersions",
          "version="
              + p.get("version")
              + " is not among AcceptVersions="
              + p.get("acceptversions")
              + "; give one of the two");
    }
    WfsVersion version =
        asked == null
            ? WfsVersion.V2_0_0
            : negotiate(p.containsKey("version") ? List.of(asked) : accepted);
    if (version == null) {
      throw new OwsException(
          StringUtil.asciiEqualsIgnoreCase(request, "GetCapabilities")
              ? "VersionNegotiationFailed"
              : "InvalidParameterValue",
          "version",
          "version " + asked + " is not supported; use 2.0.0, 1.1.0 or 1.0.0");
    }
    return version;
  }

  /** The exception-report dialect to answer in, even when the version itself is bad. */
  static WfsVersion reportVersion(Map<String, String> lowerCaseParams) {
    WfsVersion v = negotiate(List.of(String.valueOf(lowerCaseParams.get("version"))));
    return v == null ? WfsVersion.V2_0_0 : v;
  }

  /**
   * The first of {@code accepted}, in the client's order, that this server speaks (2.0.2 is served
   * as 2.0.0), or null for none: AcceptVersions lists the client's versions in its order of
   * preference, and the server "shall scan through this list and find the first version number that
   * it supports" (OWS Common 1.1, 06-121r3 §7.3.2) — not the highest.
   */
  private static WfsVersion negotiate(List<String> accepted) {
    for (String a : accepted) {
      for (WfsVersion v : WfsVersion.values()) {
        if (a.equals(v.code()) || (v == WfsVersion.V2_0_0 && a.equals("2.0.2"))) {
          return v;
        }
      }
    }
    return null;
  }

  /** AcceptVersions' items (spaces dropped), or null when absent; an empty item is refused. */
  private static List<String> acceptVersions(String v) throws OwsException {
    if (v == null) {
      return null;
    }
    List<String> items = List.of(v.replace(" ", "").split(",", -1));
    if (items.contains("")) {
      throw OwsException.invalid("AcceptVersions", v, "an empty item in the list");
    }
    return items;
  }

  /**
   * Whether any item of {@code accepted} is {@code version} (2.0.0 and 2.0.2 are one version here),
   * wherever it stands in the list: not only the first the server speaks, which refused {@code
   * AcceptVersions=1.1.0,2.0.2&version=2.0.0}.
   */
  private static boolean accepts(List<String> accepted, String version) {
    WfsVersion v = negotiate(List.of(version));
    return accepted.contains(version)
        || (v != null && accepted.stream().anyMatch(a -> negotiate(List.of(a)) == v));
  }
}
