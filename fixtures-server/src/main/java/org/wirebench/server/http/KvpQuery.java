package org.wirebench.server.http;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Fields;

/**
 * An OGC KVP request's query string as the WFS and the WMS read it: parameter names
 * case-insensitive (OGC 06-121r9 §11.5.2), each to be given once, over GET or HEAD only.
 *
 * @param params each parameter's first value, by its name as the client spelled it
 * @param names every name as the client spelled it, once per value (duplicates kept)
 */
public record KvpQuery(Map<String, String> params, List<String> names) {
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
    Map<String, String> params = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    for (Fields.Field f : fields) {
      params.put(f.getName(), f.getValue());
      f.getValues().forEach(v -> names.add(f.getName()));
    }
    return new KvpQuery(params, List.copyOf(names));
  }

  /** The parameters by lower-cased name. */
  public Map<String, String> lowerCased() {
    Map<String, String> lower = new LinkedHashMap<>();
    params.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
    return lower;
  }

  /** The first name given twice in any spelling ({@code count=1&COUNT=5}), or null. */
  public String firstDuplicate() {
    Set<String> seen = new HashSet<>();
    for (String n : names) {
      if (!seen.add(n.toLowerCase(Locale.ROOT))) {
        return n;
      }
    }
    return null;
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
