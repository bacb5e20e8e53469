package org.wirebench.bench.export;

import java.io.PrintWriter;
import java.util.Locale;
import org.wirebench.bench.report.Comparison;

/**
 * compare as GitHub-flavoured Markdown (a pull-request comment, a job summary): the text output's
 * lines and rows, as a table, regressions in bold.
 */
final class ComparisonMarkdown {
  private ComparisonMarkdown() {}

  static void write(Comparison c, String base, String now, String threshold, PrintWriter out) {
    out.println("## wirebench compare");
    out.println();
    out.println("BASE `" + code(base) + "`, NEW `" + code(now) + "`");
    out.println();
    out.println(cell(ComparisonText.machines(c)));
    out.println();
    for (String w : c.warnings()) {
      out.println("- warning: " + cell(w));
    }
    if (!c.warnings().isEmpty()) {
      out.println();
    }
    out.println(cell(ComparisonText.LEGEND));
    out.println();
    out.println(
        "| benchmark / load point | BASE gmean | NEW gmean | unit | cost NEW/BASE [99% CI] |"
            + " verdict |");
    out.println("|---|---:|---:|---|---|---|");
    for (Comparison.Row r : c.rows()) {
      String verdict = ComparisonText.verdict(r.verdict());
      out.printf(
          Locale.ROOT,
          "| %s | %.4g | %.4g | %s | %s | %s |%n",
          cell(r.key()),
          r.baseMean(),
          r.nowMean(),
          cell(r.unit()),
          r.slowdown() == null ? ComparisonText.noRatio(r.verdict()) : r.slowdown(),
          r.verdict() == Comparison.Verdict.REGRESSED ? "**" + verdict + "**" : verdict);
    }
    if (!c.unmatched().isEmpty() || !c.missingInNew().isEmpty()) {
      out.println();
    }
    c.unmatched().forEach(u -> out.println("- unmatched: " + cell(u.text())));
    c.missingInNew().forEach(x -> out.println("- **missing in NEW**: " + cell(x.text())));
    out.println();
    out.println(cell(ComparisonText.summary(c, threshold)));
    if (c.problem() != null) {
      out.println();
      out.println("**could not compare**: " + cell(c.problem()));
    }
  }

  /** Text in a table cell or a line: no pipe may end the cell, no markup may start. */
  static String cell(String s) {
    return s.replace("\\", "\\\\")
        .replace("|", "\\|")
        .replace("*", "\\*")
        .replace("<", "&lt;")
        .replace("\n", " ");
  }

  private static String code(String s) {
    return s.replace("`", "'");
  }
}
