package org.wirebench.server;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Errors Jetty answers itself, before or outside a handler (a request line too long, a bad
 * %-escape, a request it could not parse, an unexpected failure), in the format of the service the
 * request was for ({@link ServiceErrors}): JSON for the gateway, an OGC report for the WFS and the
 * WMS, a SOAP fault under /services/. When Jetty could not parse the request target it hands over a
 * made-up path; the target as sent is then read from {@link RequestTargets}. No body shows a stack,
 * an exception's name, or a 5xx's cause.
 */
final class ErrorPages extends ErrorHandler {
  private final int headerBytes;
  private final org.wirebench.server.http.ReadRateHandler readRates;

  /**
   * @param headerBytes the connector's request head limit, named in a 414's or 431's cause
   * @param readRates the minimum read rate, for the pages Jetty asks for outside any handler
   */
  ErrorPages(int headerBytes, org.wirebench.server.http.ReadRateHandler readRates) {
    this.headerBytes = headerBytes;
    this.readRates = readRates;
    setShowStacks(false);
    setShowMessageInTitle(false);
    setShowCauses(false);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    response = readRates.rated(request, response);
    String path = request.getHttpURI() == null ? null : request.getHttpURI().getPath();
    String query = request.getHttpURI() == null ? null : request.getHttpURI().getQuery();
    boolean unparsed = path == null || path.equals("/badMessage") || path.equals("/badURI");
    if (unparsed) {
      String target = RequestTargets.lastTarget(request.getConnectionMetaData());
      path = RequestTargets.path(target);
      query = RequestTargets.query(target);
    }
    int status = response.getStatus();
    // the error page replaces the answer's headers, the Connection: close among them
    CloseWhenAsked.markClose(request, response);
    if (status < 400) {
      status = HttpStatus.INTERNAL_SERVER_ERROR_500;
    }
    if (status == HttpStatus.UPGRADE_REQUIRED_426) {
      // Jetty's answer to an HTTP/2.0 request line and to h2's prior-knowledge preface (PRI *
      // HTTP/2.0). A 426 MUST name in Upgrade a protocol the server would switch to (RFC 9110
      // 15.5.22), and this server switches to none: the version is refused as 0.9, 1.2 and 3 are,
      // and the connection closed (the preface's "SM" was read as a next request).
      status = HttpStatus.HTTP_VERSION_NOT_SUPPORTED_505;
      response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
    }
    ServiceErrors.named(path)
        .write(response, callback, status, query, cause(request, status, unparsed, path != null));
    return true;
  }

  /** One line naming what was wrong, from what Jetty said where it said something readable. */
  private String cause(Request request, int status, boolean unparsed, boolean target) {
    String reason = HttpStatus.getMessage(status);
    if (status == HttpStatus.HTTP_VERSION_NOT_SUPPORTED_505) {
      return reason + ": this server speaks HTTP/1.1 (and 1.0) only";
    }
    if (status >= 500) {
      return reason;
    }
    if (status == HttpStatus.URI_TOO_LONG_414) {
      return "the request line is longer than this server's " + headerBytes + " bytes";
    }
    if (status == HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE_431) {
      return "the request head is longer than this server's " + headerBytes + " bytes";
    }
    if (unparsed && !target && status == HttpStatus.BAD_REQUEST_400) {
      return "the request line is not HTTP/1.1's METHOD /path HTTP/1.1";
    }
    if (unparsed
        && status == HttpStatus.BAD_REQUEST_400
        && RequestTargets.badMethod(request.getConnectionMetaData())) {
      // the target may be fine: the fault is the method's, never to be blamed on the URI
      return "the request method is not an HTTP token (letters, digits and !#$%&'*+-.^_`|~)";
    }
    if (unparsed
        && status == HttpStatus.BAD_REQUEST_400
        && RequestTargets.badLine(request.getConnectionMetaData())) {
      // the target may be fine: words after the version, or a bare CR, are the line's fault
      return RequestTargets.BAD_LINE;
    }
    if (unparsed
        && status == HttpStatus.BAD_REQUEST_400
        && RequestTargets.climbsAboveRoot(
            RequestTargets.path(RequestTargets.lastTarget(request.getConnectionMetaData())))) {
      // Jetty refuses it as a bad URI like a bad escape: name the real cause
      return "the request target's path climbs above the root with a dot segment (..)";
    }
    if (unparsed && status == HttpStatus.BAD_REQUEST_400) {
      return "the request target is not a valid URI: a % not followed by two hex digits, an"
          + " escaped control character such as %00, or a character a URI cannot hold";
    }
    String said = readable(request.getAttribute(ERROR_MESSAGE));
    if (said == null && request.getAttribute(ERROR_EXCEPTION) instanceof Throwable t) {
      said = readable(t.getMessage());
    }
    return said == null || said.equalsIgnoreCase(reason) ? reason : reason + ": " + said;
  }

  /** Jetty's message when it is one short line without a Java name in it, else null. */
  private static String readable(Object message) {
    if (!(message instanceof String m)
        || m.isBlank()
        || m.length() > 200
        || m.contains("\n")
        || m.matches(".*\\b[a-z]+\\.[a-z]+\\.[A-Za-z.]*[A-Z]\\w*.*")) {
      return null;
    }
    return m;
  }
}
