package org.wirebench.bench.report;

import java.util.List;

/**
 * report.html: one self-contained file (inline CSS and SVG, no script, nothing fetched), the same
 * text and tables as report.md plus the charts.
 */
final class HtmlRenderer {
  private static final String CSS =
      "body{font:14px/1.45 system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;"
          + "color:#222}table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid"
          + " #ccc;padding:3px 8px;text-align:right}td:first-child,th:first-child{text-align:left}"
          + ".holds{color:#1a7f37}.not{color:#b42318}.inc{color:#9a6700}.missing{color:#888;"
          + "font-style:italic}svg{display:block;margin:1em 0;font-size:11px}h2{margin-top:2em;"
          + "border-bottom:1px solid #ddd}td.label,th.label{text-align:left}nav.contents{columns:2;font-size:13px;"
          + "margin:1em 0 2em}nav.contents ul{margin:.2em 0;padding-left:1.2em}";

  private HtmlRenderer() {}

  static String render(Report report) {
    StringBuilder h =
        new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">");
    h.append("<title>wirebench ").append(esc(report.title())).append("</title>");
    h.append("<style>").append(CSS).append("</style></head><body>\n");
    h.append(ReportTitle.html(report.title())).append('\n');
    List<Contents.Entry> contents = Contents.of(report);
    contents(h, contents);
    int heading = 0;
    for (Report.Block b : report.blocks()) {
      if (b instanceof Report.Heading x) {
        int level = x.level() + 1;
        String id = contents.get(heading++).anchor();
        h.append("<h").append(level).append(" id=\"").append(esc(id)).append("\">");
        h.append(esc(x.text())).append("</h").append(level).append(">\n");
      } else if (b instanceof Report.Text t) {
        h.append("<p").append(cls(t.style())).append('>').append(inline(t.text()));
        h.append("</p>\n");
      } else if (b instanceof Report.Bullets l) {
        h.append("<ul>");
        l.items().forEach(i -> h.append("<li>").append(inline(i)).append("</li>"));
        h.append("</ul>\n");
      } else if (b instanceof Report.Links l) {
        h.append("<ul>");
        l.links()
            .forEach(
                k ->
                    h.append("<li><a href=\"")
                        .append(esc(k.href()))
                        .append("\">")
                        .append(esc(k.label()))
                        .append("</a></li>"));
        h.append("</ul>\n");
      } else if (b instanceof Report.Table t) {
        table(h, t);
      } else if (b instanceof Report.Bars c) {
        h.append(Svg.bars(c.title(), c.unit(), c.bars(), c.flagNote())).append('\n');
      } else if (b instanceof Report.Lines c) {
        h.append(Svg.lines(c.title(), c.xLabel(), c.yLabel(), c.logLog(), c.series(), c.flagNote()))
            .append('\n');
      }
    }
    return h.append("</body></html>\n").toString();
  }

  /** The headings as nested lists of links, levels 1 and 2. */
  private static void contents(StringBuilder h, List<Contents.Entry> contents) {
    if (contents.isEmpty()) {
      return;
    }
    h.append("<nav class=\"contents\"><b>Contents</b><ul>");
    int level = 1;
    boolean open = false; // an <li> of the current level not yet closed
    for (Contents.Entry e : contents) {
      if (e.level() > level) {
        h.append("<ul>");
        level = e.level();
        open = false;
      } else {
        if (open) {
          h.append("</li>");
        }
        for (; level > e.level(); level--) {
          h.append("</ul></li>");
        }
      }
      h.append("<li><a href=\"#").append(esc(e.anchor())).append("\">");
      h.append(esc(e.text())).append("</a>");
      open = true;
    }
    if (open) {
      h.append("</li>");
    }
    for (; level > 1; level--) {
      h.append("</ul></li>");
    }
    h.append("</ul></nav>\n");
  }

  private static void table(StringBuilder h, Report.Table t) {
    h.append("<table><tr>");
    for (int i = 0; i < t.header().size(); i++) { // a label column's head is left-aligned too
      h.append(i > 0 && i < t.labels() ? "<th class=\"label\">" : "<th>");
      h.append(inline(t.header().get(i))).append("</th>");
    }
    h.append("</tr>");
    for (List<Report.Cell> row : t.rows()) {
      h.append("<tr>");
      for (int i = 0; i < row.size(); i++) {
        Report.Cell c = row.get(i);
        String style = cls(c.style());
        if (i > 0 && i < t.labels()) { // CSS left-aligns only the first column
          style =
              style.isEmpty() ? " class=\"label\"" : style.replace("class=\"", "class=\"label ");
        }
        h.append("<td").append(style).append('>').append(inline(c.text())).append("</td>");
      }
      h.append("</tr>");
    }
    h.append("</table>\n");
  }

  private static String cls(Report.Style s) {
    return switch (s) {
      case PLAIN -> "";
      case MISSING -> " class=\"missing\"";
      case HOLDS -> " class=\"holds\"";
      case DOES_NOT_HOLD -> " class=\"not\"";
      case INCONCLUSIVE -> " class=\"inc\"";
    };
  }

  /** Escaped text, with Markdown's `code` and **bold** spans, the only markup sections use. */
  static String inline(String s) {
    String e = esc(s);
    e = e.replaceAll("`([^`]*)`", "<code>$1</code>");
    return e.replaceAll("\\*\\*([^*]+)\\*\\*", "<b>$1</b>");
  }

  private static String esc(String s) {
    return Markup.escape(s);
  }
}
