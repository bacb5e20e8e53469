package org.wirebench.bench.report;

import static org.wirebench.bench.report.MarkdownText.line;

import java.util.List;

/**
 * report.md: the report's text and tables; charts are left to report.html. Every text reaches the
 * file through {@link MarkdownText#line} (and a table's cells also through {@link #cell}): the
 * values in it come from a run's files (a fidelity case's where, a claim's text, a load point's
 * parameters, env.json's OS), and a line break or a pipe in one would end its paragraph, bullet or
 * table row and start Markdown of the file's own (a heading, a row) in the report. They are escaped
 * here, where text becomes Markdown, as {@link HtmlRenderer} escapes it for HTML, rather than
 * refused when read: a pipe or a '#' is a fair character in a value, and the run's files stay
 * readable as recorded.
 */
final class MarkdownRenderer {
  private MarkdownRenderer() {}

  static String render(Report report) {
    StringBuilder md = new StringBuilder(ReportTitle.markdown(report.title())).append("\n");
    List<Contents.Entry> contents = Contents.of(report);
    if (!contents.isEmpty()) {
      md.append("\n**Contents**\n\n");
      for (Contents.Entry e : contents) {
        md.append("  ".repeat(e.level() - 1))
            .append("- [")
            .append(line(e.text()))
            .append("](#")
            .append(e.anchor())
            .append(")\n");
      }
    }
    for (Report.Block b : report.blocks()) {
      if (b instanceof Report.Heading h) {
        md.append('\n')
            .append("#".repeat(h.level() + 1))
            .append(' ')
            .append(line(h.text()))
            .append('\n');
      } else if (b instanceof Report.Text t) {
        boolean missing = t.style() == Report.Style.MISSING;
        String text = start(line(t.text()));
        md.append('\n').append(missing ? "*" + text + "*" : text).append('\n');
      } else if (b instanceof Report.Bullets l) {
        md.append('\n');
        l.items().forEach(i -> md.append("- ").append(start(line(i))).append('\n'));
      } else if (b instanceof Report.Links l) {
        md.append('\n');
        l.links()
            .forEach(
                k ->
                    md.append("- [")
                        .append(line(k.label()))
                        .append("](")
                        .append(line(k.href()))
                        .append(")\n"));
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
    return line(s).replace("|", "\\|");
  }

  /** A paragraph or bullet that starts with '#' or '>' would be a heading or a quote: escaped. */
  private static String start(String s) {
    return s.startsWith("#") || s.startsWith(">") ? "\\" + s : s;
  }
}
