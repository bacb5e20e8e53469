package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A report's title is read back as it was written, whatever character it holds: report.md's heading
 * and report.html's h1 are each read by the inverse of the rule that wrote them. Before, RunId took
 * report.md's escaped title as the id ("\t" for a tab), so a run whose id holds a character the
 * renderer escapes was refused as titled twice.
 */
class ReportTitleTest {
  private static void roundTrips(String title) {
    String md = ReportTitle.markdown(title);
    assertEquals(1, md.lines().count(), md);
    assertEquals(title, ReportTitle.fromMarkdown(md), md);
    String html = ReportTitle.html(title);
    assertEquals(title, ReportTitle.fromHtml("<body>\n" + html + "\n<p>x</p>"), html);
  }

  @Test
  void everyCharacterComesBackAsItWas() {
    List<Character> escaped = new ArrayList<>();
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      String s = "a" + (char) c + "b";
      if (!MarkdownText.line(s).equals(s)) {
        escaped.add((char) c);
      }
      roundTrips(s);
      roundTrips(String.valueOf((char) c));
    }
    // the control characters (C0, DEL, C1), the line and paragraph separators, the backslash
    assertEquals(32 + 1 + 32 + 2 + 1, escaped.size(), escaped::toString);
    assertTrue(escaped.contains('\t') && escaped.contains('\u2028') && escaped.contains('\\'));
  }

  @Test
  void textThatLooksEscapedComesBackAsWritten() {
    for (String t :
        List.of(
            "tab\\there",
            "\\n",
            "\\\\",
            "\\u0009",
            "\\u",
            "end\\",
            "&amp;",
            "&lt;b&gt;",
            "\"quoted\"",
            "x\t\\t\n\\n")) {
      roundTrips(t);
    }
  }

  @Test
  void aTitleNoRendererWritesIsRefused() {
    for (String heading :
        List.of(
            "# wirebench: a\\",
            "# wirebench: a\\q",
            "# wirebench: a\\u12",
            "# wirebench: a\\u00e9",
            "# wirebench: a\\u0041",
            "# wirebench: a\tb")) {
      assertThrows(IllegalArgumentException.class, () -> ReportTitle.fromMarkdown(heading));
    }
    for (String h1 : List.of("<h1>wirebench: a & b</h1>", "<h1>wirebench: &apos;</h1>")) {
      assertThrows(IllegalArgumentException.class, () -> ReportTitle.fromHtml(h1));
    }
    assertNull(ReportTitle.fromMarkdown("# another tool: x"));
    assertNull(ReportTitle.fromHtml("<h1>another tool</h1>"));
    assertFalse(ReportTitle.markdown("a\nb").contains("\n"));
  }
}
