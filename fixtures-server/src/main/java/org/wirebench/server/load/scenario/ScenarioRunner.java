package org.wirebench.server.load.scenario;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.wirebench.results.LoadResult;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.server.load.Latencies;
import org.wirebench.server.load.LoadDriver;
import org.wirebench.server.load.LoadPlan;

/**
 * Runs a scenario's points against a server: first one request per point, validated in full (a
 * point whose response is wrong stops the run before anything is timed), then the load itself.
 */
public final class ScenarioRunner {
  private final Scenario scenario;
  private final List<Scenario.Point> points;
  private final ScenarioSettings settings;
  private final PrintStream log;

  /**
   * @param points the scenario's points for the options given
   */
  public ScenarioRunner(
      Scenario scenario, List<Scenario.Point> points, ScenarioSettings settings, PrintStream log) {
    this.scenario = scenario;
    this.points = points;
    this.settings = settings;
    this.log = log;
  }

  /**
   * @param hlog receives each run's latency histogram (ns), tagged with the point id; may be null
   * @throws IOException when a point's response does not validate
   */
  public ScenarioResult run(URI base, Map<String, Object> server, HistogramLogWriter hlog)
      throws Exception {
    String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    Progress progress = new Progress(scenario.name(), points, settings, base, log);
    java.util.Set<String> checked = new java.util.HashSet<>();
    for (Scenario.Point p : points) {
      // points differing only in users send the same requests: each request list is checked once
      if (checked.add(p.plan().apply(base).shape())) {
        preflight(base, p);
      }
    }
    log.printf(Locale.ROOT, "%s: %d points validated%n", scenario.name(), points.size());
    warmServer(base, points);
    List<ScenarioResult.PointResult> results = new ArrayList<>();
    int retries = 0;
    for (int index = 0; index < points.size(); index++) {
      Scenario.Point p = points.get(index);
      progress.started(index, p.plan().apply(base));
      // think time sets a point's rate, and its short windows start every user at once
      boolean thinks = p.plan().apply(base).thinkTimeMs() > 0;
      Attempt a = attempt(base, p, thinks, null);
      if (a.warmup() != null && !a.warmup().converged() && !thinks && retries < RETRIES) {
        retries++;
        // the rate moved after its windows agreed, or never settled: a JIT still compiling, a
        // collector changing pace; one more warm-up from where it got to, then judge again
        log.printf(
            Locale.ROOT,
            "  %s: not steady (windows %s req/s, measured %.1f): warming again%n",
            p.id(),
            a.warmup().ratesPerSecond(),
            a.measured());
        a = attempt(base, p, thinks, a.warmup());
      }
      List<LoadResult> runs = a.runs();
      ScenarioResult.Warmup warmup = a.warmup();
      Histogram merged = a.histograms().get(0).copy();
      for (int run = 1; run <= a.histograms().size(); run++) {
        Histogram h = a.histograms().get(run - 1);
        if (run > 1) {
          merged.add(h);
        }
        if (hlog != null) {
          Histogram tagged = h.copy();
          tagged.setTag(p.id() + "#" + run);
          tagged.setStartTimeStamp(0);
          hlog.outputIntervalHistogram(tagged);
        }
      }
      ScenarioResult.PointResult pr =
          settings.keepsBest() ? best(p, runs, warmup) : mean(p, runs, merged, warmup);
      results.add(pr);
      log.printf(
          Locale.ROOT,
          "%-40s %9.1f req/s  mean %8.2f ms  p99 %8.2f ms  %,9.0f B%s  errors %d%s%n",
          p.id(),
          pr.throughput(),
          pr.latencyMs().get(Statistic.MEAN),
          pr.latencyMs().get(Statistic.P99),
          pr.meanResponseBytes(),
          "identity".equals(pr.encoding()) || pr.encoding() == null
              ? ""
              : String.format(Locale.ROOT, " (%,.0f B %s)", pr.meanWireBytes(), pr.encoding()),
          pr.errors(),
          steadiness(pr.warmup()));
      progress.finished(index, p.plan().apply(base));
    }
    return new ScenarioResult(
        ScenarioResult.FORMAT_VERSION,
        scenario.name(),
        settings,
        started,
        server,
        client(),
        scenario.table(),
        results);
  }

  /**
   * Points of a scenario that get a second warm-up when the first did not reach a steady rate: a
   * bound, so that a scenario on a noisy machine cannot double its time (the quick suite's 15 min).
   */
  static final int RETRIES = 2;

  /**
   * One warm-up and the runs measured after it.
   *
   * @param measured the runs' req/s as the settings keep them (the best run's, or the mean)
   */
  private record Attempt(
      ScenarioResult.Warmup warmup,
      List<LoadResult> runs,
      List<Histogram> histograms,
      double measured) {}

  /**
   * Warms the point up until steady (after {@code earlier}'s windows, if any) and measures its
   * runs; the warm-up is judged again with the measured rate.
   */
  private Attempt attempt(URI base, Scenario.Point p, boolean thinks, ScenarioResult.Warmup earlier)
      throws Exception {
    ScenarioResult.Warmup warmup = steady(base, p);
    if (warmup != null && earlier != null) {
      List<Double> all = new ArrayList<>(earlier.ratesPerSecond());
      all.addAll(warmup.ratesPerSecond());
      warmup = new ScenarioResult.Warmup(warmup.windowMs(), List.copyOf(all), warmup.converged());
    }
    List<LoadResult> runs = new ArrayList<>();
    List<Histogram> histograms = new ArrayList<>();
    for (int run = 1; run <= settings.runs(); run++) {
      LoadDriver driver = new LoadDriver(configure(p.plan().apply(base), p));
      LoadResult r = driver.run(null);
      runs.add(r);
      histograms.add(driver.histogram().copy());
      if (r.errorCount() + r.warmupErrorCount() > 0) {
        int n = run;
        driver
            .firstProblems()
            .forEach(
                (kind, why) ->
                    log.printf(
                        Locale.ROOT, "  %s run %d: first %s error: %s%n", p.id(), n, kind, why));
      }
    }
    double measured =
        settings.keepsBest()
            ? runs.stream().mapToDouble(LoadResult::throughput).max().orElse(0)
            : runs.stream().mapToDouble(LoadResult::throughput).average().orElse(0);
    if (warmup != null && warmup.converged() && !thinks) {
      warmup = warmup.measured(settings.steadyState(), measured);
    }
    return new Attempt(warmup, runs, histograms, measured);
  }

  /**
   * Runs the point in windows until its rate is steady (or the settings' limit passes): the
   * measurement that follows starts from a server warm for this request shape and concurrency. Null
   * when the settings ask for no such check.
   */
  private ScenarioResult.Warmup steady(URI base, Scenario.Point p) throws Exception {
    ScenarioSettings.SteadyState ss = settings.steadyState();
    if (ss == null) {
      return null;
    }
    List<Double> rates = new ArrayList<>();
    long deadline = System.nanoTime() + Duration.ofMillis(ss.maxMs()).toNanos();
    do {
      LoadResult w =
          new LoadDriver(
                  p.plan()
                      .apply(base)
                      .rampUp(Duration.ZERO) // a window is too short to ramp in
                      .timed(Duration.ZERO, Duration.ofMillis(ss.windowMs())))
              .run(null);
      rates.add(Math.round(w.throughput() * 10) / 10.0);
    } while (!ss.steady(rates) && System.nanoTime() < deadline);
    return new ScenarioResult.Warmup(ss.windowMs(), List.copyOf(rates), ss.steady(rates));
  }

  /** Users that warm the server on each request shape before any point. */
  static final int WARMUP_USERS = 4;

  /**
   * Each request shape (the same request, whatever the point's users or think time) is sent for the
   * settings' time by {@value #WARMUP_USERS} users without think time, before any point. Few users,
   * because with 200 the JIT's compiler threads starve: on 2 cores the finding scenario's XML path,
   * still interpreted (Woodstox's UTF-8 decoding loop was 87% of the server's CPU), once served 169
   * req/s for the whole 60 s of its steady-state limit, against 2,238 in the next run.
   */
  private void warmServer(URI base, List<Scenario.Point> points) throws Exception {
    if (settings.serverWarmupMs() <= 0) {
      return;
    }
    Map<String, Scenario.Point> shapes = new LinkedHashMap<>();
    for (Scenario.Point p : points) {
      shapes.putIfAbsent(p.plan().apply(base).shape(), p);
    }
    log.printf(
        Locale.ROOT,
        "%s: warming the server, %d request shapes × %d ms, %d users%n",
        scenario.name(),
        shapes.size(),
        settings.serverWarmupMs(),
        WARMUP_USERS);
    for (Scenario.Point p : shapes.values()) {
      new LoadDriver(
              p.plan()
                  .apply(base)
                  .users(WARMUP_USERS)
                  .thinkTime(0, 0)
                  .rampUp(Duration.ZERO)
                  .timed(Duration.ZERO, Duration.ofMillis(settings.serverWarmupMs())))
          .run(null);
    }
  }

  private static String steadiness(ScenarioResult.Warmup w) {
    if (w == null || w.converged()) {
      return "";
    }
    return "  NOT STEADY (warm-up windows, req/s: " + w.ratesPerSecond() + ")";
  }

  /**
   * Bounds {@code plan} as {@code settings} say: by request count, or by warm-up and duration. What
   * the driver runs and what a JMeter plan exports.
   */
  public static LoadPlan bounded(LoadPlan plan, ScenarioSettings settings) {
    if (settings.counted()) {
      return plan.counted(settings.warmupRequests(), settings.requests());
    }
    return plan.timed(
        Duration.ofMillis(settings.warmupMs()), Duration.ofMillis(settings.durationMs()));
  }

  private LoadPlan configure(LoadPlan plan, Scenario.Point p) {
    bounded(plan, settings);
    if (settings.validateEvery() > 0) {
      plan.validate(settings.validateEvery(), p.validator());
    }
    return plan;
  }

  private void preflight(URI base, Scenario.Point p) throws Exception {
    // every request variant once, each validated in full
    LoadPlan plan = p.plan().apply(base);
    int variants = plan.targetCount();
    LoadDriver once = new LoadDriver(plan.users(1).counted(0, variants).validate(1, p.validator()));
    LoadResult r = once.run(null);
    if (r.requests() != variants) {
      throw new IOException(
          scenario.name()
              + " point "
              + p.id()
              + " failed its check before load: "
              + (once.firstProblem() == null ? r.errors() : once.firstProblem()));
    }
  }

  /**
   * The point over all its runs: mean req/s and bytes, latency statistics from the runs' histograms
   * merged (a p99 of all requests, never a mean of p99s).
   */
  static ScenarioResult.PointResult mean(
      Scenario.Point p, List<LoadResult> runs, Histogram merged, ScenarioResult.Warmup warmup) {
    Map<Statistic, Double> latency = Latencies.latencyMs(merged);
    return new ScenarioResult.PointResult(
        p.id(),
        p.params(),
        runs.stream().mapToDouble(LoadResult::throughput).average().orElse(0),
        latency,
        runs.stream().mapToDouble(LoadResult::meanResponseBytes).average().orElse(0),
        runs.stream().mapToLong(LoadResult::errorCount).sum(),
        runs,
        warmup);
  }

  /** The run with the most req/s stands for the point; errors of every run still count. */
  private static ScenarioResult.PointResult best(
      Scenario.Point p, List<LoadResult> runs, ScenarioResult.Warmup warmup) {
    LoadResult top =
        runs.stream().max(java.util.Comparator.comparingDouble(LoadResult::throughput)).get();
    return new ScenarioResult.PointResult(
        p.id(),
        p.params(),
        top.throughput(),
        new LinkedHashMap<>(top.latencyMs()),
        top.meanResponseBytes(),
        runs.stream().mapToLong(LoadResult::errorCount).sum(),
        runs,
        warmup);
  }

  private static Map<String, Object> client() {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("driver", "wirebench load (Jetty HttpClient)");
    c.put("javaVersion", Runtime.version().toString());
    c.put("javaVendor", System.getProperty("java.vendor"));
    c.put("availableProcessors", Runtime.getRuntime().availableProcessors());
    return c;
  }
}
