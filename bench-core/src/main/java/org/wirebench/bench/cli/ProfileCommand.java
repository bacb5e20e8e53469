package org.wirebench.bench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.wirebench.bench.suite.BenchmarkParams;
import org.wirebench.bench.suite.JmhLock;
import org.wirebench.bench.suite.Profiling;
import org.wirebench.bench.suite.SuiteOptions;
import org.wirebench.bench.suite.SuiteRunner;
import org.wirebench.results.RunRecord;
import org.wirebench.server.JavaLauncher;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * One benchmark (any parameters) under async-profiler: a results folder like the suite's, with CPU
 * and allocation flame graphs under {@code profile/} that report.html links.
 */
@Command(
    name = "profile",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description =
        "Run one benchmark under async-profiler (JMH's -prof async, the library from Maven"
            + " Central) and write a results folder with CPU and allocation flame graphs (HTML),"
            + " linked from its report.html.")
final class ProfileCommand implements Callable<Integer> {
  private static final List<String> EVENTS = List.of("cpu", "alloc", "lock", "wall");

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--benchmark",
      required = true,
      description = "benchmark class or regex, e.g. GeoEncodingBenchmark")
  String benchmark;

  @Option(
      names = {"-p", "--param"},
      paramLabel = "NAME=V1,V2",
      description = "NAME=V1,V2: only these values of a benchmark parameter (repeatable)")
  List<String> params = new java.util.ArrayList<>();

  @Option(
      names = "--events",
      split = ",",
      defaultValue = "cpu,alloc",
      description =
          "what to sample, a flame graph each: cpu (itimer where perf events are refused), alloc,"
              + " lock, wall (default: ${DEFAULT-VALUE})")
  List<String> events;

  @Option(
      names = "--out",
      defaultValue = "jmh-results",
      description = "results root (default: ${DEFAULT-VALUE})")
  Path out;

  @Option(
      names = "--iterations",
      defaultValue = "5",
      description = "measurement iterations of 1 s, 1..1000 (default: ${DEFAULT-VALUE})")
  int iterations;

  @Option(
      names = "--java",
      description =
          "java launcher for the forked JVM, e.g. /usr/lib/jvm/temurin-25-jdk-amd64/bin/java"
              + " (default: the one running this)")
  Path javaLauncher;

  @Option(names = "--jvm", hidden = true, description = "old spelling of --java")
  Path jvm;

  @Override
  public Integer call() throws Exception {
    if (iterations < 1 || iterations > 1000) {
      throw bad("--iterations must be 1..1000, was " + iterations);
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String e : events) {
      if (!EVENTS.contains(e)) {
        throw bad("--events: '" + e + "' is not one of " + String.join(", ", EVENTS));
      }
      // each event is a run of its own into profile/EVENT: a second ran it again over the first
      if (!seen.add(e)) {
        throw bad("--events names " + e + " twice");
      }
    }
    JavaLauncher.Checked launcher = JavaOption.either(spec.commandLine(), javaLauncher, jvm);
    // JMH reads it as a regex: a bad one failed inside JMH (exit 1, three lines), an empty one
    // matched every benchmark and failed later as "a suite needs a name and an include pattern"
    if (benchmark.isBlank()) {
      throw bad("--benchmark is empty: name a benchmark class or regex, e.g. GeoEncodingBenchmark");
    }
    try {
      java.util.regex.Pattern.compile(benchmark);
    } catch (java.util.regex.PatternSyntaxException e) {
      throw bad("--benchmark '" + benchmark + "' is not a regex: " + e.getDescription());
    }
    java.util.Set<String> known = BenchmarkParams.names(benchmark);
    if (known.isEmpty() && !BenchmarkParams.matches(benchmark)) {
      throw bad("--benchmark '" + benchmark + "' matches no benchmark");
    }
    Map<String, String[]> overrides = ParamOptions.parse(spec.commandLine(), params);
    try {
      BenchmarkParams.check(benchmark, overrides);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    JmhLock.checkFree();
    OutputFile.folder(spec.commandLine(), "--out", out);
    SuiteOptions options =
        new SuiteOptions(
            "profile",
            benchmark,
            1,
            new SuiteOptions.Iterations(3, 1000),
            new SuiteOptions.Iterations(iterations, 1000),
            overrides);
    Profiling profiling;
    try {
      profiling = Profiling.of(events);
    } catch (IllegalStateException e) {
      throw bad(e.getMessage());
    }
    System.err.println("profile: sampling " + String.join(", ", profiling.events()));
    Path folder = new SuiteRunner(options, out, launcher, (f, java) -> {}).profile(profiling).run();
    printPaths(folder.toAbsolutePath(), RunRecord.read(folder).flameGraphs());
    return 0;
  }

  /**
   * What to open: the report (which links every graph near its top) and each flame graph's own
   * file, not only the folder. A run that wrote no graph says so: its profiler sampled nothing.
   */
  static void printPaths(Path folder, List<String> graphs) {
    System.out.println("results: " + folder);
    System.out.println("report: " + folder.resolve(org.wirebench.results.RunFiles.REPORT_HTML));
    for (String g : graphs) {
      System.out.println("flame graph: " + folder.resolve(g));
    }
    if (graphs.isEmpty()) {
      System.out.println("flame graph: none written (the profiler produced no output)");
    }
  }

  private CommandLine.ParameterException bad(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }
}
