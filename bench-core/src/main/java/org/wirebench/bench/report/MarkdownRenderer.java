package org.wirebench.bench.report;

import java.util.List;

/** report.md: the report's text and tables; charts are left to report.html. */
final class MarkdownRenderer {
  private MarkdownRenderer() {}

  static String render(Report report) {
    StringBuilder md = new StringBuilder("# wirebench: ").append(report.title()).append("\n");
    List<Contents.Entry> contents = Contents.of(report);
    if (!contents.isEmpty()) {
      md.append("\n**Contents**\n\n");
      for (Contents.Entry e : contents) {
        md.append("  ".repeat(e.level() - 1))
            .append("- [")
            .append(e.text())
            .append("](#")
            .append(e.anchor())
            .append(")\n");
      }
    }
    for (Report.Block b : report.blocks()) {
      if (b instanceof Report.Heading h) {
        md.append('\n').append("#".repeat(h.level() + 1)).append(' ').append(h.text()).append('\n');
      } else if (b instanceof Report.Text t) {
        boolean missing = t.style() == Report.Style.MISSING;
        md.append('\n').append(missing ? "*" + t.text() + "*" : t.text()).append('\n');
      } else if (b instanceof Report.Bullets l) {
        md.append('\n');
        l.items().forEach(i -> md.append("- ").append(i).append('\n'));
      } else if (b instanceof Report.Links l) {
        md.append('\n');
        l.links()
            .forEach(
                k ->
                    md.append("- [").append(k.label()).append("](").append(k.href()).append(")\n"));
      } else if (b instanceof Report.Table t) {
        table(md, t);
      } // charts: report.html only; their figures are in the tables
    }
    return md.toString();
  }

  private static void table(StringBuilder md, Report.Table t) {
    md.append("\n|");
    t.header().forEach(h -> md.append(' ').append(cell(h)).append(" |"));
    md.append("\n|").append("---|".repeat(t.labels()));
    md.append("---:|".repeat(t.header().size() - t.labels())).append('\n');
    for (List<Report.Cell> row : t.rows()) {
      md.append('|');
      for (Report.Cell c : row) {
        String text = cell(c.text());
        md.append(' ')
            .append(c.style() == Report.Style.MISSING && !text.isEmpty() ? "*" + text + "*" : text)
            .append(" |");
      }
      md.append('\n');
    }
  }

  /** A pipe inside a cell would end it. */
  private static String cell(String s) {
    return s.replace("|", "\\|");
  }
}
