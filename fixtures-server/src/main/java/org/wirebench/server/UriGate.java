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
    if (uri.hasViolations()) {
      java.util.Collection<Violation> violations = uri.getViolations();
      String path = uri.getPath();
      boolean keywords =
          path != null
              && path.startsWith(GatewayHandler.PATH)
              && KEYWORD_VIOLATIONS.containsAll(violations);
      if (!keywords) {
        ServiceErrors.of(path)
            .write(
                response,
                callback,
                HttpStatus.BAD_REQUEST_400,
                uri.getQuery(),
                "the request path is refused: "
                    + violations.stream()
                        .map(Violation::getDescription)
                        .collect(Collectors.joining(", ")));
        return true;
      }
    }
    String query = uri.getQuery();
    if (query != null && !ascii(query)) {
      ServiceErrors.of(uri.getPath())
          .write(
              response,
              callback,
              HttpStatus.BAD_REQUEST_400,
              query,
              "the query string holds a byte past ASCII; write it as %-escaped UTF-8");
      return true;
    }
    return super.handle(request, response, callback);
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
