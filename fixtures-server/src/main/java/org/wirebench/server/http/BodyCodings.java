package org.wirebench.server.http;

import java.util.List;
import java.util.Locale;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;

/**
 * The codings a request body may arrive in: none but identity (content) and chunked (transfer).
 * Request bodies are never decoded, since a decompression bomb would pass every byte limit the body
 * gate counts; a body in any other coding is refused rather than read as if uncoded.
 *
 * <p>Every field of each header and every element of each field is read: a client (or a proxy that
 * appends a field) sending {@code Content-Encoding: identity} and then {@code Content-Encoding:
 * gzip} has coded the body in gzip (RFC 9110 §5.3: the fields are one list), and Jetty checks of
 * {@code Transfer-Encoding} only that {@code chunked} comes last, so {@code gzip, chunked} would
 * otherwise hand the handlers the gzip bytes as the body.
 */
public final class BodyCodings {
  private BodyCodings() {}

  /** Why a request's body coding is refused: the status and a one-line cause. */
  public record Refusal(int status, String cause) {}

  /**
   * @return the refusal, or null when the body (if any) is uncoded: a {@code Content-Encoding} of
   *     identity or empty elements only, a {@code Transfer-Encoding} of chunked only
   */
  public static Refusal check(HttpFields headers) {
    for (String element : elements(headers, HttpHeader.CONTENT_ENCODING)) {
      if (!element.equals("identity")) {
        return new Refusal(
            HttpStatus.UNSUPPORTED_MEDIA_TYPE_415,
            "Content-Encoding "
                + String.join(", ", headers.getValuesList(HttpHeader.CONTENT_ENCODING)).trim()
                + ": request bodies are read only uncoded (identity)");
      }
    }
    for (String element : elements(headers, HttpHeader.TRANSFER_ENCODING)) {
      if (!element.equals("chunked")) {
        // RFC 9112 §6.1: a transfer coding the server does not understand is a 501
        return new Refusal(
            HttpStatus.NOT_IMPLEMENTED_501,
            "Transfer-Encoding "
                + String.join(", ", headers.getValuesList(HttpHeader.TRANSFER_ENCODING)).trim()
                + ": request bodies are read only chunked or by Content-Length");
      }
    }
    return null;
  }

  /** Each element of every field named {@code header} (Jetty's list parsing), lower case. */
  private static List<String> elements(HttpFields headers, HttpHeader header) {
    if (!headers.contains(header)) {
      // most requests carry neither field: no list and stream made for them on every request
      return List.of();
    }
    return headers.getCSV(header, false).stream()
        .map(e -> e.toLowerCase(Locale.ROOT))
        .filter(e -> !e.isEmpty())
        .toList();
  }
}
