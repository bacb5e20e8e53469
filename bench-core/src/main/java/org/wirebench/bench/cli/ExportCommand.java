package org.wirebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.wirebench.bench.export.ExportFormat;
import org.wirebench.results.RunRecord;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code wirebench export RUN --format F}: a run's results for a benchmark tracker. */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description =
        "Write a results folder's numbers for a benchmark tracker: every JMH result (its score in"
            + " ns/op or ops/s with JMH's 99.9%% interval, sizes and bytes allocated per"
            + " operation) and every load point (req/s and mean, p50, p90, p99, p99.9, max"
            + " latency in ms, with the runs' range), named by benchmark and parameters, e.g."
            + " 'GeoEncodingBenchmark.encode codec=gml32 count=200 dataset=osm_places', and"
            + " every pair of pairs.json as compare names it: each claim's and target's ratio"
            + " a / b with its interval ('pair ID (a / b)'), each variant's cost ÷ the"
            + " calibration ('pair GROUP VARIANT ÷ calibration'). A load point not measured at"
            + " a steady rate is left out and named on stderr, and so, in the two"
            + " github-action-benchmark files, is a study claim's ratio (no better direction;"
            + " bencher carries it as claim-ratio). Exit 1 when"
            + " nothing of the format's kind is in the run, 2 for an unreadable one.")
final class ExportCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "a folder under jmh-results/")
  Path run;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      required = true,
      converter = FormatConverters.Export.class,
      description =
          "bencher (Bencher Metric Format: bencher run --adapter json --file FILE),"
              + " customSmallerIsBetter (github-action-benchmark: times, latencies, sizes) or"
              + " customBiggerIsBetter (github-action-benchmark: req/s, JMH throughput)")
  ExportFormat format;

  @Mixin OutputFile output;

  @Override
  public Integer call() throws Exception {
    output.check(spec.commandLine());
    RunRecord record = RunRecord.read(run).withResults();
    PrintWriter err = spec.commandLine().getErr();
    ExportFormat.Written[] written = new ExportFormat.Written[1];
    if (output.given()) {
      output.write(w -> written[0] = format.write(record, w));
    } else {
      written[0] = format.write(record, spec.commandLine().getOut());
    }
    written[0].leftOut().forEach(l -> err.println("left out: " + l));
    err.println(
        "exported "
            + written[0].metrics()
            + " numbers as "
            + format.id()
            + (output.given() ? " to " + output.file : "")
            + (written[0].leftOut().isEmpty()
                ? ""
                : "; " + written[0].leftOut().size() + " result(s) left out"));
    return 0;
  }
}
