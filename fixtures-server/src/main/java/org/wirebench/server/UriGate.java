package org.wirebench.server;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.http.UriCompliance.Violation;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.wirebench.server.finding.GatewayHandler;

/**
 * Refuses request paths Jetty would refuse by default (ambiguous or illegal %-escapes, {@code ..}
 * hidden in escapes, empty segments), but in the format of the service asked ({@link
 * ServiceErrors}): the connector lets ambiguous paths and path characters through so that the
 * refusal is made here, where the service is known, and not on Jetty's HTML page (bad %-encodings
 * Jetty still refuses itself, and {@link ErrorPages} writes those). The gateway's keywords are the
 * one place an encoded {@code /} or {@code %} or a {@code ;} belongs (a model number {@code
 * MC769LL/A}, "100%"): it decodes them itself.
 *
 * <p>Every endpoint has one spelling of its path: one spelt otherwise that Jetty would route to it
 * (a %-escape of a letter or digit, {@code /o%77s}; a dot segment, {@code /static/a/../1024}; a
 * path parameter, {@code /ows;x=1}, which Jetty drops) is refused with 400 in the format of the
 * service it reaches, on every path alike. Served, an endpoint that reads the path as sent and one
 * that reads the routed path would answer one spelling differently, and each spelling would be one
 * more entry wherever a path is a key (a cache, a log, a proxy's rule). The gateway's keywords keep
 * their own escapes and {@code ;}.
 *
 * <p>A query holding a raw byte past ASCII is refused on every path too, as the path is: Jetty
 * reads such bytes as UTF-8 and puts U+FFFD for any that are not, so a Latin-1 {@code é} in a
 * FILTER literal silently became another literal and the filter answered 200 with the wrong
 * features (a %-escape that is not UTF-8 is refused; the raw byte was not).
 */
final class UriGate extends Handler.Wrapper {
  /** What a gateway keyword may hold that is ambiguous in a path elsewhere. */
  private static final Set<Violation> KEYWORD_VIOLATIONS =
      EnumSet.of(
          Violation.AMBIGUOUS_PATH_SEPARATOR,
          Violation.AMBIGUOUS_PATH_ENCODING,
          Violation.AMBIGUOUS_PATH_PARAMETER);

  /**
   * What the connector lets through to this gate: ambiguous paths and path characters. Bad
   * %-encodings stay Jetty's to refuse ({@link ErrorPages} writes those): allowing them would also
   * have Jetty decode a query's bad UTF-8 to U+FFFD instead of refusing it.
   */
  static final UriCompliance CONNECTOR_COMPLIANCE =
      UriCompliance.from(
          EnumSet.of(
              Violation.AMBIGUOUS_PATH_SEGMENT,
              Violation.AMBIGUOUS_EMPTY_SEGMENT,
              Violation.AMBIGUOUS_PATH_SEPARATOR,
              Violation.AMBIGUOUS_PATH_PARAMETER,
              Violation.AMBIGUOUS_PATH_ENCODING,
              Violation.SUSPICIOUS_PATH_CHARACTERS,
              Violation.ILLEGAL_PATH_CHARACTERS));

  UriGate(Handler next) {
    super(next);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    HttpURI uri = request.getHttpURI();
    String path = uri.getPath();
    if (uri.hasViolations()) {
      java.util.Collection<Violation> violations = uri.getViolations();
      boolean keywords =
          path != null
              && path.startsWith(GatewayHandler.PATH)
              && KEYWORD_VIOLATIONS.containsAll(violations);
      if (!keywords) {
        return refuse(
            uri,
            response,
            callback,
            "the request path is refused: "
                + violations.stream()
                    .map(Violation::getDescription)
                    .collect(Collectors.joining(", ")));
      }
    }
    String canonical = uri.getCanonicalPath();
    // the same String but for a path with an escape, a dot segment or a parameter
    if (path != null && canonical != null && !path.equals(canonical) && !normal(path)) {
      return refuse(
          uri,
          response,
          callback,
          "the request path is not in its normal form (RFC 3986 6.2.2): send it without"
              + " %-escapes of letters, digits or -._~, without . and .. segments, and without"
              + " ;parameters, which no path here takes");
    }
    String query = uri.getQuery();
    if (query != null && !ascii(query)) {
      return refuse(
          uri,
          response,
          callback,
          "the query string holds a byte past ASCII; write it as %-escaped UTF-8");
    }
    return super.handle(request, response, callback);
  }

  /** Answers 400 in the format of the service the path reaches; true: the request is handled. */
  private static boolean refuse(HttpURI uri, Response response, Callback callback, String why) {
    format(uri.getPath(), uri)
        .write(response, callback, HttpStatus.BAD_REQUEST_400, uri.getQuery(), why);
    return true;
  }

  /**
   * The format a refusal here is written in: that of the service the path reaches (the canonical
   * path Jetty routes by: {@code /o%77s} and {@code /services;x=1/cxf-jaxb} are the WFS's and the
   * SOAP stacks'), else that of the service its name says as sent, empty segments aside ({@link
   * ServiceErrors#named}).
   */
  private static ServiceErrors format(String path, HttpURI uri) {
    String canonical = uri.getCanonicalPath();
    ServiceErrors reached = canonical == null ? ServiceErrors.TEXT : ServiceErrors.named(canonical);
    return reached == ServiceErrors.TEXT ? ServiceErrors.named(path) : reached;
  }

  /**
   * Whether {@code path}, which is not its canonical form, is still one served as sent: only a
   * gateway path whose keywords hold %-escapes or a {@code ;}, which are theirs to decode ({@code
   * GatewayHandler.keywords}), its route ({@code /ebay/finding/keywords/{format}/}) and its
   * keywords' segments free of dot segments (which a client or proxy on the way may resolve).
   */
  static boolean normal(String path) {
    if (!path.startsWith(GatewayHandler.PATH)) {
      return false;
    }
    int slash = path.indexOf('/', GatewayHandler.PATH.length());
    if (slash < 0) {
      return false;
    }
    String format = path.substring(GatewayHandler.PATH.length(), slash);
    if (dotSegment(format) || format.indexOf('%') >= 0 || format.indexOf(';') >= 0) {
      return false;
    }
    for (String segment : path.substring(slash + 1).split("/", -1)) {
      if (dotSegment(segment)) {
        return false;
      }
    }
    return true;
  }

  /** Whether a path segment as sent is {@code .} or {@code ..}, with parameters or without. */
  private static boolean dotSegment(String segment) {
    int semicolon = segment.indexOf(';');
    String s = semicolon < 0 ? segment : segment.substring(0, semicolon);
    return s.equals(".") || s.equals("..");
  }

  /** The query as sent, before %-decoding: a char past 127 came from a raw byte past ASCII. */
  private static boolean ascii(String query) {
    for (int i = 0; i < query.length(); i++) {
      if (query.charAt(i) > 0x7f) {
        return false;
      }
    }
    return true;
  }
}
