package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Text from a run's files (a fidelity case's where, a claim's text and then, a load point's
 * parameters, sizes.json's coding names, env.json's OS and CPU) reaches report.md as text, never as
 * Markdown: a line break, a pipe or a leading '#' in it ends no paragraph, bullet or table row and
 * starts no heading. Before, "x |\n# INJECTED" split a table row and put a heading into the report.
 */
class MarkdownEscapeTest {
  private static final String HOSTILE = "in process |\n\n# INJECTED\r\n\tend\u2028\u0007";

  private static String render(Report.Block... blocks) {
    return MarkdownRenderer.render(new Report("run", List.of(blocks)));
  }

  private static void noInjectedLine(String md) {
    assertTrue(md.lines().noneMatch(l -> l.startsWith("# INJECTED") || l.startsWith("\tend")), md);
    assertEquals(1, md.lines().filter(l -> l.startsWith("# ")).count(), md); // the title
  }

  @Test
  void aTableRowStaysOneRowWhateverItsCellsHold() {
    String md =
        render(
            new Report.Table(
                List.of("where", "fig" + HOSTILE),
                List.of(List.of(Report.Cell.of(HOSTILE), Report.Cell.of("1.0")))));
    noInjectedLine(md);
    List<String> rows = md.lines().filter(l -> l.startsWith("|")).toList();
    assertEquals(3, rows.size(), md); // header, rule, one row
    assertEquals(
        "| in process \\|\\n\\n# INJECTED\\r\\n\\tend\\u2028\\u0007 | 1.0 |", rows.get(2), md);
  }

  @Test
  void textBulletsHeadingsAndLinksStayOnTheirLine() {
    String md =
        render(
            new Report.Heading(1, "study " + HOSTILE),
            Report.Text.plain("measured " + HOSTILE),
            Report.Text.missing("missing " + HOSTILE),
            new Report.Bullets(List.of("OS: " + HOSTILE)),
            new Report.Links(List.of(new Report.Link("flame " + HOSTILE, "profile/a.html"))));
    noInjectedLine(md);
    assertTrue(md.contains("\nmeasured in process |\\n\\n# INJECTED\\r\\n\\tend"), md);
    assertTrue(md.contains("\n- OS: in process |\\n\\n# INJECTED"), md);
  }

  @Test
  void aParagraphOrBulletStartingWithAMarkIsNotAHeadingOrQuote() {
    String md =
        render(
            Report.Text.plain("# INJECTED"),
            Report.Text.plain("> quoted"),
            new Report.Bullets(List.of("# INJECTED")));
    noInjectedLine(md);
    assertTrue(md.contains("\n\\# INJECTED\n"), md);
    assertTrue(md.contains("\n\\> quoted\n"), md);
    assertTrue(md.contains("\n- \\# INJECTED\n"), md);
  }
}
