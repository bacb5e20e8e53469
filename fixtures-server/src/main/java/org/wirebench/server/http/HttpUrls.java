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
}
