package org.wirebench.server.load.cli;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.HistogramLogWriter;
import org.wirebench.results.NewFiles;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.server.CliTypes;
import org.wirebench.server.JvmProfile;
import org.wirebench.server.ServerProcess;
import org.wirebench.server.UnusedOptions;
import org.wirebench.server.http.ContentCoding;
import org.wirebench.server.load.JmeterPlan;
import org.wirebench.server.load.TargetUrls;
import org.wirebench.server.load.scenario.Scenario;
import org.wirebench.server.load.scenario.ScenarioOptions;
import org.wirebench.server.load.scenario.ScenarioRunner;
import org.wirebench.server.load.scenario.Scenarios;
import org.wirebench.server.load.scenario.SelfRunningScenario;

/** {@code wirebench load --scenario}: validates the options, starts the server, runs, writes. */
final class ScenarioCommand {
  private final LoadCommand cmd;
  private final ScenarioOptions o;

  ScenarioCommand(LoadCommand cmd) {
    this.cmd = cmd;
    this.o = cmd.scenarioOptions;
  }

  /**
   * Every check of the options' values that needs no server, no file and no wait: the scenario's
   * points (its lists, users, layers, formats), --server's URL, the ranges of --server-wait and
   * --jmeter-engines, and the settings (--runs, --requests, --warmup-requests, --validate-every,
   * and what a self-running scenario cannot honour). {@code call} makes them first; the suite makes
   * them before any benchmark.
   */
  void checkValues() {
    Scenario scenario = Scenarios.get(cmd.mode.scenario);
    points(scenario);
    serverValues();
    settings(scenario);
  }

  private List<Scenario.Point> points(Scenario scenario) {
    try {
      if (scenario instanceof SelfRunningScenario self) {
        String why = self.cannotRun(o);
        if (why != null) {
          throw cmd.bad(why);
        }
        if (cmd.encoding() != ContentCoding.IDENTITY) {
          // it runs its own cells, never the points' plans: the coding asked for was dropped
          throw cmd.bad(
              "--encoding: the "
                  + scenario.name()
                  + " scenario asks for the content codings its own option names (--"
                  + scenario.name()
                  + "-encodings)");
        }
      }
      return coded(scenario.points(o), cmd.encoding());
    } catch (IllegalArgumentException e) {
      throw cmd.bad(e.getMessage());
    }
  }

  private void serverValues() {
    if (o.server != null) {
      String problem = TargetUrls.problem(o.server, true);
      if (problem != null) {
        throw cmd.bad("--server: " + problem);
      }
    }
    if (o.serverWait.isNegative() || o.serverWait.compareTo(Duration.ofMinutes(10)) > 0) {
      throw cmd.bad("--server-wait must be 0s..10m, was " + CliTypes.format(o.serverWait));
    }
    if (o.server == null) {
      UnusedOptions.refuse(
          cmd.spec,
          "--server-wait",
          "no --server",
          "the driver starts its own server and waits for it");
    }
    if (o.jmeterEngines < 1 || o.jmeterEngines > JmeterPlan.MAX_ENGINES) {
      throw cmd.bad(
          "--jmeter-engines must be 1.." + JmeterPlan.MAX_ENGINES + ", was " + o.jmeterEngines);
    }
    if (o.jmeterPlan == null) {
      UnusedOptions.refuse(
          cmd.spec, "--jmeter-engines", "no --jmeter-plan", "it only shapes a plan");
    }
    startedOnly();
  }

  /**
   * Refuses what shapes a run this one does not make: the JVM of a server it starts, with --server
   * (that server runs already) or a plan's (its server answers the probes with the default flags);
   * the results, verdict and repetitions of a run, with --jmeter-plan (a plan is written, not run).
   */
  private void startedOnly() {
    if (o.server != null) {
      String why = "that server runs already; this run starts none";
      UnusedOptions.refuse(cmd.spec, "--jvm-profile", "--server", why);
      UnusedOptions.refuse(cmd.spec, "--java", "--server", why);
    }
    if (o.jmeterPlan != null) {
      UnusedOptions.refuse(
          cmd.spec,
          "--jvm-profile",
          "--jmeter-plan",
          "the server it asks for the plan's checks runs with the default flags");
      for (String run : List.of("--out", "--json", "--max-error-rate", "--validate-every")) {
        UnusedOptions.refuse(cmd.spec, run, "--jmeter-plan", "a plan is written, not run");
      }
      UnusedOptions.refuse(
          cmd.spec,
          "--runs",
          "--jmeter-plan",
          "a plan runs each point once; run the plan again for another run");
    }
  }

  int call() throws Exception {
    Scenario scenario;
    List<Scenario.Point> points;
    try {
      scenario = Scenarios.get(cmd.mode.scenario);
    } catch (IllegalArgumentException e) {
      throw cmd.bad(e.getMessage());
    }
    points = points(scenario);
    serverValues();
    ScenarioSettings settings = settings(scenario);
    if (o.javaChecked && o.java == null) {
      throw cmd.bad(ScenarioOptions.JAVA_CHECKED + " stands for the check of --java: give --java");
    }
    String javaProblem =
        o.java == null
            ? null
            : o.javaChecked
                ? org.wirebench.server.JavaLauncher.fileProblem("--java", o.java)
                : org.wirebench.server.JavaLauncher.problem("--java", o.java);
    if (javaProblem != null) {
      throw cmd.bad(javaProblem);
    }
    if (o.jmeterPlan != null) {
      // checked before the server is probed: a plan folder inside a run, or one that cannot be made
      String problem =
          org.wirebench.server.OutputPaths.outputFolderProblem(
              "--jmeter-plan", o.jmeterPlan, java.util.Set.of());
      if (problem != null) {
        throw cmd.bad(problem);
      }
    }
    // the outputs and the profile before any wait for a server or start of one: bad usage first
    JvmProfile profile;
    try {
      profile = JvmProfile.byName(o.jvmProfile);
    } catch (IllegalArgumentException e) {
      throw cmd.bad("--jvm-profile: " + e.getMessage());
    }
    cmd.writable("--json", cmd.json);
    String hlogName = ScenarioResult.hlogName(scenario.name());
    String jsonName = ScenarioResult.fileName(scenario.name());
    if (o.out != null) {
      // the driver only adds its scenario's files (never replacing one): to a load --out folder
      // of other scenarios, and, as the suite's own driver, to the suite's run being written
      java.util.Set<org.wirebench.server.OutputPaths.RunKind> into =
          cmd.exitWithParent
              ? java.util.EnumSet.of(
                  org.wirebench.server.OutputPaths.RunKind.LOAD_OUT,
                  org.wirebench.server.OutputPaths.RunKind.BEING_WRITTEN)
              : java.util.EnumSet.of(org.wirebench.server.OutputPaths.RunKind.LOAD_OUT);
      String problem = org.wirebench.server.OutputPaths.outputFolderProblem("--out", o.out, into);
      if (problem != null) {
        throw cmd.bad(problem);
      }
      String same =
          org.wirebench.server.OutputPaths.sameFileProblem(
              "--json",
              cmd.json,
              "--out",
              o.out.resolve(jsonName),
              "--out",
              o.out.resolve(hlogName));
      if (same != null) {
        throw cmd.bad(same);
      }
      List<String> taken = NewFiles.taken(o.out, List.of(hlogName, jsonName));
      if (!taken.isEmpty()) {
        throw cmd.bad(
            "--out "
                + o.out
                + " already holds "
                + String.join(" and ", taken)
                + ": a run folder's results are never replaced; give a new folder");
      }
    }
    if (!o.serverWait.isZero()) {
      ScenarioServer.await(o.server, o.serverWait);
    }
    Map<String, Object> shared =
        o.sharedServer == null ? null : ScenarioServer.shared(cmd, scenario);
    if (o.jmeterPlan != null) {
      return ScenarioJmeterPlan.write(cmd, scenario, points, settings);
    }
    try (NewFiles files =
            o.out == null ? null : NewFiles.create(o.out, List.of(hlogName, jsonName));
        PrintStream hlogOut =
            files == null ? null : new PrintStream(Files.newOutputStream(files.temp(hlogName)))) {
      HistogramLogWriter hlog = null;
      if (hlogOut != null) {
        hlog = new HistogramLogWriter(hlogOut);
        hlog.outputLogFormatVersion();
        hlog.outputComment("wirebench load --scenario " + scenario.name() + "; values in ns");
        hlog.outputLegend();
      }
      ScenarioResult result = run(scenario, points, settings, profile, shared, hlog);
      if (files != null) {
        hlogOut.close();
        if (hlogOut.checkError()) {
          throw new java.io.IOException("cannot write " + files.temp(hlogName));
        }
        result.write(files.temp(jsonName));
        files.publish(); // the histograms first: load-*.json is what readers take as the result
      }
      if (cmd.json != null) {
        org.wirebench.server.OutputPaths.replace(cmd.json, result::write);
      }
      System.out.printf(
          Locale.ROOT,
          "%s scenario (%s): %d points, %d errors%s%n",
          scenario.name(),
          settings.mode(),
          result.points().size(),
          result.errorCount(),
          o.out == null ? "" : "; results in " + o.out);
      long succeeded =
          result.points().stream()
              .flatMap(p -> p.runs().stream())
              .mapToLong(r -> r.requests())
              .sum();
      long errors = result.errorCount();
      return cmd.verdict(
          succeeded, succeeded + errors == 0 ? 1 : (double) errors / (succeeded + errors), errors);
    }
  }

  /**
   * The scenario against --server, or the suite's shared server, else against a server JVM started
   * for it and stopped after.
   */
  private ScenarioResult run(
      Scenario scenario,
      List<Scenario.Point> points,
      ScenarioSettings settings,
      JvmProfile profile,
      Map<String, Object> shared,
      HistogramLogWriter hlog)
      throws Exception {
    if (scenario instanceof SelfRunningScenario self) {
      try {
        return self.run(o, points, settings, profile, o.java, hlog, System.err);
      } catch (SelfRunningScenario.CannotRunException e) {
        throw cmd.bad(e.getMessage());
      }
    }
    if (o.server != null) {
      Map<String, Object> server = new LinkedHashMap<>();
      server.put("url", o.server.toString());
      server.put("started", "external");
      return new ScenarioRunner(scenario, points, settings, System.err).run(o.server, server, hlog);
    }
    if (shared != null) {
      return new ScenarioRunner(scenario, points, settings, System.err)
          .run(URI.create((String) shared.get("url")), shared, hlog);
    }
    try (ServerProcess process =
        ServerProcess.start(o.java, profile, ScenarioServer.serveArgs(cmd.encoding()))) {
      return new ScenarioRunner(scenario, points, settings, System.err)
          .run(process.uri(), process.describe("by the load driver"), hlog);
    }
  }

  /** Every point asking for {@code coding} (identity: as the scenario made it). */
  private static List<Scenario.Point> coded(List<Scenario.Point> points, ContentCoding coding) {
    if (coding == ContentCoding.IDENTITY) {
      return points;
    }
    return points.stream()
        .map(
            p ->
                new Scenario.Point(
                    p.id(),
                    p.params(),
                    base -> p.plan().apply(base).encoding(coding),
                    p.validator()))
        .toList();
  }

  /** The scenario's own quick or full settings, with what the command line overrides. */
  private ScenarioSettings settings(Scenario scenario) {
    ScenarioSettings d = scenario.settings(o.quick);
    int runs = o.runs == null ? d.runs() : o.runs;
    if (runs < 1 || runs > 100) {
      throw cmd.bad("--runs must be 1..100, was " + runs);
    }
    if (o.requests != null && o.requests < 1) {
      // 0 would silently turn a counted scenario into a timed one with its own times
      throw cmd.bad("--requests must be 1 or more, was " + o.requests);
    }
    if (o.warmupRequests != null && o.warmupRequests < 0) {
      throw cmd.bad("--warmup-requests must not be negative, was " + o.warmupRequests);
    }
    if (o.validateEvery < 0) {
      throw cmd.bad("--validate-every must not be negative, was " + o.validateEvery);
    }
    ScenarioSettings s =
        d.withRuns(runs)
            .withTimes(cmd.warmup, cmd.duration)
            .withCounts(o.warmupRequests, o.requests)
            .withValidateEvery(o.validateEvery);
    if (scenario instanceof SelfRunningScenario self) {
      String why = self.settingsProblem(s);
      if (why != null) {
        throw cmd.bad(why);
      }
    }
    boundedOnly(scenario, d, s);
    return s;
  }

  /**
   * Refuses a bound of the other kind than the points' (given, it was dropped): a warm-up or
   * measured time for count-bounded points, a warm-up count for time-bounded ones.
   */
  private void boundedOnly(Scenario scenario, ScenarioSettings dflt, ScenarioSettings s) {
    String with = "--scenario " + scenario.name();
    if (s.counted()) {
      String why =
          dflt.counted()
              ? "its points are count-bounded (--requests, --warmup-requests)"
              : "--requests bounds its points by count";
      UnusedOptions.refuse(cmd.spec, "--warmup", with, why);
      UnusedOptions.refuse(cmd.spec, "--duration", with, why);
    } else {
      UnusedOptions.refuse(
          cmd.spec,
          "--warmup-requests",
          with,
          "its points are time-bounded (--warmup, --duration; --requests bounds them by count)");
    }
  }
}
