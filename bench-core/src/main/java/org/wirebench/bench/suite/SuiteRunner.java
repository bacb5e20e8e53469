package org.wirebench.bench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.wirebench.bench.geo.CodecFidelityRecorder;
import org.wirebench.bench.geo.PayloadSizeRecorder;
import org.wirebench.bench.pair.Claims;
import org.wirebench.bench.pair.PairedRunner;
import org.wirebench.bench.report.ReportWriter;
import org.wirebench.bench.soap.FidelityRecorder;
import org.wirebench.results.FidelityTable;
import org.wirebench.results.JmhResult;
import org.wirebench.results.OtherWork;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PayloadSizes;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunFiles;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ServerJvm;
import org.wirebench.server.JavaLauncher;

/**
 * Runs the JMH benchmarks in forked JVMs, then the load scenarios ({@link LoadStep}), and writes
 * one folder per run: {@code jmh.json} (JMH's own format), {@code sizes.json}, {@code load-*.json}
 * and {@code .hlog}, {@code env.json}, {@code report.md} and {@code report.html}. The folder is
 * built under a temporary name and renamed when complete, so a crashed run never leaves a
 * half-written result behind.
 */
public final class SuiteRunner {
  /** What runs after JMH and writes load-*.json into the run folder ({@link LoadStep}). */
  @FunctionalInterface
  public interface LoadPhase {
    /**
     * @param java the JVM for the load processes, null for this one
     */
    void run(Path folder, Path java) throws IOException, InterruptedException;
  }

  private static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  private final SuiteOptions options;
  private final Path root;
  private final JavaLauncher.Checked launcher;
  private final Path jvm;
  private final LoadPhase load;
  private Profiling profiling;
  private Claims.Plan pairPlan;
  private PairedRuns.Settings pairSettings;

  /** The benchmarks named in JMH's include pattern that runs none: only the pairs and the load. */
  public static final String NO_JMH = "none";

  /** Measures these claims as pairs after the benchmarks ({@link PairedRunner}). */
  public SuiteRunner pairs(Claims.Plan plan, PairedRuns.Settings settings) {
    this.pairPlan = plan;
    this.pairSettings = settings;
    return this;
  }

  /** Runs the benchmarks under async-profiler too, writing flame graphs into the run folder. */
  public SuiteRunner profile(Profiling profiling) {
    this.profiling = profiling;
    return this;
  }

  /**
   * @param launcher java for the forks (and the load scenarios' JVMs), as checked; null for this
   *     one
   */
  public SuiteRunner(
      SuiteOptions options, Path root, JavaLauncher.Checked launcher, LoadPhase load) {
    this.options = options;
    this.root = root;
    this.launcher = launcher;
    this.jvm = launcher == null ? null : launcher.path();
    this.load = load;
  }

  /** UTC start, host, short commit, suite and JDK: sortable, and says where it came from. */
  static String runId(ZonedDateTime started, RunEnvironment env) {
    String commit = env.commit().length() >= 7 ? env.commit().substring(0, 7) : env.commit();
    return RUN_ID.format(started)
        + "-"
        + env.host().replaceAll("[^A-Za-z0-9.-]", "_")
        + "-"
        + commit
        + "-"
        + env.suite()
        + "-jdk"
        + env.forkedJdkMajor();
  }

  public Path run() throws IOException, RunnerException, InterruptedException {
    ZonedDateTime started = ZonedDateTime.now(ZoneOffset.UTC);
    Path tmp = IncompleteRuns.create(root);
    Path json = tmp.resolve(JmhResult.FILE);
    ChainedOptionsBuilder jmh = jmhOptions(options.include()).result(json.toString());
    try {
      Profiling profiled = profiling == null ? null : profiling.in(tmp);
      if (profiled != null) {
        // JMH samples one event a run into flame graphs: each event not sampled during the scored
        // run is a run of its own, whose scores are thrown away
        Path graphs = tmp.resolve(Profiling.FOLDER);
        boolean scored = profiled.only() == null;
        List<String> events = profiled.events();
        for (String event : scored ? events.subList(1, events.size()) : events) {
          Path extraJson = tmp.resolve(RunFiles.profiledScores(event));
          ChainedOptionsBuilder extra =
              jmhOptions(scored ? options.include() : profiled.only())
                  .result(extraJson.toString())
                  .addProfiler("async", profiled.options(event, graphs.resolve(event)));
          new Runner(extra.build()).run();
          Files.deleteIfExists(extraJson);
        }
        if (scored) {
          jmh.addProfiler("async", profiled.options(events.get(0), graphs.resolve(events.get(0))));
        }
      }
      Steps steps = new Steps();
      Collection<RunResult> results = List.of();
      if (!NO_JMH.equals(options.include())) {
        results = new Runner(jmh.build()).run();
        if (results.isEmpty()) {
          throw new IllegalStateException("no benchmark matched '" + options.include() + "'");
        }
        PayloadSizeRecorder.record(JmhResult.readAll(json)).write(tmp.resolve(PayloadSizes.FILE));
        steps.took(OtherWork.Step.BENCHMARKS, "benchmarks");
      }
      if (profiled != null) {
        Files.delete(profiled.library()); // every fork that loads it has run
      }
      RunEnvironment.Calibration calibration = null;
      if (pairPlan != null) {
        PairedRunner runner = new PairedRunner(pairSettings, jvm, System.out);
        PairedRuns pairs = runner.run(pairPlan);
        pairs.write(tmp.resolve(PairedRuns.FILE));
        calibration = runner.calibration();
        steps.took(OtherWork.Step.PAIRS, "pairs");
      }
      FidelityRecorder.record().write(tmp.resolve(FidelityTable.FILE));
      CodecFidelityRecorder.record().write(tmp.resolve(FidelityTable.CODECS_FILE));
      load.run(tmp, jvm);
      steps.took(OtherWork.Step.LOAD, "load scenarios and fidelity tables");
      Map<String, ServerJvm> serverJvms = new LinkedHashMap<>();
      RunRecord.readLoad(tmp).forEach((k, v) -> serverJvms.put(k, v.serverJvm()));
      RunEnvironment env =
          EnvironmentCapture.capture(
                  options,
                  launcher,
                  started,
                  results.stream()
                      .map(r -> List.copyOf(r.getParams().getJvmArgs()))
                      .distinct()
                      .toList(),
                  serverJvms)
              .withCalibration(calibration)
              .withOtherWork(steps.recorded());
      env.write(tmp.resolve(RunEnvironment.FILE));
      String id = runId(started, env);
      ReportWriter.write(RunRecord.readBeforeRename(tmp), tmp, id);
      IncompleteRuns.complete(tmp);
      return Files.move(tmp, root.resolve(id), StandardCopyOption.ATOMIC_MOVE);
    } finally {
      deleteIfLeft(tmp);
    }
  }

  /**
   * Each step's time, one line a step (where the quick suite's 15 minutes go can be read off any
   * run's log), and what else used the machine meanwhile (env.json's otherWork).
   */
  private static final class Steps {
    private final List<OtherWork> accounted = new java.util.ArrayList<>();
    private boolean unaccounted;
    private long startNs = System.nanoTime();
    private java.util.Optional<CpuAccounts.Reading> start = CpuAccounts.read();

    void took(OtherWork.Step step, String label) {
      java.util.Optional<CpuAccounts.Reading> now = CpuAccounts.read();
      OtherWork w =
          start.isPresent() && now.isPresent()
              ? CpuAccounts.between(step, start.get(), now.get())
              : null;
      long s = (System.nanoTime() - startNs) / 1_000_000_000;
      String others =
          w == null
              ? "; what else used the machine is not known here (no /proc accounts)"
              : String.format(
                  java.util.Locale.ROOT,
                  "; other work %.0f%% of the machine, steal %.0f%%%s",
                  100 * w.othersShare(),
                  100 * w.stealShare(),
                  w.busy()
                      ? ": it shared the machine, and its absolute figures are not judged"
                          + " against another run's"
                      : "");
      System.out.printf(
          java.util.Locale.ROOT, "suite: %s took %d min %02d s%s%n", label, s / 60, s % 60, others);
      if (w == null) {
        unaccounted = true;
      } else {
        accounted.add(w);
      }
      startNs = System.nanoTime();
      start = now.isPresent() ? now : CpuAccounts.read();
    }

    /** Every step's, or null when any step could not be accounted. */
    List<OtherWork> recorded() {
      return unaccounted ? null : accounted;
    }
  }

  /** JMH's options for the benchmarks matching {@code include}, with this suite's settings. */
  private ChainedOptionsBuilder jmhOptions(String include) {
    ChainedOptionsBuilder jmh =
        new OptionsBuilder()
            .include(include)
            .forks(options.forks())
            .warmupIterations(options.warmup().count())
            .warmupTime(TimeValue.milliseconds(options.warmup().durationMs()))
            .measurementIterations(options.measurement().count())
            .measurementTime(TimeValue.milliseconds(options.measurement().durationMs()))
            .addProfiler(GCProfiler.class)
            .shouldFailOnError(true)
            .resultFormat(ResultFormatType.JSON);
    for (Map.Entry<String, String[]> p : options.params().entrySet()) {
      jmh.param(p.getKey(), p.getValue());
    }
    if (jvm != null) {
      jmh.jvm(jvm.toString());
    }
    return jmh;
  }

  /** A failed run leaves nothing behind that could be mistaken for a result. */
  private static void deleteIfLeft(Path tmp) throws IOException {
    if (Files.exists(tmp)) {
      IncompleteRuns.deleteOwn(tmp);
    }
  }
}
