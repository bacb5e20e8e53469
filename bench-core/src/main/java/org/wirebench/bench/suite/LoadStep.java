package org.wirebench.bench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Steps 4 and 5 of a suite run: the fixture server's load scenarios, each in its own load-driver
 * JVM that starts its own server JVM (never this one), writing {@code load-<scenario>.json} and
 * {@code .hlog} into the run folder. bench-core only launches the fixtures-server jar.
 *
 * @param scenarios wfs and/or soap; empty skips the step
 * @param serverJar fixtures-server/target/fixtures-server.jar
 * @param jvmProfile the server JVM's flags: default, seed2007, g1-tuned, zgc
 * @param quick the scenarios' quick mode (minutes) instead of the full one
 */
public record LoadStep(List<String> scenarios, Path serverJar, String jvmProfile, boolean quick) {

  /** Runs every scenario into {@code folder}; fails (so the run is discarded) on any error. */
  void run(Path folder, Path java) throws IOException, InterruptedException {
    if (scenarios.isEmpty()) {
      return;
    }
    if (!Files.isRegularFile(serverJar)) {
      throw new IOException(
          "the load scenarios need "
              + serverJar
              + "; build it with ./mvnw -DskipTests install, or pass --load none");
    }
    for (String scenario : scenarios) {
      List<String> cmd = new ArrayList<>();
      cmd.add(
          java == null
              ? Path.of(System.getProperty("java.home"), "bin", "java").toString()
              : java.toString());
      cmd.add("-XX:+UseParallelGC");
      cmd.addAll(List.of("-cp", serverJar.toString(), "org.wirebench.server.load.LoadCommand"));
      cmd.addAll(List.of("--scenario", scenario, "--out", folder.toString()));
      cmd.addAll(List.of("--jvm-profile", jvmProfile));
      if (java != null) {
        cmd.addAll(List.of("--java", java.toString()));
      }
      if (quick) {
        cmd.add("--quick");
      }
      System.err.println(
          "wirebench suite: load scenario " + scenario + ": " + String.join(" ", cmd));
      int code = new ProcessBuilder(cmd).inheritIO().start().waitFor();
      if (code != 0) {
        throw new IOException("the " + scenario + " load scenario failed (exit " + code + ")");
      }
    }
  }
}
