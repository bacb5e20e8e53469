package org.wirebench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.wirebench.suite.SuiteOptions;
import org.wirebench.suite.SuiteRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Runs the benchmark suite and writes one results folder under {@code jmh-results/}. */
@Command(
    name = "suite",
    mixinStandardHelpOptions = true,
    description = "Run the benchmarks; write JMH JSON, env.json and report.md to OUT/<run-id>/.")
final class SuiteCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--quick",
      description = "1 fork, short iterations, 200 features, SOAP sizes 1/100/5000 (~12 min)")
  boolean quick;

  @Option(
      names = "--out",
      defaultValue = "jmh-results",
      description = "results root (default: ${DEFAULT-VALUE})")
  Path out;

  @Option(
      names = "--jvm",
      description =
          "java binary for the forked JVMs, e.g. /usr/lib/jvm/temurin-25-jdk-amd64/bin/java")
  Path jvm;

  @Option(
      names = "--include",
      defaultValue = "GeoEncodingBenchmark|DatabindingBenchmark",
      description = "benchmark regex (default: ${DEFAULT-VALUE})")
  String include;

  @Override
  public Integer call() throws Exception {
    if (jvm != null && !jvm.toFile().canExecute()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--jvm " + jvm + " is not an executable java binary");
    }
    SuiteOptions options = quick ? SuiteOptions.quick(include) : SuiteOptions.full(include);
    Path folder = new SuiteRunner(options, out, jvm).run();
    System.out.println("results: " + folder.toAbsolutePath());
    return 0;
  }
}
