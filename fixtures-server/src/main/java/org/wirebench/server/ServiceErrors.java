package org.wirebench.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
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

  /** The service a path (as sent, before decoding; null when unknown) belongs to. */
  public static ServiceErrors of(String path) {
    if (path == null) {
      return TEXT;
    }
    if (path.startsWith("/ebay/") || path.startsWith(MockBackendHandler.PATH)) {
      return JSON;
    }
    if (under(path, "/ows") || under(path, "/wfs")) {
      return WFS;
    }
    if (FixtureServer.WMS_PATHS.stream().anyMatch(wms -> under(path, wms))) {
      return WMS;
    }
    if (path.startsWith("/services/")) {
      return SOAP;
    }
    return TEXT;
  }

  private static boolean under(String path, String endpoint) {
    return path.equals(endpoint)
        || path.startsWith(endpoint)
            && (path.charAt(endpoint.length()) == '?'
                || path.charAt(endpoint.length()) == '/'
                || path.charAt(endpoint.length()) == ';');
  }

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
