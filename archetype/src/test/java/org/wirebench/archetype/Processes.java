package org.wirebench.archetype;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The child processes of the integration test: bounded, logged to a file, never left running. */
final class Processes {
  private Processes() {}

  /** A finished command: its exit code and everything it printed. */
  record Result(List<String> command, int exitCode, String log, Path logFile) {
    Result expectExit(int code) {
      if (exitCode != code) {
        fail(
            String.join(" ", command)
                + " exited "
                + exitCode
                + ", not "
                + code
                + "; its output ("
                + logFile
                + ") ends:\n"
                + tail(log, 60));
      }
      return this;
    }
  }

  /** Runs {@code command} in {@code dir}, stdout and stderr into {@code log}; kills it at limit. */
  static Result run(Path dir, Duration limit, Path log, List<String> command)
      throws IOException, InterruptedException {
    Files.createDirectories(log.getParent());
    Process process =
        builder(dir, command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        fail(String.join(" ", command) + " still running after " + limit + "; output: " + log);
      }
    } finally {
      stop(process);
    }
    return new Result(
        command, process.exitValue(), Files.readString(log, StandardCharsets.UTF_8), log);
  }

  /**
   * A process builder for {@code command} in {@code dir} on this test's JDK, without the outer
   * build's Maven variables (its project directory, options, arguments).
   */
  static ProcessBuilder builder(Path dir, List<String> command) {
    ProcessBuilder b = new ProcessBuilder(command).directory(dir.toFile());
    Map<String, String> env = b.environment();
    env.keySet().removeIf(k -> k.startsWith("MAVEN_") && !k.equals("MAVEN_USER_HOME"));
    env.put("JAVA_HOME", System.getProperty("java.home"));
    return b;
  }

  /** Ends {@code process} and every process it started, gently first. */
  static void stop(Process process) throws InterruptedException {
    List<ProcessHandle> children = process.descendants().toList();
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
    children.forEach(ProcessHandle::destroyForcibly);
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  static String tail(String text, int lines) {
    String[] all = text.split("\n");
    return String.join("\n", List.of(all).subList(Math.max(0, all.length - lines), all.length));
  }
}
