package org.wirebench.bench.report;

import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Text in report.html and its SVG charts, escaped and read back by one rule: the four characters
 * that could end text or an attribute's value, each as its entity; {@link #unescape} is {@link
 * #escape}'s inverse, and refuses what {@code escape} never writes.
 */
final class Markup {
  private Markup() {}

  /** Each escaped character's entity: the one table both ways read. */
  private static final Map<String, String> ENTITIES =
      Map.of("&", "&amp;", "<", "&lt;", ">", "&gt;", "\"", "&quot;");

  private static final Map<String, String> CHARACTERS =
      ENTITIES.entrySet().stream()
          .collect(Collectors.toMap(Map.Entry::getValue, Map.Entry::getKey));

  private static final Pattern CHARACTER = anyOf(ENTITIES.keySet());

  private static final Pattern ENTITY = anyOf(CHARACTERS.keySet());

  private static Pattern anyOf(Set<String> texts) {
    return Pattern.compile(texts.stream().map(Pattern::quote).collect(Collectors.joining("|")));
  }

  static String escape(String s) {
    return CHARACTER.matcher(s).replaceAll(m -> Matcher.quoteReplacement(ENTITIES.get(m.group())));
  }

  /**
   * The text {@link #escape} wrote as {@code s}.
   *
   * @throws IllegalArgumentException when {@code s} is not what escape writes (a bare &amp;, an
   *     entity it does not write, one of its characters as itself)
   */
  static String unescape(String s) {
    String text =
        ENTITY.matcher(s).replaceAll(m -> Matcher.quoteReplacement(CHARACTERS.get(m.group())));
    if (!escape(text).equals(s)) {
      throw new IllegalArgumentException("not escaped as report.html escapes text");
    }
    return text;
  }
}
