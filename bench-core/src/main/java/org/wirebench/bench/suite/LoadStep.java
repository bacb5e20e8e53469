package org.wirebench.bench.suite;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.wirebench.server.JvmProfile;
import org.wirebench.server.ServerProcess;
import org.wirebench.server.load.cli.LoadCommand;
import org.wirebench.server.load.cli.ScenarioScope;
import org.wirebench.server.load.scenario.ScenarioOptions;

/**
 * The suite's load step: each registered scenario asked for, in a load-driver JVM of its own,
 * writing {@code load-<scenario>.json} and {@code .hlog} into the run folder. The scenarios that
 * would each start the same server JVM (same flags and arguments: all of {@code --load all}) share
 * one, started here (never this JVM) before the first of them and stopped after the last, or as
 * soon as one fails: a server JVM's start is seconds a scenario, and each scenario still warms its
 * own endpoints before its points. Each result records that server as a driver-started one would
 * be, with {@code started} naming the scenarios that shared it.
 *
 * @param scenarios registered scenario names; empty skips the step
 * @param jvmProfile the server JVM's flags: default, seed2007, g1-tuned, zgc
 * @param quick the scenarios' quick settings (minutes) instead of the full ones
 * @param extraArgs passed after the suite's own to each driver that takes them: a scenario's own
 *     option to that scenario's driver only, any other (e.g. {@code --server URL}) to each; a
 *     driver refuses what it does not know, and the run fails
 */
public record LoadStep(
    List<String> scenarios, String jvmProfile, boolean quick, List<String> extraArgs)
    implements SuiteRunner.LoadPhase {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Runs every scenario into {@code folder}; fails (so the run is discarded) on any error. */
  @Override
  public void run(Path folder, Path java) throws IOException, InterruptedException {
    JvmProfile profile = JvmProfile.byName(jvmProfile);
    List<List<String>> serveArgs = new ArrayList<>();
    List<String> sharing = new ArrayList<>();
    for (String scenario : scenarios) {
      List<String> serve;
      try {
        serve = LoadCommand.serverArgs(driverArgs(scenario, folder, java));
      } catch (picocli.CommandLine.ParameterException e) {
        // the suite checked them before JMH (SuiteCommand.checkLoadArgs); a caller that did not
        throw new IOException("the " + scenario + " load scenario's arguments: " + e.getMessage());
      }
      serveArgs.add(serve);
      if (serve != null) {
        sharing.add(scenario);
      }
    }
    String started = "by the suite, shared by its load scenarios " + String.join(", ", sharing);
    ServerProcess shared = null;
    List<String> sharedArgs = null;
    try {
      for (int i = 0; i < scenarios.size(); i++) {
        String scenario = scenarios.get(i);
        List<String> cmd = new ArrayList<>();
        cmd.add(launcher(java));
        // the driver allocates per request: the throughput collector keeps it nearer wrk
        // (docs/results.md)
        cmd.add("-XX:+UseParallelGC");
        cmd.addAll(
            List.of("-cp", System.getProperty("java.class.path"), LoadCommand.class.getName()));
        cmd.addAll(driverArgs(scenario, folder, java));
        List<String> serve = serveArgs.get(i);
        String on = "";
        if (serve != null) {
          if (shared != null && !serve.equals(sharedArgs)) {
            shared.close(); // asked for other serve arguments: a server of their own
            shared = null;
          }
          if (shared == null) {
            shared = ServerProcess.start(java, profile, serve);
            sharedArgs = serve;
            System.err.println(
                "wirebench suite: load step's server "
                    + shared.uri()
                    + ", shared by "
                    + String.join(", ", sharing)
                    + ": "
                    + String.join(" ", shared.command()));
          } else if (!shared.alive()) {
            throw new IOException(
                "the load step's server JVM ended (exit "
                    + shared.exitCode()
                    + ") before the "
                    + scenario
                    + " scenario, which would have loaded it");
          }
          on = " (on the shared server " + shared.uri() + ")";
        }
        System.err.println(
            "wirebench suite: load scenario " + scenario + on + ": " + String.join(" ", cmd));
        if (serve != null) {
          cmd.add(ScenarioOptions.SHARED_SERVER);
          cmd.add(JSON.writeValueAsString(shared.describe(started)));
        }
        cmd.add(LoadCommand.EXIT_WITH_PARENT);
        int code = start(cmd).waitFor();
        if (code != 0) {
          String server =
              shared != null && serve != null && !shared.alive()
                  ? "; the shared server JVM had ended (exit " + shared.exitCode() + ")"
                  : "";
          throw new IOException(
              "the " + scenario + " load scenario failed (exit " + code + ")" + server);
        }
      }
    } finally {
      if (shared != null) {
        shared.close();
      }
    }
  }

  /**
   * What the driver of {@code scenario} is told, before any shared server: of {@code extraArgs},
   * those it takes ({@link ScenarioScope#argsFor}), not the other scenarios' own options.
   */
  List<String> driverArgs(String scenario, Path folder, Path java) {
    List<String> args = new ArrayList<>();
    args.addAll(List.of("--scenario", scenario, "--out", folder.toString()));
    List<String> own = ScenarioScope.argsFor(scenario, extraArgs);
    if (!ScenarioScope.gives(own, "--server")) {
      // the JVM the driver starts; a --server runs already, and its driver refuses both
      args.addAll(List.of("--jvm-profile", jvmProfile));
      if (java != null) {
        // the suite checked it (its -version) once for the run: each driver takes that answer
        args.addAll(List.of("--java", java.toString(), ScenarioOptions.JAVA_CHECKED));
      }
    }
    if (quick) {
      args.add("--quick");
    }
    args.addAll(own);
    return args;
  }

  private static String launcher(Path java) {
    return java == null
        ? Path.of(System.getProperty("java.home"), "bin", "java").toString()
        : java.toString();
  }

  /**
   * Starts a driver whose stdin is a pipe from this JVM, never written: when this JVM ends, even by
   * kill -9, the pipe closes and the driver ({@code --exit-with-parent}) stops, and the server it
   * started with it; the shared server, started from here the same way, stops with this JVM.
   */
  static Process start(List<String> cmd) throws IOException {
    return new ProcessBuilder(cmd)
        .redirectInput(ProcessBuilder.Redirect.PIPE)
        .redirectOutput(ProcessBuilder.Redirect.INHERIT)
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
  }
}
