package org.wirebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.wirebench.bench.export.CompareFormat;
import org.wirebench.bench.report.Comparison;
import org.wirebench.results.RunRecord;
import org.wirebench.server.Mains;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code wirebench compare BASE NEW}: exits 1 when anything regressed, in every format. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description =
        "Compare two results folders: each benchmark's and load point's NEW/BASE ratio with a 99%%"
            + " interval (Welch on the log scale over fork means; one fork a side: no interval),"
            + " and each"
            + " claim both measured as a pair (its ratio a / b, NEW over BASE). When the runs'"
            + " calibrations say the machines differ, absolute times are listed, not judged, and"
            + " so are a step's when either run shared that step with other work (env.json). Exit"
            + " 0: no regression; 1: something regressed or is missing in NEW; 2: could not compare"
            + " (an unreadable folder or one whose files disagree, BASE and NEW one run (the same"
            + " folder or a copy), a claim id measuring another ratio in NEW, nothing in common, or NaN/zero scores); a load point not"
            + " steady is listed, never judged. Every --format has the same rows, verdicts and"
            + " exit code.")
final class CompareCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BASE", description = "the earlier results folder")
  Path base;

  @Parameters(index = "1", paramLabel = "NEW", description = "the results folder to judge")
  Path now;

  @Option(
      names = "--threshold",
      defaultValue = "5%",
      description = "smallest change called one, 0..1 or 0%%..100%% (default: ${DEFAULT-VALUE})")
  String threshold;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      converter = FormatConverters.Compare.class,
      description =
          "text (default: a table), json ("
              + CompareFormat.JSON_FORMAT
              + " version "
              + CompareFormat.JSON_VERSION
              + ", docs/measuring.md),"
              + " markdown (a table for a pull request or a job summary) or junit (JUnit XML: a"
              + " regression or a result missing in NEW fails its test case, a result not judged"
              + " is skipped with the reason); with --out, the text table goes to standard output"
              + " too, for a job's log")
  CompareFormat format;

  @Mixin OutputFile output;

  @Override
  public Integer call() throws Exception {
    double t = parseThreshold(threshold);
    output.check(spec.commandLine());
    RunRecord baseRun = RunRecord.read(base);
    RunRecord nowRun = RunRecord.read(now);
    String same = baseRun.sameRun(nowRun);
    if (same != null) {
      // every number would agree with itself: "no regression" from a CI job whose BASE and NEW
      // name one run is an answer to no question
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "BASE " + base + " and NEW " + now + " are one run (" + same + "): compare two runs");
    }
    Comparison c = new Comparison(baseRun, nowRun, t, 0.99);
    PrintWriter out = spec.commandLine().getOut();
    c.warnings().forEach(w -> spec.commandLine().getErr().println("warning: " + w));
    if (output.given()) {
      output.write(w -> format.write(c, base.toString(), now.toString(), threshold, w));
      // the table stays in the log of whoever ran it (a CI job), beside the file it wrote
      CompareFormat.TEXT.write(c, base.toString(), now.toString(), threshold, out);
    } else {
      format.write(c, base.toString(), now.toString(), threshold, out);
    }
    if (c.exitCode() == 2) {
      spec.commandLine().getErr().println("wirebench compare: " + c.problem());
    }
    return c.exitCode();
  }

  private double parseThreshold(String s) {
    double d = Mains.share(s);
    if (!Double.isNaN(d)) {
      return d;
    }
    throw new CommandLine.ParameterException(
        spec.commandLine(), "--threshold must be 0..1 or 0%..100% (e.g. 5%), was '" + s + "'");
  }
}
