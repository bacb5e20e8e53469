package org.wirebench.server;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Refuses, from the head and before any body is read, a request whose framing the server cannot
 * honour, with 400 in the path's format ({@link ServiceErrors}) and {@code Connection: close}, as
 * Jetty's {@code HttpCompliance} has no switch for either:
 *
 * <ul>
 *   <li>HTTP/1.0 with {@code Transfer-Encoding}: RFC 9112 §6.1 says such a message's framing MUST
 *       be treated as faulty and the connection closed after it. Jetty read the chunked body and
 *       kept the connection alive, so a proxy that framed the body by HTTP/1.0's rules (to the
 *       close) and the server disagreed on where the next request starts (request smuggling).
 *   <li>GET or HEAD with a body ({@code Content-Length} above 0, or any {@code Transfer-Encoding}):
 *       no path reads one, so the body was dropped and the request answered as if it were not
 *       there; a client that sent a query in it got an answer to another question. The connection
 *       closes rather than the unread body being skipped.
 *   <li>A request line whose words are parted by more than one space ({@code GET /ows HTTP/1.1}),
 *       which Jetty reads as one: RFC 9112 §3 wants one SP, and a line parted by tabs is refused by
 *       Jetty already.
 *   <li>A request line whose version is not spelt {@code HTTP/} in capitals ({@code http/1.1}),
 *       which Jetty reads as HTTP/1.1: RFC 9112 §2.3 makes the name case-sensitive.
 * </ul>
 */
final class FramingGate extends Handler.Wrapper {
  FramingGate(Handler next) {
    super(next);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    String cause = cause(request);
    if (cause == null) {
      return super.handle(request, response, callback);
    }
    BodyGate.refuse(request, response, callback, HttpStatus.BAD_REQUEST_400, cause, true);
    return true;
  }

  /** Why the request's framing is refused, or null when it is not. */
  static String cause(Request request) {
    if (RequestTargets.extraBlanks(request.getConnectionMetaData())) {
      return RequestTargets.BAD_LINE + ": one space between its words (RFC 9112 3)";
    }
    String version = RequestTargets.misspeltVersion(request.getConnectionMetaData());
    if (version != null) {
      return "the request line's version is case-sensitive (RFC 9112 2.3): HTTP/1.1, not "
          + version;
    }
    boolean coded = request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    if (coded && request.getConnectionMetaData().getHttpVersion() == HttpVersion.HTTP_1_0) {
      return "an HTTP/1.0 request cannot carry Transfer-Encoding (RFC 9112 6.1): its body's"
          + " framing is refused";
    }
    String method = request.getMethod();
    if (HttpMethod.GET.is(method) || HttpMethod.HEAD.is(method)) {
      if (coded || request.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH) > 0) {
        return "a " + method + " request takes no body here: send the parameters in the query";
      }
    }
    return null;
  }
}
