package org.wirebench.server;

import java.util.List;
import org.eclipse.jetty.server.Request;
import org.wirebench.server.http.BodyCodings;
import org.wirebench.server.http.KvpQuery;
import org.wirebench.server.soap.SoapServices;

/**
 * Whether a request's service refuses it from its head alone, never reading its body: such a
 * request with {@code Expect: 100-continue} goes to its service unread ({@link BodyGate}), which
 * answers the final 4xx in place of {@code 100 Continue} (RFC 9110 §10.1.1), so the client does not
 * send a body only to have it refused. Each decision is the one the refusing handler makes: a coded
 * request body ({@link WireCompression}, 415 or 501), a method a path does not take (405), a query
 * where none is taken ({@link NoQuery}, 400), and what {@code SoapServices} refuses before reading.
 * A refusal that needs the body (the SOAP envelope checks) stays after it.
 */
final class HeadRefusals {
  private HeadRefusals() {}

  static boolean refused(Request request) {
    if (BodyCodings.check(request.getHeaders()) != null) {
      return true;
    }
    String path = request.getHttpURI().getPath();
    String method = request.getMethod();
    return switch (ServiceErrors.of(path)) {
      case WFS, WMS -> !KvpQuery.readOnly(request);
      case SOAP -> SoapServices.refusedByHead(request);
      case JSON ->
          (path.startsWith("/ebay/")
                  ? !KvpQuery.readOnly(request)
                  : !List.of("GET", "HEAD", "POST").contains(method))
              || queried(request);
      case TEXT ->
          path.startsWith("/static/")
              ? !List.of("GET", "HEAD", "POST").contains(method) || queried(request)
              : path.equals("/") && (!KvpQuery.readOnly(request) || queried(request));
    };
  }

  /** What {@link NoQuery} refuses on the paths it guards. */
  private static boolean queried(Request request) {
    String query = request.getHttpURI().getQuery();
    return query != null && !query.isEmpty();
  }
}
