package org.wirebench.bench.suite;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.wirebench.server.load.cli.LoadCommand;

/**
 * The suite's load step: each registered scenario asked for, in a load-driver JVM of its own that
 * starts its own server JVM (never this one), writing {@code load-<scenario>.json} and {@code
 * .hlog} into the run folder.
 *
 * @param scenarios registered scenario names; empty skips the step
 * @param jvmProfile the server JVM's flags: default, seed2007, g1-tuned, zgc
 * @param quick the scenarios' quick settings (minutes) instead of the full ones
 * @param extraArgs passed to each driver after the suite's own (e.g. {@code --server URL}, a
 *     scenario's options); a driver refuses what it does not know, and the run fails
 */
public record LoadStep(
    List<String> scenarios, String jvmProfile, boolean quick, List<String> extraArgs)
    implements SuiteRunner.LoadPhase {

  /** Runs every scenario into {@code folder}; fails (so the run is discarded) on any error. */
  @Override
  public void run(Path folder, Path java) throws IOException, InterruptedException {
    for (String scenario : scenarios) {
      List<String> cmd = new ArrayList<>();
      cmd.add(
          java == null
              ? Path.of(System.getProperty("java.home"), "bin", "java").toString()
              : java.toString());
      // the driver allocates per request: the throughput collector keeps it nearer wrk
      // (docs/results.md)
      cmd.add("-XX:+UseParallelGC");
      cmd.addAll(
          List.of("-cp", System.getProperty("java.class.path"), LoadCommand.class.getName()));
      cmd.addAll(List.of("--scenario", scenario, "--out", folder.toString()));
      cmd.addAll(List.of("--jvm-profile", jvmProfile));
      if (java != null) {
        cmd.addAll(List.of("--java", java.toString()));
      }
      if (quick) {
        cmd.add("--quick");
      }
      cmd.addAll(extraArgs);
      System.err.println(
          "wirebench suite: load scenario " + scenario + ": " + String.join(" ", cmd));
      cmd.add(LoadCommand.EXIT_WITH_PARENT);
      int code = start(cmd).waitFor();
      if (code != 0) {
        throw new IOException("the " + scenario + " load scenario failed (exit " + code + ")");
      }
    }
  }

  /**
   * Starts a driver whose stdin is a pipe from this JVM, never written: when this JVM ends, even by
   * kill -9, the pipe closes and the driver ({@code --exit-with-parent}) stops, and the server it
   * started with it.
   */
  static Process start(List<String> cmd) throws IOException {
    return new ProcessBuilder(cmd)
        .redirectInput(ProcessBuilder.Redirect.PIPE)
        .redirectOutput(ProcessBuilder.Redirect.INHERIT)
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
  }
}
