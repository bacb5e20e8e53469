package org.wirebench.suite;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where a run happened, written beside its results as {@code env.json}.
 *
 * @param formatVersion {@value #FORMAT_VERSION}; bump when a field changes meaning
 * @param forkedJvm the java binary the benchmarks ran on (the forks), "same" when it is this one
 * @param jdk java.version of this (the launching) JVM; the forks' own is in jmh.json (jdkVersion)
 */
public record Environment(
    int formatVersion,
    String suite,
    String startedUtc,
    String jdk,
    String jdkVendor,
    String vm,
    String forkedJvm,
    int forkedJdkMajor,
    String host,
    List<String> launcherJvmArgs,
    String cpuModel,
    int cores,
    long maxHeapBytes,
    String os,
    String commit,
    boolean workingTreeDirty) {

  public static final int FORMAT_VERSION = 1;

  static Environment capture(SuiteOptions options, Path jvm, ZonedDateTime started) {
    Runtime rt = Runtime.getRuntime();
    String commit = git("rev-parse", "HEAD");
    String status = git("status", "--porcelain", "--untracked-files=no");
    return new Environment(
        FORMAT_VERSION,
        options.name(),
        started.toString(),
        System.getProperty("java.version"),
        System.getProperty("java.vendor"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
        jvm == null ? "same" : jvm.toString(),
        jvm == null ? Runtime.version().feature() : jdkMajorOf(jvm),
        readHost(),
        java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments(),
        readCpuModel(),
        rt.availableProcessors(),
        rt.maxMemory(),
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"),
        commit.isEmpty() ? "unknown" : commit,
        !status.isEmpty());
  }

  /** The feature version of another java binary, from its {@code -version} banner; 0 if unknown. */
  private static int jdkMajorOf(Path javaBinary) {
    String banner = run(javaBinary.toString(), "-version");
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("version \"(1\\.)?(\\d+)").matcher(banner);
    return m.find() ? Integer.parseInt(m.group(2)) : 0;
  }

  private static String readHost() {
    String name = System.getenv("HOSTNAME");
    if (name == null || name.isBlank()) {
      name = run("hostname");
    }
    return name.isBlank() ? "unknown-host" : name.trim();
  }

  void write(Path file) throws IOException {
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), this);
  }

  private static String readCpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: fall through
    }
    return System.getProperty("os.arch");
  }

  private static String git(String... args) {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    return run(command);
  }

  /** Output of a command in the working directory, or "" when it is absent or fails. */
  private static String run(String... command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      boolean done = p.waitFor(10, TimeUnit.SECONDS);
      return done && p.exitValue() == 0 ? out : "";
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
