package org.wirebench.bench.report;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run's report's title, the run's id: how report.md's heading and report.html's h1 write it, and
 * how the id is read back from them, each reading the inverse of its writing ({@link MarkdownText},
 * {@link Markup}), so any id a folder can have comes back as it was.
 */
public final class ReportTitle {
  private static final String MD = "# wirebench: ";

  private static final String HTML_OPEN = "<h1>wirebench: ";

  private static final String HTML_CLOSE = "</h1>";

  /** The h1's text: escaped, it holds no '<' (a line break it may hold). */
  private static final Pattern HTML =
      Pattern.compile(Pattern.quote(HTML_OPEN) + "([^<]*)" + Pattern.quote(HTML_CLOSE));

  private ReportTitle() {}

  /** report.md's first line, without its line break. */
  static String markdown(String title) {
    return MD + MarkdownText.line(title);
  }

  /** report.html's h1. */
  static String html(String title) {
    return HTML_OPEN + Markup.escape(title) + HTML_CLOSE;
  }

  /**
   * The title report.md's first line gives, or null when the line is not this wirebench's heading.
   *
   * @throws IllegalArgumentException naming what in the heading report.md never writes
   */
  public static String fromMarkdown(String firstLine) {
    return firstLine != null && firstLine.startsWith(MD)
        ? MarkdownText.unline(firstLine.substring(MD.length()))
        : null;
  }

  /**
   * The title report.html's h1 gives, or null when it has no such h1.
   *
   * @throws IllegalArgumentException naming what in the h1 report.html never writes
   */
  public static String fromHtml(String html) {
    Matcher m = HTML.matcher(html);
    return m.find() ? Markup.unescape(m.group(1)) : null;
  }
}
