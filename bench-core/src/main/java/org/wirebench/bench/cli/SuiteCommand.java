package org.wirebench.bench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.wirebench.bench.pair.Claims;
import org.wirebench.bench.suite.BenchmarkParams;
import org.wirebench.bench.suite.EnvironmentCapture;
import org.wirebench.bench.suite.IncompleteRuns;
import org.wirebench.bench.suite.JmhLock;
import org.wirebench.bench.suite.LoadStep;
import org.wirebench.bench.suite.SuiteOptions;
import org.wirebench.bench.suite.SuiteRunner;
import org.wirebench.server.JavaLauncher;
import org.wirebench.server.JvmProfile;
import org.wirebench.server.Mains;
import org.wirebench.server.UnusedOptions;
import org.wirebench.server.load.cli.LoadCommand;
import org.wirebench.server.load.cli.ScenarioScope;
import org.wirebench.server.load.scenario.Scenarios;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Runs the benchmark suite and writes one results folder under {@code jmh-results/}. */
@Command(
    name = "suite",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description =
        "Run the benchmarks (JMH), then the studies' claims as interleaved pairs, then the load"
            + " scenarios, into a new run folder OUT/<run-id>/ (--out): JMH's JSON, pairs.json,"
            + " the load results and their HdrHistogram logs, sizes.json, the fidelity tables,"
            + " env.json, report.md and report.html (docs/measuring.md: what each file holds).")
final class SuiteCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--quick",
      description =
          "1 fork, short iterations, 200 features, SOAP size 100, 50 FindingService items,"
              + " the claims as pairs in 4 min 30 s (~15 min on 2 cores)")
  boolean quick;

  @Option(
      names = "--out",
      defaultValue = "jmh-results",
      description = "results root (default: ${DEFAULT-VALUE})")
  Path out;

  @Option(
      names = "--java",
      description =
          "java launcher for the forked JVMs and the load scenarios' servers, e.g."
              + " /usr/lib/jvm/temurin-25-jdk-amd64/bin/java (default: the one running this)")
  Path javaLauncher;

  @Option(names = "--jvm", hidden = true, description = "old spelling of --java")
  Path jvm;

  @Option(
      names = "--include",
      defaultValue =
          "GeoEncodingBenchmark|DatabindingBenchmark|VoidEchoBenchmark|BackendResponseBenchmark"
              + "|GatewayJsonBenchmark|RasterBenchmark",
      description = "benchmark regex, or none: no JMH (default: ${DEFAULT-VALUE})")
  String include;

  @Option(
      names = "--forks",
      description = "forked JVMs per variant, 1..20 (default: 2; --quick: 1)")
  Integer forks;

  @Option(
      names = "--iterations",
      description =
          "measurement iterations per fork, 1..1000 (default: 5 × 2 s; --quick: 4 × 0.4 s)")
  Integer iterations;

  @Option(
      names = "--warmup-iterations",
      description = "warm-up iterations per fork, 1..1000 (default: 3 × 2 s; --quick: 1 × 1 s)")
  Integer warmupIterations;

  @Option(
      names = {"-p", "--param"},
      paramLabel = "NAME=V1,V2",
      description = "NAME=V1,V2: only these values of a benchmark parameter (repeatable)")
  List<String> params = new java.util.ArrayList<>();

  @Option(
      names = "--name",
      description = "the run's name in its id and report (default: quick or full)")
  String name;

  @Option(
      names = "--load",
      split = ",",
      defaultValue = "all",
      description =
          "load scenarios after the benchmarks: all (every one but wire, which needs root:"
              + " name it), none, or some of: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})",
      completionCandidates = Scenarios.Names.class)
  List<String> load;

  @Option(
      names = "--load-arg",
      description =
          "passed as it is to the driver of each load scenario that takes it (repeatable): a"
              + " scenario's own option, e.g. --load-arg=--layers=osm_places (wfs), to that"
              + " scenario's, any other, e.g. --load-arg=--server=http://127.0.0.1:8080/, to every"
              + " one; one that no --load scenario takes is refused before any work")
  List<String> loadArgs = new java.util.ArrayList<>();

  @Option(
      names = "--pairs",
      description =
          "claims measured as interleaved pairs after the benchmarks: quick (the study layers),"
              + " full (every layer), none, or groups of the full plan by name, e.g."
              + " wfs-osm_places,soap-100 (the calibration group always runs first; default: quick"
              + " with --quick, else full)")
  String pairs;

  @Option(
      names = "--pairs-budget",
      converter = org.wirebench.server.CliTypes.DurationConverter.class,
      description =
          "time for the pairs, 30s..4h (default: 4m30s with --quick, else 20m); every group gets"
              + " 4 forks, the rest goes to the groups whose claims are still undecided")
  java.time.Duration pairsBudget;

  @Option(
      names = "--profile",
      description =
          "after the scored run, profile the encoders (GeoEncodingBenchmark, the same"
              + " parameters) with async-profiler: CPU and allocation flame graphs in the results"
              + " folder, linked from report.html; off by default")
  boolean profile;

  @Option(
      names = "--jvm-profile",
      defaultValue = "default",
      description =
          "server JVM flags for the load scenarios: default, seed2007, g1-tuned, zgc"
              + " (default: ${DEFAULT-VALUE})")
  String jvmProfile;

  /** What --profile profiles: the encoders, with the run's parameters. */
  private static final String PROFILED = "GeoEncodingBenchmark";

  @Override
  public Integer call() throws Exception {
    // given, a count is used or refused: never replaced by the suite's own (0 once meant "unset")
    range("--forks", forks, 20);
    range("--iterations", iterations, 1000);
    range("--warmup-iterations", warmupIterations, 1000);
    if (name != null && !name.matches("[A-Za-z0-9-]{1,40}")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--name must be 1..40 letters, digits or '-', was '" + name + "'");
    }
    JavaLauncher.Checked launcher = JavaOption.either(spec.commandLine(), javaLauncher, jvm);
    java.util.Optional<String> stale = EnvironmentCapture.staleBuild();
    if (stale.isPresent()) {
      throw new CommandLine.ParameterException(spec.commandLine(), stale.get());
    }
    boolean jmh = !include.equals(SuiteRunner.NO_JMH);
    // JMH reads the pattern as a regex: one it cannot compile failed inside JMH (exit 1, three
    // lines), and an empty one matched every benchmark, then failed the suite's own check
    if (include.isBlank()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--include is empty: name a benchmark regex, or none to skip JMH");
    }
    try {
      java.util.regex.Pattern.compile(include);
    } catch (java.util.regex.PatternSyntaxException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--include '" + include + "' is not a regex: " + e.getDescription());
    }
    if (jmh && !BenchmarkParams.matches(include)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--include '" + include + "' matches no benchmark (none: skip JMH)");
    }
    if (profile && jmh && !BenchmarkParams.runs(include, PROFILED)) {
      UnusedOptions.refuse(
          spec,
          "--profile",
          "--include " + include,
          "it profiles the encoders, " + PROFILED + ", which that runs none of");
    }
    if (!jmh && !params.isEmpty()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "-p needs benchmarks to apply to; --include none runs none");
    }
    java.util.Map<String, String[]> overrides = ParamOptions.parse(spec.commandLine(), params);
    try {
      if (jmh) {
        BenchmarkParams.check(include, overrides);
      }
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    String pairing = pairs == null ? (quick ? "quick" : "full") : pairs;
    Claims.Plan pairPlan;
    try {
      pairPlan = PairsOption.plan(pairing);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--pairs " + e.getMessage());
    }
    if (pairPlan != null) {
      String planted =
          org.wirebench.bench.pair.PlantedSlowdown.refused(
              System.getProperty(org.wirebench.bench.pair.PlantedSlowdown.PROPERTY), pairPlan);
      if (planted != null) {
        throw new CommandLine.ParameterException(spec.commandLine(), planted);
      }
    }
    // quick: 4 min 30 s. With 20 rounds a fork (30 before) the groups' first 4 forks take about
    // 240 s instead of 266, so 30 s less leaves the undecided groups as much as before and brings
    // the quick suite (15 min 4 s with 5 min here) under 15 minutes (docs/measuring.md)
    long budgetMs = pairsBudget == null ? (quick ? 270_000 : 1_200_000) : pairsBudget.toMillis();
    if (budgetMs < 30_000 || budgetMs > 4 * 3_600_000L) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--pairs-budget must be 30s..4h, was '"
              + org.wirebench.server.CliTypes.format(pairsBudget)
              + "'");
    }
    SuiteOptions base = quick ? SuiteOptions.quick(include) : SuiteOptions.full(include);
    SuiteOptions options = base.withParams(overrides);
    if (name != null) {
      options = options.named(name);
    }
    if (forks != null) {
      options = options.withForks(forks);
    }
    if (warmupIterations != null) {
      options = options.withWarmupIterations(warmupIterations);
    }
    if (iterations != null) {
      options = options.withMeasurementIterations(iterations);
    }
    if (load.size() > 1 && (load.contains("all") || load.contains("none"))) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--load "
              + String.join(",", load)
              + ": all and none stand alone; give all, none, or a list of "
              + String.join(", ", Scenarios.names()));
    }
    List<String> scenarios =
        load.equals(List.of("none"))
            ? List.of()
            : load.equals(List.of("all")) ? Scenarios.suiteDefaults() : load;
    for (String s : scenarios) {
      if (!Scenarios.names().contains(s)) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "--load takes all, none or some of "
                + String.join(", ", Scenarios.names())
                + ", was '"
                + s
                + "'");
      }
    }
    java.util.Set<String> once = new java.util.HashSet<>();
    for (String s : scenarios) {
      // a second run of one scenario would find its own load-<scenario>.json in the run folder and
      // fail the step after the whole of JMH
      if (!once.add(s)) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--load names " + s + " twice");
      }
    }
    unusedSteps(jmh, pairPlan != null, !scenarios.isEmpty());
    checkLoadArgs(scenarios);
    LoadStep step = new LoadStep(scenarios, jvmProfile, quick, List.copyOf(loadArgs));
    SuiteRunner runner = new SuiteRunner(options, out, launcher, step);
    if (pairPlan != null) {
      runner.pairs(pairPlan, org.wirebench.bench.pair.PairSettings.of(budgetMs));
    }
    if (profile) {
      try {
        runner.profile(
            org.wirebench.bench.suite.Profiling.of(List.of("cpu", "alloc")).only(PROFILED));
      } catch (IllegalStateException e) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--profile: " + e.getMessage());
      }
    }
    // after every check: a refusal is one line, with or without runs left by killed ones
    IncompleteRuns.warn(out, System.err);
    JmhLock.checkFree();
    OutputFile.folder(spec.commandLine(), "--out", out);
    Path folder = runner.run();
    System.out.println("results: " + folder.toAbsolutePath());
    return 0;
  }

  /**
   * The drivers' options as each driver will parse them, before any benchmark runs: a typo in
   * --load-arg or --jvm-profile once failed the run only after hours of JMH; a scenario's own
   * option that none of {@code scenarios} takes is refused, not dropped.
   */
  void checkLoadArgs(List<String> scenarios) {
    for (String s : scenarios) {
      // what the host cannot give (root, the wire scenario's capabilities) is no --load-arg's
      // fault: named for the scenario, before its options are read
      if (Scenarios.get(s) instanceof org.wirebench.server.load.scenario.SelfRunningScenario self) {
        String why = self.cannotRun(new org.wirebench.server.load.scenario.ScenarioOptions());
        if (why != null) {
          throw new CommandLine.ParameterException(spec.commandLine(), "--load " + s + ": " + why);
        }
      }
    }
    try {
      JvmProfile.byName(jvmProfile);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--jvm-profile: " + e.getMessage());
    }
    if (ScenarioScope.gives(loadArgs, "--server")) {
      UnusedOptions.refuse(
          spec,
          "--jvm-profile",
          "--load-arg=--server",
          "that server runs already; the load step starts none");
    }
    if (scenarios.size() > 1 && ScenarioScope.gives(loadArgs, "--json")) {
      // each driver writes its own result there, over the one before: all but the last were lost
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--load-arg=--json: each of the "
              + scenarios.size()
              + " scenarios would write its result to that one file, over the one before; the run"
              + " folder holds each as load-<scenario>.json");
    }
    try {
      ScenarioScope.refuseUntaken(scenarios, loadArgs);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--load-arg " + e.getMessage());
    }
    for (String s : scenarios) {
      List<String> args = new java.util.ArrayList<>(List.of("--scenario", s, "--out", "."));
      args.addAll(ScenarioScope.argsFor(s, loadArgs));
      try {
        LoadCommand load = new LoadCommand();
        // read as the driver will read them (its number readers and value check), not after JMH
        Mains.checkValues(
            Mains.configure(new CommandLine(load)).parseArgs(args.toArray(String[]::new)));
        load.checkBeforeRun();
      } catch (CommandLine.ParameterException e) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--load-arg: " + e.getMessage());
      }
    }
  }

  /**
   * Refuses an option shaping a step this run does not take (it was ignored: --pairs none
   * --pairs-budget 10m, --include none --forks 3, --load none --load-arg=--users=4), and a run that
   * takes none (it made a run folder holding no results, which report then refused).
   */
  private void unusedSteps(boolean jmh, boolean pairing, boolean loading) {
    if (!jmh && !pairing && !loading) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--include none, --pairs none and --load none: nothing to run, no results to write");
    }
    if (!jmh) {
      for (String o : List.of("--forks", "--iterations", "--warmup-iterations", "--profile")) {
        UnusedOptions.refuse(spec, o, "--include none", "it runs no benchmarks");
      }
    }
    if (!pairing) {
      UnusedOptions.refuse(spec, "--pairs-budget", "--pairs none", "it measures no pairs");
    }
    if (!loading) {
      for (String o : List.of("--load-arg", "--jvm-profile")) {
        UnusedOptions.refuse(spec, o, "--load none", "it runs no load scenario");
      }
    }
  }

  private void range(String option, Integer value, int max) {
    if (value != null && (value < 1 || value > max)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), option + " must be 1.." + max + ", was " + value);
    }
  }
}
