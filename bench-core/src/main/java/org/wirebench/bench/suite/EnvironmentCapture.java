package org.wirebench.bench.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.ServerJvm;
import org.wirebench.server.JavaLauncher;

/**
 * Captures where a run happened as {@link RunEnvironment} (env.json): JDKs, JVM flags of the
 * launcher, the forks and the load servers, CPU, commit, and the measured libraries' versions.
 */
public final class EnvironmentCapture {
  private EnvironmentCapture() {}

  /** The libraries env.json names, by groupId:artifactId. */
  static final List<String> MEASURED_LIBRARIES =
      List.of(
          "org.apache.axis2:axis2-kernel",
          "org.apache.axis2:axis2-adb",
          "org.apache.ws.commons.axiom:axiom-api",
          "org.glassfish.jaxb:jaxb-runtime",
          "org.apache.cxf:cxf-core",
          "com.fasterxml.woodstox:woodstox-core",
          "com.fasterxml.jackson.core:jackson-core",
          "org.locationtech.jts:jts-core",
          "com.google.protobuf:protobuf-java",
          "org.wololo:flatgeobuf",
          "com.google.flatbuffers:flatbuffers-java",
          "org.eclipse.jetty:jetty-server",
          "org.eclipse.jetty:jetty-client",
          "org.eclipse.jetty.compression:jetty-compression-server",
          "com.aayushatharva.brotli4j:brotli4j",
          "com.github.luben:zstd-jni",
          "org.openjdk.jmh:jmh-core",
          // the JPEG codec JpegCodecBenchmark measures against the JDK's
          "com.twelvemonkeys.imageio:imageio-jpeg");

  static RunEnvironment capture(
      SuiteOptions options, JavaLauncher.Checked jvm, ZonedDateTime started) {
    return capture(options, jvm, started, List.of(), Map.of());
  }

  /**
   * @param jvm the forks' java as its check found it (its version is not asked again); null: this
   *     one
   * @param forkJvmArgs from JMH's results
   * @param serverJvms from the load scenarios' JSON
   */
  static RunEnvironment capture(
      SuiteOptions options,
      JavaLauncher.Checked jvm,
      ZonedDateTime started,
      List<List<String>> forkJvmArgs,
      Map<String, ServerJvm> serverJvms) {
    return capture(options.name(), jvm, started, forkJvmArgs, serverJvms);
  }

  /**
   * The environment of a results folder that holds load results only (JMeter's beside the
   * driver's): no JMH forks.
   */
  public static RunEnvironment captureLoadOnly(
      String name, ZonedDateTime started, Map<String, ServerJvm> serverJvms) {
    return capture(name, null, started, List.of(), serverJvms);
  }

  private static RunEnvironment capture(
      String name,
      JavaLauncher.Checked jvm,
      ZonedDateTime started,
      List<List<String>> forkJvmArgs,
      Map<String, ServerJvm> serverJvms) {
    Runtime rt = Runtime.getRuntime();
    // the code that ran: this build's commit; the checkout's only for a build that has none
    java.util.Optional<BuildCommit> build = BuildCommit.ofThisBuild();
    String commit = build.map(BuildCommit::id).orElseGet(() -> git("rev-parse", "HEAD"));
    // the build's flag says what was edited when it was built, the checkout's what was edited after
    boolean dirty =
        build.map(BuildCommit::dirty).orElse(false)
            || !git("status", "--porcelain", "--untracked-files=no").isEmpty();
    return new RunEnvironment(
        RunEnvironment.FORMAT_VERSION,
        name,
        started.toString(),
        System.getProperty("java.version"),
        System.getProperty("java.vendor"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
        jvm == null ? RunEnvironment.SAME_JVM : jvm.path().toString(),
        jvm == null ? Runtime.version().feature() : jvm.major(),
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
        dirty,
        forkJvmArgs,
        serverJvms,
        LibraryVersions.find(MEASURED_LIBRARIES),
        null,
        null);
  }

  /**
   * Why a run must not start here: this build is of another commit than the wirebench checkout in
   * the working directory (a jar built before a pull or a checkout); empty when they agree or
   * either is unknown.
   */
  public static java.util.Optional<String> staleBuild() {
    return BuildCommit.ofThisBuild()
        .flatMap(
            b -> {
              String top = git("rev-parse", "--show-toplevel");
              String head = git("rev-parse", "HEAD");
              return b.staleAgainst(
                  top.isEmpty() ? null : Path.of(top), head.isEmpty() ? null : head);
            });
  }

  private static String readHost() {
    String name = System.getenv("HOSTNAME");
    if (name == null || name.isBlank()) {
      name = run("hostname");
    }
    return name.isBlank() ? "unknown-host" : name.trim();
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
