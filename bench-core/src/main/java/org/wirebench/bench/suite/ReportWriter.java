package org.wirebench.bench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.wirebench.bench.report.HtmlReport;
import org.wirebench.bench.report.RunRecord;
import org.wirebench.bench.report.ThenAndNow;

/** Writes report.md and report.html of a run; the suite and {@code wirebench report} share it. */
public final class ReportWriter {
  private ReportWriter() {}

  /**
   * @param name the run's id (its folder's final name)
   */
  public static void write(RunRecord run, Path out, String name) throws IOException {
    Files.createDirectories(out);
    StringBuilder md = new StringBuilder(new MarkdownReport(run).render());
    md.append(
        "\n# Then and now\n\n| study | claim | then | now | verdict |\n|---|---|---|---|---|\n");
    for (ThenAndNow.Row r : ThenAndNow.rows(run)) {
      md.append("| ")
          .append(r.study())
          .append(" | ")
          .append(r.claim())
          .append(" | ")
          .append(r.then())
          .append(" | ")
          .append(r.now())
          .append(" | ")
          .append(r.verdict())
          .append(" |\n");
    }
    Files.writeString(out.resolve("report.md"), md);
    Files.writeString(out.resolve("report.html"), new HtmlReport(run, name).render());
  }
}
