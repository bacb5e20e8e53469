package org.wirebench.server.http;

import org.eclipse.jetty.util.URIUtil;
import org.wirebench.formats.finding.Quote;

/**
 * How a refusal names the query of a request to an address that takes no parameters (the gateway,
 * the mock backend, {@code /static/}, the index, a SOAP service's POST): by its first parameter's
 * name, quoted printably.
 */
public final class UnknownQuery {
  private UnknownQuery() {}

  /** {@code unknown query parameter 'NAME'} for {@code query}, a non-empty query string. */
  public static String named(String query) {
    return "unknown query parameter " + Quote.of(firstName(query), 40);
  }

  /** The first parameter's name, %-decoded where it decodes; the whole query when none is named. */
  static String firstName(String query) {
    for (String part : query.split("&")) {
      String name = part.contains("=") ? part.substring(0, part.indexOf('=')) : part;
      if (!name.isEmpty()) {
        try {
          return URIUtil.decodePath(name.replace('+', ' '));
        } catch (IllegalArgumentException e) {
          return name;
        }
      }
    }
    return query;
  }
}
