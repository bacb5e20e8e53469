package org.wirebench.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.wirebench.bench.report.ReportWriter;
import org.wirebench.bench.suite.EnvironmentCapture;
import org.wirebench.results.JmeterResult;
import org.wirebench.results.JmhResult;
import org.wirebench.results.NewFiles;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PathKind;
import org.wirebench.results.PayloadSizes;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunFiles;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ServerJvm;
import org.wirebench.results.UnreadableRunException;
import org.wirebench.server.load.JmeterPlan;
import org.wirebench.server.load.JmeterPlanVariables;
import org.wirebench.server.load.JtlSummary;
import org.wirebench.server.load.scenario.Scenarios;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code wirebench jmeter-import}: JMeter's results of an exported plan beside the driver's results
 * for the same points, in a new run folder (RUN's files, the import and the report of them all):
 * RUN itself is only read, as a run folder is never changed in place.
 */
@Command(
    name = "jmeter-import",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description =
        "Read a JMeter CSV results file (JTL) of a plan from 'load --jmeter-plan' and write a new"
            + " run folder --out: RUN's files, JMeter's as jmeter-<scenario>.json, and their report"
            + " (JMeter beside the driver, point by point); RUN is not changed. Exit 1 when JMeter"
            + " recorded a failed sample.")
final class JmeterImportCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--jtl",
      required = true,
      description = "the JTL (CSV), or a folder: its newest *.csv or *.jtl")
  Path jtl;

  @Option(
      names = "--scenario",
      required = true,
      description = "the scenario the plan was made from: ${COMPLETION-CANDIDATES}",
      completionCandidates = Scenarios.Names.class)
  String scenario;

  @Option(
      names = "--run",
      required = true,
      description =
          "the results folder, only read (a suite run, or 'load --out' of the driver; the new"
              + " folder gets an env.json when it has none)")
  Path run;

  @Option(
      names = "--out",
      paramLabel = "NEW",
      required = true,
      description =
          "the new run folder to write (must not exist, nor be in a run's folder): RUN's files"
              + " but its reports, jmeter-<scenario>.json, and the report of them")
  Path out;

  /** What is dropped of each point as its warm-up: one of the two, which the help shows so. */
  @CommandLine.ArgGroup(exclusive = true, multiplicity = "1")
  Warmup dropped;

  static final class Warmup {
    @Option(
        names = "--plan",
        description =
            "the plan that ran (its .jmx): each point's warm-up, time or requests, is dropped as"
                + " it says")
    Path plan;

    @Option(
        names = "--warmup",
        converter = org.wirebench.server.CliTypes.DurationConverter.class,
        description =
            "drop each point's samples that started this soon after its first, e.g. 10s, instead"
                + " of --plan")
    java.time.Duration warmup;
  }

  @Option(
      names = "--timestamps",
      defaultValue = "start",
      description =
          "what the JTL's timeStamp is: start (sampleresult.timestamp.start=true, as the Maven"
              + " plugin writes) or end (JMeter's own default) (default: ${DEFAULT-VALUE})")
  String timestamps;

  @Option(
      names = "--engines",
      description =
          "JMeter engines that ran the plan (a distributed run: -R), 1.."
              + JmeterPlan.MAX_ENGINES
              + " (default: as the"
              + " --plan says, else 1)")
  Integer engines;

  @Override
  public Integer call() throws Exception {
    if (!Scenarios.names().contains(scenario)) {
      throw bad("--scenario must be one of " + String.join(", ", Scenarios.names()));
    }
    if (!timestamps.equals("start") && !timestamps.equals("end")) {
      throw bad("--timestamps must be start or end, was '" + timestamps + "'");
    }
    if (engines != null && (engines < 1 || engines > JmeterPlan.MAX_ENGINES)) {
      throw bad("--engines must be 1.." + JmeterPlan.MAX_ENGINES + ", was " + engines);
    }
    NewRunFolder.check(spec.commandLine(), "--out", out, run);
    Path plan = dropped.plan;
    java.time.Duration warmup = dropped.warmup;
    long warmupMs;
    long warmupSamples = 0;
    if (warmup != null) {
      warmupMs = warmup.toMillis();
      if (warmupMs < 0) {
        throw bad("--warmup must not be negative, was " + warmup);
      }
    } else {
      String notAFile = PathKind.notAFile(plan);
      if (notAFile != null) {
        throw new UnreadableRunException("--plan " + notAFile + ": give the .jmx that ran");
      }
      JmeterPlanVariables planned;
      try {
        planned = JmeterPlanVariables.read(plan);
      } catch (IOException e) {
        throw new UnreadableRunException(e.getMessage(), e);
      }
      warmupMs = planned.warmupMs();
      warmupSamples = planned.warmupRequests();
      if (engines == null) {
        engines = planned.engines();
      } else if (engines != planned.engines()) {
        throw bad("--engines " + engines + ", but the plan was split over " + planned.engines());
      }
    }
    if (engines == null) {
      engines = 1;
    }
    Path file = resolve(jtl);
    if (!Files.isDirectory(run)) {
      throw new UnreadableRunException(org.wirebench.results.RunFolderHints.notAFolder(run));
    }
    String name = JmeterResult.fileName(scenario);
    if (Files.exists(run.resolve(name))) {
      throw bad(
          "--run "
              + run
              + " already holds "
              + name
              + ": its JMeter results are never replaced; import into the run they were added"
              + " to");
    }
    JmeterResult result;
    try {
      result =
          JtlSummary.read(
              file, scenario, warmupMs, warmupSamples, timestamps.equals("start"), engines);
    } catch (IOException e) {
      throw new UnreadableRunException(e.getMessage(), e);
    }
    Map<String, ScenarioResult> load = readableRun();
    ScenarioResult driver = load.get(scenario);
    if (driver != null
        && result.points().stream().allMatch(p -> driverPoint(driver, p.id()) == null)) {
      throw new UnreadableRunException(
          file
              + ": its labels ("
              + String.join(", ", result.points().stream().map(JmeterResult.Point::id).toList())
              + ") name none of the points in "
              + run.resolve(ScenarioResult.fileName(scenario))
              + ": a results file of another scenario or run?");
    }
    boolean env = !Files.isRegularFile(run.resolve(RunEnvironment.FILE));
    String id = org.wirebench.server.OutputPaths.real(out).getFileName().toString();
    Path written =
        NewRunFolder.build(
            run,
            out,
            folder -> {
              result.write(folder.resolve(name));
              if (env) {
                Map<String, ServerJvm> servers = new LinkedHashMap<>();
                for (ScenarioResult s : load.values()) {
                  servers.put(s.scenario(), s.serverJvm());
                }
                EnvironmentCapture.captureLoadOnly(
                        "jmeter-" + scenario, ZonedDateTime.now(ZoneOffset.UTC), servers)
                    .write(folder.resolve(RunEnvironment.FILE));
              }
              ReportWriter.write(RunRecord.readBeforeRename(folder), folder, id);
            });
    for (JmeterResult.Point p : result.points()) {
      ScenarioResult.PointResult d = driverPoint(driver, p.id());
      System.out.printf(
          Locale.ROOT,
          "%-40s JMeter %9.1f req/s, %d users, %d samples, %d failed%s%n",
          p.id(),
          p.throughput(),
          p.users(),
          p.samples(),
          p.errorCount(),
          d == null ? "" : String.format(Locale.ROOT, "; driver %9.1f req/s", d.throughput()));
    }
    System.out.println(
        "wrote "
            + written
            + " (the files of --run, "
            + name
            + ", report.html and report.md); "
            + run
            + " unchanged");
    return result.errorCount() > 0 ? 1 : 0;
  }

  /**
   * RUN's load results, once the whole folder has been read as its report will read it: nothing is
   * made from a folder that is incomplete ({@code tmp-}), unreadable or holds no results.
   */
  private Map<String, ScenarioResult> readableRun() throws IOException {
    Path name = RunRecord.realName(run);
    if (name == null) {
      throw new UnreadableRunException(run + " is not a results folder (it has no name)");
    }
    if (name.toString().startsWith(NewFiles.PREFIX)) {
      throw new UnreadableRunException(
          run + " is an incomplete run (still being written, or its run was killed)");
    }
    if (Files.isRegularFile(run.resolve(RunEnvironment.FILE))) {
      RunRecord record = RunRecord.read(run);
      record.jmeter(); // the imports already there are read by the report too
      return record.load();
    }
    // a driver-only 'load --out' folder: its load results and nothing a suite run writes
    for (String suiteFile :
        List.of(JmhResult.FILE, PairedRuns.FILE, PayloadSizes.FILE, RunFiles.REPORT_MD)) {
      if (Files.exists(run.resolve(suiteFile))) {
        throw new UnreadableRunException(
            run
                + " holds "
                + suiteFile
                + " but no env.json: a run's folder incomplete or mixed, not a load --out folder");
      }
    }
    Map<String, ScenarioResult> load = RunRecord.readLoad(run);
    if (load.isEmpty()) {
      throw new UnreadableRunException(
          run + " holds neither env.json nor load-*.json: not a results folder");
    }
    return load;
  }

  /** The driver's point of this id, or null (no driver results, or no such point). */
  private static ScenarioResult.PointResult driverPoint(ScenarioResult driver, String id) {
    return driver == null ? null : driver.point(id);
  }

  private Path resolve(Path given) throws IOException {
    if (Files.isRegularFile(given)) {
      return given;
    }
    if (!Files.isDirectory(given)) {
      // a FIFO or /dev/stdin is no JTL: the file is read twice (its labels, then its samples)
      throw new UnreadableRunException(
          "--jtl " + PathKind.notAFile(given) + ": give the CSV file JMeter wrote, or its folder");
    }
    try (Stream<Path> files = Files.list(given)) {
      return files
          .filter(f -> f.toString().endsWith(".csv") || f.toString().endsWith(".jtl"))
          // a folder or a FIFO of that name is no results file, and is never the newest one
          .filter(Files::isRegularFile)
          .max(Comparator.comparing(f -> f.toFile().lastModified()))
          .orElseThrow(
              () -> new UnreadableRunException("--jtl " + given + ": no *.csv or *.jtl in it"));
    }
  }

  private CommandLine.ParameterException bad(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }
}
