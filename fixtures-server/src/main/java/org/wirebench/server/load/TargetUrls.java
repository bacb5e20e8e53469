package org.wirebench.server.load;

import java.net.URI;
import java.util.Locale;

/**
 * What the driver accepts as a URL to load: {@code http://HOST[:PORT][/PATH][?QUERY]}, HOST a name
 * or an IP literal (IPv6 in brackets), PORT 1..65535 (80 when absent). Anything else it would
 * silently send differently from what was written (credentials or a fragment dropped, port 0 or
 * 65536 failing each connect) or could not send at all (no host, another scheme), so it is refused
 * before any work.
 */
public final class TargetUrls {
  private TargetUrls() {}

  /**
   * Null when {@code url} is such a URL, else one plain line saying what is wrong with it; {@code
   * base} also refuses a query, which resolving a path against the base would drop.
   */
  public static String problem(URI url, boolean base) {
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (scheme.equals("https")) {
      return "the driver speaks plain HTTP/1.1 only (no TLS), not " + url;
    }
    String problem = org.wirebench.server.http.HttpUrls.problem(url, false);
    if (problem != null) {
      return problem;
    }
    if (base && url.getRawQuery() != null) {
      return "a base URL takes no query (the scenario's paths replace it): " + url;
    }
    return null;
  }

  /** The port the driver connects to: the URL's, or 80. */
  public static int port(URI url) {
    return url.getPort() < 0 ? 80 : url.getPort();
  }
}
