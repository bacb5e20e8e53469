package org.wirebench.server.http;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Chooses a response's content coding from a request's {@code Accept-Encoding} as RFC 9110 §12.5.3
 * says. Codings the server does not offer ({@code deflate}, {@code compress}, anything unknown) are
 * ignored; the highest weight wins, a weight of 0 refusing that coding; {@code *} weighs every
 * coding not named, identity included; identity is acceptable unless refused ({@code identity;q=0},
 * or {@code *;q=0} without an identity entry), and only a named weight lets it outrank a coding;
 * among codings of equal weight the server's order of preference ({@link ContentCoding#COMPRESSED})
 * decides. {@code x-gzip} is gzip (§8.4.1.3). A request without the header gets identity, as before
 * there was compression.
 *
 * <p>A field that is not the header's syntax (a weight that is not a qvalue — 0 to 1, at most three
 * decimals —, white space around the weight's {@code =}, a parameter other than {@code q}, a coding
 * named twice) is refused, never read as something else: Jetty's own parser reads {@code q=abc} as
 * 0.
 */
public final class AcceptEncoding {
  private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
  private static final Pattern QVALUE = Pattern.compile("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?");

  private AcceptEncoding() {}

  /**
   * The coding to answer with.
   *
   * @param fields every {@code Accept-Encoding} field of the request, in order; null or empty when
   *     it sent none
   * @param offered the codings this server can send besides identity
   * @return the coding, identity included; empty when the client refuses identity and every coding
   *     offered (a 406)
   * @throws IllegalArgumentException naming what is not the header's syntax
   */
  public static Optional<ContentCoding> choose(List<String> fields, List<ContentCoding> offered) {
    if (fields == null || fields.isEmpty()) {
      return Optional.of(ContentCoding.IDENTITY);
    }
    Map<String, Double> weights = weights(fields);
    Double star = weights.get("*");
    Double named = weights.get("identity");
    double identity = named != null ? named : star != null ? star : 1;
    boolean identityWeighed = named != null || star != null;
    ContentCoding best = null;
    double bestWeight = 0;
    for (ContentCoding c : ContentCoding.COMPRESSED) {
      if (!offered.contains(c)) {
        continue;
      }
      Double w = weights.get(c.token());
      double weight = w != null ? w : star != null ? star : 0;
      if (weight > bestWeight) {
        best = c;
        bestWeight = weight;
      }
    }
    if (best != null && (!identityWeighed || bestWeight >= identity)) {
      return Optional.of(best);
    }
    return identity > 0 ? Optional.of(ContentCoding.IDENTITY) : Optional.empty();
  }

  /** Each coding named, lower case, with its weight. */
  private static Map<String, Double> weights(List<String> fields) {
    Map<String, Double> weights = new LinkedHashMap<>();
    for (String field : fields) {
      for (String element : field.split(",", -1)) {
        if (element.isBlank()) {
          continue; // the list syntax allows empty elements
        }
        String[] parts = element.split(";", -1);
        String coding = parts[0].trim();
        if (!TOKEN.matcher(coding).matches()) {
          throw bad("'" + element.trim() + "' does not start with a content coding's name");
        }
        double weight = 1;
        for (int i = 1; i < parts.length; i++) {
          String param = parts[i].trim();
          int eq = param.indexOf('=');
          String name = eq < 0 ? param : param.substring(0, eq);
          if (!name.equalsIgnoreCase("q") || i > 1) {
            throw bad("'" + element.trim() + "': a coding takes one parameter, q");
          }
          // the weight is "q=" and a qvalue with nothing between (RFC 9110 §12.4.2)
          String value = param.substring(eq + 1);
          if (!QVALUE.matcher(value).matches()) {
            throw bad("'" + element.trim() + "': q must be 0 to 1 with at most three decimals");
          }
          weight = Double.parseDouble(value);
        }
        String key = coding.toLowerCase(Locale.ROOT);
        if (key.equals("x-gzip")) {
          key = "gzip";
        }
        if (weights.put(key, weight) != null) {
          throw bad("'" + coding + "' is named twice");
        }
      }
    }
    return weights;
  }

  private static IllegalArgumentException bad(String why) {
    return new IllegalArgumentException("Accept-Encoding: " + why);
  }
}
