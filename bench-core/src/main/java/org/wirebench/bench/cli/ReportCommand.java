package org.wirebench.bench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.wirebench.bench.report.ReportWriter;
import org.wirebench.bench.suite.IncompleteRuns;
import org.wirebench.results.RunRecord;
import org.wirebench.results.UnreadableRunException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code wirebench report RUN}: report.html and report.md of a results folder. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Write report.html (self-contained: inline SVG charts and CSS) and report.md for a results"
            + " folder.")
final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "a folder under jmh-results/")
  Path run;

  @Option(names = "--out", description = "where to write them (default: the RUN folder)")
  Path out;

  @Override
  public Integer call() throws Exception {
    Path target = out == null ? run : out;
    if (out != null) {
      // a file, or a folder that cannot be made: bad usage before any work, not a failed run
      OutputFile.folder(spec.commandLine(), "--out", out);
    }
    RunRecord record = RunRecord.read(run);
    // a run of pairs alone (suite --include none --load none) is a run: its claims are its results
    if (record.benchmarks().isEmpty() && record.load().isEmpty() && record.pairs() == null) {
      throw new UnreadableRunException(
          run
              + " holds no results: jmh.json is missing or empty and there is no load-*.json or"
              + " pairs.json");
    }
    // only once the run was read: a refusal stays one line beside runs killed ones left
    Path parent = run.toAbsolutePath().normalize().getParent();
    if (parent != null) {
      IncompleteRuns.warn(parent, System.err);
    }
    ReportWriter.write(record, target, run.toAbsolutePath().normalize().getFileName().toString());
    System.out.println("wrote " + target.resolve("report.html") + " and report.md");
    return 0;
  }
}
