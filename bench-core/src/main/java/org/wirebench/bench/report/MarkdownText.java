package org.wirebench.bench.report;

import java.util.Locale;

/**
 * Text on one line of report.md, escaped and read back by one rule: a line break or other control
 * character (Unicode's Cc, and the line and paragraph separators) is written as its escape ({@code
 * \n}, {@code \r}, {@code \t}, else a backslash, u and the four hex digits of the code unit),
 * visible where it was and ending nothing; a backslash as two, so that an escape in the text is
 * never read as the character it stands for (Markdown shows {@code \\} as one backslash). {@link
 * #unline} is {@link #line}'s inverse, and refuses what {@code line} never writes.
 */
final class MarkdownText {
  private MarkdownText() {}

  /** Whether {@code c} is written as an escape. */
  static boolean escaped(char c) {
    return c == '\\' || Character.getType(c) == Character.CONTROL || c == '\u2028' || c == '\u2029';
  }

  /** {@code s} on one line. */
  static String line(String s) {
    StringBuilder out = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!escaped(c)) {
        if (out != null) {
          out.append(c);
        }
        continue;
      }
      if (out == null) {
        out = new StringBuilder(s.length() + 8).append(s, 0, i);
      }
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> out.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
      }
    }
    return out == null ? s : out.toString();
  }

  /**
   * The text {@link #line} wrote as {@code s}.
   *
   * @throws IllegalArgumentException naming what in {@code s} line never writes (a lone backslash,
   *     an unknown escape, a character it escapes written as itself, an escape of one it does not)
   */
  static String unline(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (i + 1 == s.length()) {
        throw new IllegalArgumentException("a backslash at its end, which escapes nothing");
      }
      char e = s.charAt(++i);
      switch (e) {
        case '\\' -> out.append('\\');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          String hex = s.substring(i + 1, Math.min(s.length(), i + 5));
          if (!hex.matches("[0-9A-F]{4}")) {
            throw new IllegalArgumentException(
                "\\u" + hex + " is not a backslash, u and 4 hex digits");
          }
          out.append((char) Integer.parseInt(hex, 16));
          i += 4;
        }
        default -> throw new IllegalArgumentException("\\" + e + " is no escape report.md writes");
      }
    }
    String text = out.toString();
    // what line never writes (a tab as itself, a letter as \u0041): another writer's text
    if (!line(text).equals(s)) {
      throw new IllegalArgumentException("not escaped as report.md escapes text");
    }
    return text;
  }
}
