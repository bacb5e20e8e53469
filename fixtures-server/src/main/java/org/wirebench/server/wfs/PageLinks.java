package org.wirebench.server.wfs;

import java.util.Locale;
import java.util.Map;

/**
 * A GetFeature's paging links (previous, next, and a hits answer's link to the features): the same
 * request as an absolute URL on the endpoint, with every parameter as the client gave it but the
 * paging ones.
 */
final class PageLinks {
  private final Map<String, String> raw;

  /** The last link's head: a request is read by one thread. */
  private Head head;

  /**
   * @param raw the query's parameters by lower-cased name, in the query's order (the links repeat
   *     them so)
   */
  PageLinks(Map<String, String> raw) {
    this.raw = raw;
  }

  /** The page of {@code count} features from {@code start}, on {@code endpoint}. */
  String page(String endpoint, long start, int count) {
    return link(endpoint, start, count, false);
  }

  /** The same as {@link #page} without resultType: a hits answer's link to the features. */
  String results(String endpoint, long start, int count) {
    return link(endpoint, start, count, true);
  }

  private String link(String endpoint, long start, int count, boolean results) {
    Head h = head;
    if (h == null || h.results() != results || !h.endpoint().equals(endpoint)) {
      // the previous and the next page share it: the parameters are encoded once a request
      StringBuilder b = new StringBuilder(endpoint).append('?');
      raw.forEach(
          (k, v) -> {
            String n = k.toLowerCase(Locale.ROOT);
            if (!n.equals("startindex")
                && !n.equals("count")
                && !n.equals("maxfeatures")
                && !(results && n.equals("resulttype"))) {
              b.append(encode(k)).append('=').append(encode(v)).append('&');
            }
          });
      h = new Head(endpoint, results, b.toString());
      head = h;
    }
    return h.head() + "STARTINDEX=" + start + "&COUNT=" + count;
  }

  /** A paging link up to its STARTINDEX, for {@code endpoint}, with or without resultType. */
  private record Head(String endpoint, boolean results, String head) {}

  /**
   * Guava's form escaper writes what {@code URLEncoder.encode(s, UTF_8)} writes (the same safe
   * characters, space as +, upper-case escapes of UTF-8) without its per-call buffers; the links'
   * bytes stay URLEncoder's. A string it refuses (an unpaired surrogate, which the query's UTF-8
   * cannot hold) goes to URLEncoder, which writes it as ?.
   */
  private static final com.google.common.escape.Escaper FORM =
      com.google.common.net.UrlEscapers.urlFormParameterEscaper();

  static String encode(String s) {
    try {
      return FORM.escape(s);
    } catch (IllegalArgumentException e) {
      return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }
  }
}
