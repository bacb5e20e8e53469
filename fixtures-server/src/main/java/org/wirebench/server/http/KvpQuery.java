package org.wirebench.server.http;

import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Fields;

/**
 * An OGC KVP request's query string as the WFS and the WMS read it: parameter names
 * case-insensitive (OGC 06-121r9 §11.5.2) in ASCII, each to be given once, over GET or HEAD only.
 * Read in one pass over Jetty's parameters: the lower-cased map and the first duplicate come out of
 * the same loop (a map by name as spelled, a list of names, a second map and a set were 1-2% of the
 * server's CPU on a 200-feature osm_places GetFeature).
 *
 * @param lowerCased each parameter's first value by its lower-cased name, in the query's order (a
 *     name given in two spellings: the later spelling's value at the earlier's place)
 * @param firstDuplicate the first name given twice in any spelling ({@code count=1&COUNT=5}), as
 *     the client spelled it, or null
 */
public record KvpQuery(Map<String, String> lowerCased, String firstDuplicate) {
  /**
   * @return null when the query string is not UTF-8 percent-encoding
   */
  public static KvpQuery read(Request request) {
    Fields fields;
    try {
      fields = Request.extractQueryParameters(request);
    } catch (RuntimeException e) { // Jetty's BadMessageException: not UTF-8, bad percent-encoding
      return null;
    }
    Map<String, String> lower = new LinkedHashMap<>();
    String duplicate = null;
    for (Fields.Field f : fields) {
      // ASCII letters only: every name a service defines is ASCII, and Java's full case mapping
      // folds the Kelvin sign into an ASCII k, so a mangled traverseXlinkDepth would be read as the
      // name
      String name = org.eclipse.jetty.util.StringUtil.asciiToLowerCase(f.getName());
      if (duplicate == null && (lower.containsKey(name) || f.getValues().size() > 1)) {
        duplicate = f.getName();
      }
      lower.put(name, f.getValue());
    }
    return new KvpQuery(lower, duplicate);
  }

  /**
   * The VERSION a raw query string names, or "": a request Jetty refused before it was parsed (a
   * bad escape, too long) may still say which version its refusal should be written in.
   */
  public static String rawVersion(String rawQuery) {
    if (rawQuery == null) {
      return "";
    }
    for (String pair : rawQuery.split("&")) {
      int eq = pair.indexOf('=');
      if (eq > 0 && pair.substring(0, eq).equalsIgnoreCase("version")) {
        return pair.substring(eq + 1);
      }
    }
    return "";
  }

  /** Whether a KVP service answers this HTTP method: GET and HEAD only. */
  public static boolean readOnly(Request request) {
    String method = request.getMethod();
    return method.equals("GET") || method.equals("HEAD");
  }
}
