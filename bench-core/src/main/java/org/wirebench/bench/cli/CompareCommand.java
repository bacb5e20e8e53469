package org.wirebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.wirebench.bench.report.Comparison;
import org.wirebench.results.RunRecord;
import org.wirebench.server.Mains;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code wirebench compare BASE NEW}: exits 1 when anything regressed. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description =
        "Compare two results folders: each benchmark's and load point's NEW/BASE ratio with a 99%%"
            + " interval (Welch on the log scale over fork means; one fork a side: no interval),"
            + " and each"
            + " claim both measured as a pair (its ratio a / b, NEW over BASE). When the runs'"
            + " calibrations say the machines differ, absolute times are listed, not judged. Exit"
            + " 0: no regression; 1: something regressed or is missing in NEW; 2: could not compare"
            + " (an unreadable folder, nothing in common, or NaN/zero scores); a load point not"
            + " steady is listed, never judged.")
final class CompareCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BASE", description = "the earlier results folder")
  Path base;

  @Parameters(index = "1", paramLabel = "NEW", description = "the results folder to judge")
  Path now;

  @Option(
      names = "--threshold",
      defaultValue = "5%",
      description = "smallest change called one, 0%%..100%% (default: 5%%)")
  String threshold;

  @Override
  public Integer call() throws Exception {
    double t = parseThreshold(threshold);
    Comparison c = new Comparison(RunRecord.read(base), RunRecord.read(now), t, 0.99);
    PrintWriter out = spec.commandLine().getOut();
    Comparison.Machines m = c.machines();
    if (m == null) {
      out.println(
          "machines: not compared (a run without a calibration: one from before 2026-11-25, or"
              + " run without pairs); absolute times judged as they are");
    } else if (m.differ()) {
      out.printf(
          Locale.ROOT,
          "machines DIFFER: the reference workload costs %s NEW/BASE; absolute times and rates are"
              + " listed, not judged; the pairs' within-run ratios are%n",
          m.speed());
    } else {
      out.printf(
          Locale.ROOT,
          "machines: the same speed within noise (reference workload %s NEW/BASE); absolute times"
              + " judged%n",
          m.speed());
    }
    c.warnings().forEach(w -> spec.commandLine().getErr().println("warning: " + w));
    out.printf(
        Locale.ROOT,
        "%-90s %12s %12s  %-26s %s%n",
        "benchmark / load point",
        "BASE",
        "NEW",
        "cost NEW/BASE [99% CI]",
        "verdict");
    for (Comparison.Row r : c.rows()) {
      out.printf(
          Locale.ROOT,
          "%-90s %12.4g %12.4g  %-26s %s%n",
          r.key().length() > 90 ? r.key().substring(0, 87) + "..." : r.key(),
          r.base(),
          r.now(),
          r.slowdown() == null
              ? (r.verdict() == Comparison.Verdict.NOT_STEADY
                  ? "not steady"
                  : "no ratio (NaN or 0)")
              : r.slowdown(),
          r.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '));
    }
    c.unmatched().forEach(u -> out.println("unmatched: " + u));
    c.missingInNew().forEach(x -> out.println("missing in NEW: " + x));
    out.printf(
        Locale.ROOT,
        "%d compared (threshold %s, 99%% intervals): %d regressed, %d improved, %d no change, %d"
            + " without an interval, %d not judged (machines differ), %d not steady, %d could not"
            + " be compared; %d missing in NEW%n",
        c.rows().size(),
        threshold,
        c.count(Comparison.Verdict.REGRESSED),
        c.count(Comparison.Verdict.IMPROVED),
        c.count(Comparison.Verdict.NO_CHANGE),
        c.count(Comparison.Verdict.UNKNOWN),
        c.count(Comparison.Verdict.NOT_JUDGED),
        c.count(Comparison.Verdict.NOT_STEADY),
        c.count(Comparison.Verdict.INVALID),
        c.missingInNew().size());
    if (c.count(Comparison.Verdict.REGRESSED) > 0 || !c.missingInNew().isEmpty()) {
      return 1;
    }
    if (c.rows().isEmpty() || c.count(Comparison.Verdict.INVALID) > 0) {
      spec.commandLine()
          .getErr()
          .println(
              "wirebench compare: "
                  + (c.rows().isEmpty()
                      ? "nothing to compare: the two runs have no benchmark or load point in common"
                      : "some scores are NaN or zero: those could not be compared"));
      return 2;
    }
    return 0;
  }

  private double parseThreshold(String s) {
    double d = Mains.share(s);
    if (!Double.isNaN(d)) {
      return d;
    }
    throw new CommandLine.ParameterException(
        spec.commandLine(), "--threshold must be 0%..100% (e.g. 5%), was '" + s + "'");
  }
}
