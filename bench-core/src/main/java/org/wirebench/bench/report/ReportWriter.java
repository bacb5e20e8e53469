package org.wirebench.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.results.JmhResult;
import org.wirebench.results.NewFiles;
import org.wirebench.results.RunFiles;
import org.wirebench.results.RunRecord;
import org.wirebench.results.UnreadableRunException;

/** Builds a run's report once and writes it as report.md and report.html. */
public final class ReportWriter {
  private ReportWriter() {}

  /** The report of a run: every registered section, in order. */
  public static Report build(RunRecord run, String name) {
    List<Report.Block> blocks = new ArrayList<>();
    for (ReportSection s : ReportSection.all()) {
      blocks.addAll(s.build(run));
    }
    return new Report(name, List.copyOf(blocks));
  }

  /**
   * @param name the run's id (its folder's final name)
   */
  public static void write(RunRecord run, Path out, String name) throws IOException {
    Map<String, String> files = render(run, name);
    List<Path> made = org.wirebench.results.NewFolders.make(out);
    try {
      // whole or not at all, and both or neither: a report cut short by a full disk or a kill
      // would otherwise replace the earlier good one (a cut pairs table reads as rows the run
      // lacks), and one file written before the other failed would stand beside the other report
      Map<String, NewFiles.IoWriter> writers = new LinkedHashMap<>();
      files.forEach((file, text) -> writers.put(file, tmp -> Files.writeString(tmp, text)));
      NewFiles.replace(out, writers);
    } catch (IOException | RuntimeException e) {
      org.wirebench.results.NewFolders.removeEmpty(made); // a folder made for nothing
      throw e;
    }
  }

  /** report.md and report.html of a run, by file name, as {@link #write} writes them (UTF-8). */
  public static Map<String, String> render(RunRecord run, String name) throws IOException {
    Report report = build(inMicroseconds(run), name);
    Map<String, String> files = new LinkedHashMap<>();
    files.put(RunFiles.REPORT_MD, MarkdownRenderer.render(report));
    files.put(RunFiles.REPORT_HTML, HtmlRenderer.render(report));
    return files;
  }

  /**
   * The run with every JMH score in µs/op: the sections print one unit a table and take ratios of
   * times, so a result in ns/op among ones in us/op would print 1000× too slow. A throughput (ops
   * per time) is no time per operation: its ratios would be the wrong way up, so it is refused.
   */
  static RunRecord inMicroseconds(RunRecord run) throws UnreadableRunException {
    List<JmhResult> times = new ArrayList<>();
    for (JmhResult b : run.benchmarks()) {
      if (b.higherIsBetter()) {
        throw new UnreadableRunException(
            run.folder().resolve(JmhResult.FILE)
                + ": "
                + b.key()
                + " is in mode "
                + b.mode()
                + " ("
                + b.unit()
                + "): a report's tables and ratios are of times per operation");
      }
      times.add(b.inUnit("us/op", run.folder().resolve(JmhResult.FILE)));
    }
    return new RunRecord(
        run.folder(),
        run.env(),
        List.copyOf(times),
        run.load(),
        run.sizes(),
        run.fidelity(),
        run.codecFidelity(),
        run.pairs());
  }
}
