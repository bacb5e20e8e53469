package org.wirebench.server.load;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.HistogramLogWriter;
import org.wirebench.formats.soap.Operation;
import org.wirebench.server.JvmProfile;
import org.wirebench.server.ServerProcess;
import org.wirebench.server.load.scenario.Scenario;
import org.wirebench.server.load.scenario.ScenarioResult;
import org.wirebench.server.load.scenario.ScenarioRunner;
import org.wirebench.server.load.scenario.ScenarioSettings;
import org.wirebench.server.load.scenario.SoapScenario;
import org.wirebench.server.load.scenario.WfsScenario;

/** {@code wirebench load --scenario}: validates the options, starts the server, runs, writes. */
final class ScenarioCommand {
  private final LoadCommand cmd;
  private final ScenarioOptions o;

  ScenarioCommand(LoadCommand cmd) {
    this.cmd = cmd;
    this.o = cmd.scenarioOptions;
  }

  int call() throws Exception {
    Scenario scenario = scenario();
    ScenarioSettings settings = settings();
    JvmProfile profile;
    try {
      profile = JvmProfile.byName(o.jvmProfile);
    } catch (IllegalArgumentException e) {
      throw cmd.bad("--jvm-profile: " + e.getMessage());
    }
    if (o.java != null && !Files.isExecutable(o.java)) {
      throw cmd.bad("--java: " + o.java + " is not an executable file");
    }
    if (o.out != null) {
      Files.createDirectories(o.out);
    }
    Path hlogPath = o.out == null ? null : o.out.resolve("load-" + scenario.name() + ".hlog");
    try (PrintStream hlogOut =
        hlogPath == null ? null : new PrintStream(Files.newOutputStream(hlogPath))) {
      HistogramLogWriter hlog = null;
      if (hlogOut != null) {
        hlog = new HistogramLogWriter(hlogOut);
        hlog.outputLogFormatVersion();
        hlog.outputComment("wirebench load --scenario " + scenario.name() + "; values in ns");
        hlog.outputLegend();
      }
      ScenarioResult result;
      if (o.server != null) {
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("url", o.server.toString());
        server.put("started", "external");
        result = new ScenarioRunner(scenario, settings, System.err).run(o.server, server, hlog);
      } else {
        try (ServerProcess process = ServerProcess.start(o.java, profile, List.of("--no-gzip"))) {
          Map<String, Object> server = new LinkedHashMap<>();
          server.put("url", process.uri().toString());
          server.put("started", "by the load driver");
          server.put("jvmProfile", profile.cliName());
          server.put("jvmFlags", profile.flags());
          server.put("droppedStudyFlags", profile.dropped());
          server.put("java", o.java == null ? "same as the load driver" : o.java.toString());
          server.put("command", process.command());
          result =
              new ScenarioRunner(scenario, settings, System.err).run(process.uri(), server, hlog);
        }
      }
      if (o.out != null) {
        LoadCommand.JSON.writeValue(
            o.out.resolve("load-" + scenario.name() + ".json").toFile(), result);
      }
      if (cmd.json != null) {
        LoadCommand.JSON.writeValue(cmd.json.toFile(), result);
      }
      System.out.printf(
          Locale.ROOT,
          "%s scenario (%s): %d points, %d errors%s%n",
          scenario.name(),
          settings.mode(),
          result.points().size(),
          result.errorCount(),
          o.out == null ? "" : "; results in " + o.out);
      return result.errorCount() == 0 ? 0 : 1;
    }
  }

  private Scenario scenario() {
    try {
      return switch (cmd.scenario) {
        case "wfs" -> {
          if (o.count < 1 || o.count > 100_000) {
            throw cmd.bad("--count must be 1..100000, was " + o.count);
          }
          for (int n : o.concurrency) {
            if (n < 1 || n > 10_000) {
              throw cmd.bad("--concurrency values must be 1..10000, was " + n);
            }
          }
          yield new WfsScenario(o.layers, o.formats, o.concurrency, o.count);
        }
        case "soap" -> {
          List<Operation> ops =
              o.operations == null
                  ? List.of(Operation.values())
                  : o.operations.stream().map(Operation::byShortName).toList();
          List<Integer> sizes =
              o.sizes != null ? o.sizes : o.quick ? List.of(1, 100, 5000) : Operation.SIZES;
          for (int n : sizes) {
            if (n < 1 || n > 100_000) {
              throw cmd.bad("--sizes values must be 1..100000, was " + n);
            }
          }
          if (o.soapUsers < 1 || o.soapUsers > 10_000) {
            throw cmd.bad("--soap-users must be 1..10000, was " + o.soapUsers);
          }
          yield new SoapScenario(o.stacks, ops, sizes, o.soapUsers);
        }
        default -> throw cmd.bad("--scenario must be wfs or soap, was '" + cmd.scenario + "'");
      };
    } catch (IllegalArgumentException e) {
      throw cmd.bad(e.getMessage());
    }
  }

  private ScenarioSettings settings() {
    ScenarioSettings d = ScenarioSettings.defaults(cmd.scenario, o.quick);
    int runs = o.runs == null ? d.runs() : o.runs;
    if (runs < 1 || runs > 100) {
      throw cmd.bad("--runs must be 1..100, was " + runs);
    }
    long requests = o.requests == null ? d.requests() : o.requests;
    long warmupRequests = o.warmupRequests == null ? d.warmupRequests() : o.warmupRequests;
    if (requests < 0 || warmupRequests < 0) {
      throw cmd.bad("--requests and --warmup-requests must not be negative");
    }
    if (o.validateEvery < 0) {
      throw cmd.bad("--validate-every must not be negative, was " + o.validateEvery);
    }
    return new ScenarioSettings(
        d.mode(),
        runs,
        cmd.warmup == null ? d.warmupMs() : cmd.warmup.toMillis(),
        cmd.duration == null ? d.durationMs() : cmd.duration.toMillis(),
        warmupRequests,
        requests,
        o.validateEvery,
        d.serverWarmupMs());
  }
}
