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
import org.wirebench.server.http.ContentCoding;
import org.wirebench.server.load.JmeterPlan;
import org.wirebench.server.load.ResponseProbe;
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
   * --jmeter-engines. {@code call} makes them first; the suite makes them before any benchmark.
   */
  void checkValues() {
    points(Scenarios.get(cmd.scenario));
    serverValues();
  }

  private List<Scenario.Point> points(Scenario scenario) {
    try {
      if (scenario instanceof SelfRunningScenario self) {
        String why = self.cannotRun(o);
        if (why != null) {
          throw cmd.bad(why);
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
    if (!o.serverWait.isZero() && o.server == null) {
      throw cmd.bad("--server-wait needs --server: without it the driver starts its own");
    }
    if (o.jmeterEngines < 1 || o.jmeterEngines > 64) {
      throw cmd.bad("--jmeter-engines must be 1..64, was " + o.jmeterEngines);
    }
    if (o.jmeterEngines != 1 && o.jmeterPlan == null) {
      throw cmd.bad("--jmeter-engines only shapes a --jmeter-plan");
    }
  }

  int call() throws Exception {
    Scenario scenario;
    List<Scenario.Point> points;
    try {
      scenario = Scenarios.get(cmd.scenario);
    } catch (IllegalArgumentException e) {
      throw cmd.bad(e.getMessage());
    }
    points = points(scenario);
    serverValues();
    ScenarioSettings settings = settings(scenario);
    String javaProblem =
        o.java == null ? null : org.wirebench.server.JavaLauncher.problem("--java", o.java);
    if (javaProblem != null) {
      throw cmd.bad(javaProblem);
    }
    if (o.jmeterPlan != null) {
      // checked before the server is probed: a plan folder inside a run, or one that cannot be made
      String problem =
          org.wirebench.server.OutputPaths.folderProblem("--jmeter-plan", o.jmeterPlan);
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
    String hlogName = "load-" + scenario.name() + ".hlog";
    String jsonName = "load-" + scenario.name() + ".json";
    if (o.out != null) {
      String problem = org.wirebench.server.OutputPaths.folderProblem("--out", o.out);
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
      awaitServer(o.server, o.serverWait);
    }
    Map<String, Object> shared = o.sharedServer == null ? null : sharedServer(scenario);
    if (o.jmeterPlan != null) {
      return jmeterPlan(scenario, points, settings);
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
        NewFiles.replace(cmd.json, result::write);
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
    try (ServerProcess process = ServerProcess.start(o.java, profile, serveArgs(cmd.encoding()))) {
      return new ScenarioRunner(scenario, points, settings, System.err)
          .run(process.uri(), process.describe("by the load driver"), hlog);
    }
  }

  /**
   * Writes the points, as the runner would configure them, as a JMeter plan, with the checks a live
   * server's answers give: the server at --server, else one started for the purpose (the plan then
   * points at 127.0.0.1:8080 unless told otherwise with -Jhost/-Jport).
   */
  private int jmeterPlan(Scenario scenario, List<Scenario.Point> points, ScenarioSettings settings)
      throws Exception {
    URI base = o.server == null ? URI.create("http://127.0.0.1:8080/") : o.server;
    List<JmeterPlan.Entry> entries = new java.util.ArrayList<>();
    if (o.server != null) {
      probe(points, settings, base, o.server, entries);
    } else {
      try (ServerProcess process =
          ServerProcess.start(o.java, JvmProfile.byName("default"), compression())) {
        probe(points, settings, base, process.uri(), entries);
      }
    }
    java.nio.file.Path jmx;
    try {
      jmx = JmeterPlan.write(scenario.name(), base, entries, o.jmeterPlan, o.jmeterEngines);
    } catch (IllegalArgumentException e) {
      throw cmd.bad("--jmeter-plan: " + e.getMessage());
    }
    System.out.printf(
        Locale.ROOT,
        "%s scenario (%s): %d points, each answer checked, as a JMeter plan: %s (run: jmeter -n -t %s -Jhost=%s"
            + " -Jport=%d -l results.jtl)%n",
        scenario.name(),
        settings.mode(),
        points.size(),
        jmx,
        jmx,
        base.getHost(),
        base.getPort());
    return 0;
  }

  /**
   * The server the suite started for its load step (--shared-server), as the result records it:
   * refused when this run would not start a server of its own (--server, --jmeter-plan, a
   * self-running scenario), or when it does not name its url and how it was started.
   */
  private Map<String, Object> sharedServer(Scenario scenario) {
    if (o.server != null || o.jmeterPlan != null || scenario instanceof SelfRunningScenario) {
      throw cmd.bad(
          ScenarioOptions.SHARED_SERVER
              + " stands for the server this run would start; --server, --jmeter-plan and the "
              + scenario.name()
              + " scenario start none");
    }
    Map<String, Object> server;
    try {
      server =
          LoadCommand.JSON.readValue(
              o.sharedServer,
              new com.fasterxml.jackson.core.type.TypeReference<
                  LinkedHashMap<String, Object>>() {});
    } catch (java.io.IOException e) {
      throw cmd.bad(
          ScenarioOptions.SHARED_SERVER + " takes the server's description as a JSON object");
    }
    if (!(server.get("url") instanceof String url)
        || !url.startsWith("http://")
        || !(server.get("started") instanceof String)
        || !(server.get("command") instanceof List)) {
      throw cmd.bad(
          ScenarioOptions.SHARED_SERVER
              + " must name the server's url, how it started and its command");
    }
    try {
      URI.create(url);
    } catch (IllegalArgumentException e) {
      throw cmd.bad(ScenarioOptions.SHARED_SERVER + ": bad url " + url);
    }
    return server;
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

  /**
   * The arguments of {@code serve} for the server JVM that {@code load}, as parsed into {@code
   * load}, would start for its scenario (the suite starts that one itself and shares it, {@code
   * --shared-server}); null when it would start none: one URL, --server, --jmeter-plan, or a
   * scenario that sets up its own host.
   */
  static List<String> serverArgs(LoadCommand load) {
    ScenarioOptions o = load.scenarioOptions;
    if (load.scenario == null
        || o.server != null
        || o.jmeterPlan != null
        || o.sharedServer != null
        || Scenarios.get(load.scenario) instanceof SelfRunningScenario) {
      return null;
    }
    return serveArgs(load.encoding());
  }

  /**
   * The started server's arguments: compression off when nothing is asked for, so the scenario
   * measures the encoders alone whatever a client sends; on when --encoding asks for a coding.
   */
  static List<String> serveArgs(ContentCoding coding) {
    return List.of(coding == ContentCoding.IDENTITY ? "--no-compression" : "--compression");
  }

  private List<String> compression() {
    return serveArgs(cmd.encoding());
  }

  /** Waits until {@code base} accepts a TCP connection, or fails after {@code wait}. */
  private static void awaitServer(URI base, Duration wait) throws Exception {
    int port = TargetUrls.port(base);
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      try (java.net.Socket s = new java.net.Socket()) {
        s.connect(new java.net.InetSocketAddress(base.getHost(), port), 1000);
        return;
      } catch (java.io.IOException e) {
        if (System.nanoTime() > deadline) {
          throw new java.io.IOException(
              base + " did not accept a connection within --server-wait " + CliTypes.format(wait),
              e);
        }
        Thread.sleep(200);
      }
    }
  }

  private void probe(
      List<Scenario.Point> points,
      ScenarioSettings settings,
      URI base,
      URI live,
      List<JmeterPlan.Entry> entries)
      throws Exception {
    for (Scenario.Point p : points) {
      ResponseProbe probe;
      try {
        probe = ResponseProbe.of(p.id(), p.plan().apply(live), p.validator());
      } catch (java.io.IOException e) {
        throw new java.io.IOException(
            "--jmeter-plan: " + live + " answered wrongly: " + e.getMessage(), e);
      }
      entries.add(
          new JmeterPlan.Entry(
              p.id(), ScenarioRunner.bounded(p.plan().apply(base), settings), probe));
    }
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
    return d.withRuns(runs)
        .withTimes(cmd.warmup, cmd.duration)
        .withCounts(o.warmupRequests, o.requests)
        .withValidateEvery(o.validateEvery);
  }
}
