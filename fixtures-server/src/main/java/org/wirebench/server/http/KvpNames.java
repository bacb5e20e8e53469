package org.wirebench.server.http;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Refuses a KVP parameter name the operation does not define: a parameter ignored would answer 200
 * with another answer than the one asked for ({@code CQL_FILTER} all features, {@code count%00=5} a
 * thousand). The refusal names the parameter printably and, for a near miss of a defined name (a
 * mangled or mistyped spelling), says which one was probably meant.
 */
public final class KvpNames {
  private KvpNames() {}

  /**
   * Parameter names as a standard spells them, by their lower case (how a query's names are
   * matched, {@link KvpQuery#lowerCased}), in the order given: what {@link #check} takes as {@code
   * defined}, and the spelling a message names.
   */
  public static Map<String, String> spellings(String... names) {
    Map<String, String> m = new java.util.LinkedHashMap<>();
    for (String n : names) {
      m.put(n.toLowerCase(Locale.ROOT), n);
    }
    return java.util.Collections.unmodifiableMap(m);
  }

  /**
   * @param lowerCaseParams the query's parameters by lower-cased name
   * @param defined the names the operation defines (or tolerates), lower case, each to its spelling
   *     in a message
   * @param code the exception code the protocol refuses an unparseable request with
   * @param what the operation, for the message ("WFS 1.1.0 GetFeature")
   * @throws OwsException for the first unknown name, in the map's order
   */
  public static void check(
      Map<String, String> lowerCaseParams, Map<String, String> defined, String code, String what)
      throws OwsException {
    for (String name : lowerCaseParams.keySet()) {
      if (!defined.containsKey(name)) {
        String shown = printable(name);
        String near = nearMiss(name, defined);
        throw new OwsException(
            code,
            shown,
            "the parameter "
                + shown
                + " is not one "
                + what
                + " defines, and is refused rather than ignored"
                + (near == null ? "" : "; did you mean " + near + "?"));
      }
    }
  }

  /**
   * A name with control, format (zero-width) and other invisible characters written as Java escapes
   * of their UTF-16 units, {@code \\u0000}.
   */
  public static String printable(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints()
        .forEach(
            c -> {
              if (visible(c)) {
                b.appendCodePoint(c);
              } else {
                for (char u : Character.toChars(c)) {
                  b.append(String.format(Locale.ROOT, "\\u%04X", (int) u));
                }
              }
            });
    return b.toString();
  }

  private static boolean visible(int c) {
    int t = Character.getType(c);
    return c > ' '
        && t != Character.CONTROL
        && t != Character.FORMAT
        && t != Character.SPACE_SEPARATOR
        && t != Character.LINE_SEPARATOR
        && t != Character.PARAGRAPH_SEPARATOR
        && t != Character.UNASSIGNED
        && t != Character.PRIVATE_USE
        && t != Character.SURROGATE;
  }

  /**
   * The defined name {@code name} is a near miss of, or null: equal once folded (NFKC, lower case,
   * without invisible characters and brackets: {@code count%00}, {@code count[]}, full-width {@code
   * ＣOUNT}), or one edit away from one ({@code bbbox}, {@code maxFeature}).
   */
  static String nearMiss(String name, Map<String, String> defined) {
    String folded = fold(name);
    if (folded.isEmpty()) {
      return null;
    }
    String oneEdit = null;
    for (Map.Entry<String, String> e : defined.entrySet()) {
      if (e.getKey().equals(folded)) {
        return e.getValue();
      }
      // one edit from a name of two letters is too many names to guess from
      if (oneEdit == null && e.getKey().length() > 2 && oneEditApart(folded, e.getKey())) {
        oneEdit = e.getValue();
      }
    }
    return oneEdit;
  }

  private static final Set<Integer> BRACKETS = Set.of((int) '[', (int) ']', (int) '(', (int) ')');

  static String fold(String name) {
    String n = Normalizer.normalize(name, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    StringBuilder b = new StringBuilder(n.length());
    n.codePoints().filter(c -> visible(c) && !BRACKETS.contains(c)).forEach(b::appendCodePoint);
    return b.toString();
  }

  /** One insertion, deletion or substitution apart (Levenshtein distance 1). */
  static boolean oneEditApart(String a, String b) {
    if (Math.abs(a.length() - b.length()) > 1 || a.equals(b)) {
      return false;
    }
    int i = 0;
    while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    if (a.length() == b.length()) {
      return a.substring(i + 1).equals(b.substring(i + 1));
    }
    return a.length() > b.length()
        ? a.substring(i + 1).equals(b.substring(i))
        : a.substring(i).equals(b.substring(i + 1));
  }
}
