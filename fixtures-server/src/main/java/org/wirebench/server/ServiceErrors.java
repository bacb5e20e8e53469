package org.wirebench.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.URIUtil;
import org.wirebench.server.finding.JsonErrors;
import org.wirebench.server.finding.MockBackendHandler;
import org.wirebench.server.soap.SoapServices;
import org.wirebench.server.wfs.WfsHandler;
import org.wirebench.server.wms.WmsHandler;

/**
 * A refusal made before a request reaches its service (by Jetty itself, or by a gate in front of
 * every service) in that service's own format, chosen by the path: the JSON error under {@code
 * /ebay/} and {@code /finding/}, an OGC exception report under {@code /ows}, {@code /wfs}, {@code
 * /wms}, {@code /tiled/wms} and {@code /tiled/memory/wms}, a SOAP fault under {@code /services/},
 * one line of text elsewhere. Never Jetty's HTML page.
 */
public enum ServiceErrors {
  JSON,
  WFS,
  WMS,
  SOAP,
  TEXT;

  /** The mock backend's name, {@code /finding}, without the slash its path ends in. */
  private static final String FINDING =
      MockBackendHandler.PATH.substring(0, MockBackendHandler.PATH.length() - 1);

  /**
   * The service a path (as sent, before decoding; null when unknown) belongs to: an endpoint's own
   * path, anything under it, and a path that only looks like it, the endpoint's name followed by a
   * {@code %} or a byte no URI holds ({@code /ows%zz}, {@code /services%ff}, {@code /ows} and a
   * NUL): the client was talking to that service, and a refusal of such a path is in its format.
   */
  public static ServiceErrors of(String path) {
    if (path == null) {
      return TEXT;
    }
    if (path.startsWith("/ebay/")
        || path.startsWith(MockBackendHandler.PATH)
        || lookalike(path, "/ebay")
        || lookalike(path, FINDING)) {
      return JSON;
    }
    if (under(path, "/ows") || under(path, "/wfs")) {
      return WFS;
    }
    if (FixtureServer.WMS_PATHS.stream().anyMatch(wms -> under(path, wms))) {
      return WMS;
    }
    if (path.startsWith("/services/") || lookalike(path, "/services")) {
      return SOAP;
    }
    return TEXT;
  }

  /**
   * The service a refused path names once its empty segments are dropped ({@code //ows}, {@code
   * /tiled//wms}: a base URL ending in a slash joined to a path that starts with one): the client
   * was talking to that service, though the path as sent is refused.
   */
  public static ServiceErrors named(String path) {
    return of(path == null ? null : URIUtil.compactPath(path));
  }

  private static boolean under(String path, String endpoint) {
    return path.equals(endpoint)
        || lookalike(path, endpoint)
        || path.startsWith(endpoint)
            && (path.charAt(endpoint.length()) == '?'
                || path.charAt(endpoint.length()) == '/'
                || path.charAt(endpoint.length()) == ';');
  }

  /**
   * The endpoint's name followed by a {@code %} (an escape, valid or not) or by a byte no URI holds
   * (a control byte, a space, DEL, a byte above 127, one of {@code " < > \ ^ ` { | }}): what Jetty
   * or {@link UriGate} refuses before decoding, so the name as sent is all there is to go by.
   */
  private static boolean lookalike(String path, String endpoint) {
    if (path.length() <= endpoint.length() || !path.startsWith(endpoint)) {
      return false;
    }
    char c = path.charAt(endpoint.length());
    return c == '%' || c <= 0x20 || c >= 0x7f || NOT_IN_A_URI.indexOf(c) >= 0;
  }

  /** The printable ASCII characters RFC 3986 allows nowhere in a URI. */
  private static final String NOT_IN_A_URI = "\"<>\\^`{|}";

  /**
   * Writes the refusal and completes the callback.
   *
   * @param rawQuery the query as sent, for the OGC report's version; may be null
   * @param cause one line for the client: what was wrong, never a class name or a stack
   */
  public void write(
      Response response, Callback callback, int status, String rawQuery, String cause) {
    switch (this) {
      case JSON -> JsonErrors.write(response, callback, status, cause);
      case WFS -> WfsHandler.refuse(response, callback, status, rawQuery, cause);
      case WMS -> WmsHandler.refuse(response, callback, status, rawQuery, cause);
      case SOAP -> SoapServices.fault(response, callback, status, cause);
      case TEXT -> {
        byte[] body = (status + " " + cause + "\n").getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=UTF-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
      }
      default -> throw new IllegalStateException(name());
    }
  }
}
