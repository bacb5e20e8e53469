package org.wirebench.server.http;

import java.net.URI;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.URIUtil;

/**
 * The URLs the services write into their answers (capabilities, paging links, schema locations):
 * built on the public URL the server was given ({@code serve --public-url}), else on the address
 * and port the connection came in on, in the connector's scheme — never on the request's Host
 * header, nor on the scheme or authority of a request target in absolute form ({@code GET
 * javascript://x/ows HTTP/1.1}), which a client can set to anything.
 */
public final class PublicUrls {
  /**
   * The scheme of every connector the server has: plain HTTP. Never the request's: Jetty takes an
   * absolute-form target's scheme as the request's, whatever it is.
   */
  public static final String CONNECTOR_SCHEME = "http";

  private PublicUrls() {}

  /**
   * The base ending in "/", or null for null.
   *
   * @throws IllegalArgumentException for anything but an absolute http(s) URL with a host, a port
   *     1..65535 if any, and no credentials, query or fragment
   */
  public static String base(URI url) {
    if (url == null) {
      return null;
    }
    String problem = HttpUrls.problem(url, true);
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    if (url.getRawQuery() != null) {
      throw new IllegalArgumentException("a public URL takes no query, not " + url);
    }
    String s = url.toString();
    return s.endsWith("/") ? s : s + "/";
  }

  /**
   * The absolute URL of the endpoint {@code request} reached, without the query. Its path is the
   * one the request was routed by (decoded, dot segments resolved, path parameters dropped), not
   * the path as sent: {@code /ows;x=1}, {@code /%6fws} and {@code /a/../ows} reach {@code /ows},
   * and echoing them put the client's own text into every URL the answer writes and made each
   * spelling a new entry of the GML header cache, which a client could fill for good.
   */
  public static String endpoint(Request request, String base) {
    String path = URIUtil.encodePath(request.getHttpURI().getCanonicalPath());
    if (base != null) {
      return base + path.substring(1);
    }
    return CONNECTOR_SCHEME
        + "://"
        + HttpUrls.host(Request.getLocalAddr(request))
        + ":"
        + Request.getLocalPort(request)
        + path;
  }
}
