package org.wirebench.server.http;

import java.net.URI;
import java.util.Locale;

/**
 * The one check of a URL given on the command line ({@code serve --public-url}, {@code serve
 * --finding-backend}, {@code load --target}, {@code load --server}): an absolute {@code
 * http(s)://HOST[:PORT]/...} with a host, a port 1..65535 if any, and neither credentials nor a
 * fragment. Anything else is sent or written differently from what was typed (credentials and
 * fragments dropped, or handed to every client in the URLs the server writes; port 0 or 65536
 * failing each connect), so it is refused before any work, the same way for every option.
 */
public final class HttpUrls {
  private HttpUrls() {}

  /**
   * Null when {@code url} is such a URL, else one plain line saying what is wrong with it.
   *
   * @param https whether https is also allowed (else plain http only)
   */
  public static String problem(URI url, boolean https) {
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    boolean known = scheme.equals("http") || https && scheme.equals("https");
    if (!known || url.isOpaque()) {
      return "not an " + (https ? "http(s)" : "http") + "://HOST[:PORT]/ URL: " + url;
    }
    if (url.getHost() == null) {
      // java.net.URI leaves host and port unset for an authority it cannot read as host:port:
      // none, a port past int, a name with '_'
      return "no host and port that can be read in " + url + " (http://HOST[:PORT]/)";
    }
    if (url.getRawUserInfo() != null) {
      return "credentials in the URL are refused (never sent, and written into answers they"
          + " would reach every client): "
          + url;
    }
    if (url.getRawFragment() != null) {
      return "a fragment (#...) is never sent: " + url;
    }
    if (url.getPort() == 0 || url.getPort() > 65535 || url.getPort() < -1) {
      return "port " + url.getPort() + " is not 1..65535 in " + url;
    }
    return null;
  }

  /**
   * How a URL writes the host {@code address} (a name, or an IPv4 or IPv6 literal, bracketed or
   * not): an IPv6 literal in brackets (RFC 3986 3.2.2; {@code http://::1:8080/} has no host a URL
   * parser reads), once, anything else as given. The one rule for every URL the server makes of an
   * address: the {@code serve} banner's, and the endpoints' URLs in WFS and WMS answers and WSDLs.
   */
  public static String host(String address) {
    String bare =
        address.length() > 1 && address.startsWith("[") && address.endsWith("]")
            ? address.substring(1, address.length() - 1)
            : address;
    return bare.indexOf(':') < 0 ? bare : "[" + bare + "]";
  }
}
