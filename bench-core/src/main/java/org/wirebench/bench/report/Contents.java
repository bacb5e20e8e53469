package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A report's table of contents: every heading with the anchor both renderers give it. Anchors are
 * made as GitHub makes them for Markdown headings (lower case; letters, digits, marks, "_", "-" and
 * spaces kept, each space a "-"; a repeated anchor gets -1, -2 …), so report.md's links work where
 * it is read on GitHub and report.html's ids are the same.
 */
final class Contents {
  /** One heading; {@code level} as {@link Report.Heading}'s: 1 a study, 2 a part of it. */
  record Entry(int level, String text, String anchor) {}

  private Contents() {}

  static List<Entry> of(Report report) {
    List<Entry> out = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (Report.Block b : report.blocks()) {
      if (b instanceof Report.Heading h) {
        String slug = slug(h.text());
        int n = seen.merge(slug, 1, Integer::sum) - 1;
        out.add(new Entry(h.level(), h.text(), n == 0 ? slug : slug + "-" + n));
      }
    }
    return out;
  }

  static String slug(String heading) {
    StringBuilder s = new StringBuilder();
    heading
        .toLowerCase(Locale.ROOT)
        .codePoints()
        .forEach(
            c -> {
              int type = Character.getType(c);
              if (c == ' ') {
                s.append('-');
              } else if (c == '-'
                  || Character.isLetterOrDigit(c)
                  || type == Character.NON_SPACING_MARK
                  || type == Character.COMBINING_SPACING_MARK
                  || type == Character.ENCLOSING_MARK
                  || type == Character.CONNECTOR_PUNCTUATION) {
                s.appendCodePoint(c);
              }
            });
    return s.toString();
  }
}
