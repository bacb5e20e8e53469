package org.wirebench.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;

/**
 * How long each point of a load scenario runs. Time-bounded (a warm-up, then a measured window,
 * {@code runs} times, as the GeoServer study ran JMeter three times) or count-bounded (a
 * thrown-away pass of {@code warmupRequests}, then {@code requests}, as the WSO2 study ran ab).
 * Made with {@link #timed} or {@link #counted}; the record's fields are the JSON's.
 *
 * @param mode quick or full
 * @param runs 1..100 repetitions of each point; the JSON keeps each and their mean
 * @param warmupMs time-bounded points: thrown-away phase of each run
 * @param durationMs time-bounded points: measured phase of each run
 * @param warmupRequests count-bounded points: thrown-away requests of each run
 * @param requests count-bounded points: measured requests of each run (0: time-bounded)
 * @param validateEvery fully validate every n-th response during the load (0 = only the check
 *     before each point, which always runs)
 * @param serverWarmupMs before the first point, each request shape (a point without its user count)
 *     is sent this long, so the first points do not meet a cold server JIT
 * @param steadyState how each point is warmed until its rate is steady before it is measured; null
 *     in runs from before the check existed
 * @param keep which run a point reports: {@code mean} (of the runs; also when null, in files from
 *     before the field) or {@code best} (the run with the most req/s, as the MapProxy study kept
 *     the best of 3)
 */
public record ScenarioSettings(
    String mode,
    int runs,
    long warmupMs,
    long durationMs,
    long warmupRequests,
    long requests,
    int validateEvery,
    long serverWarmupMs,
    SteadyState steadyState,
    Keep keep) {

  /** Which run a point reports, under its name in the files; an unknown name is refused. */
  public enum Keep {
    /** The runs' mean (their histograms merged for the latencies). */
    MEAN("mean"),
    /** The run with the most req/s. */
    BEST("best");

    private final String key;

    Keep(String key) {
      this.key = key;
    }

    @JsonValue
    public String key() {
      return key;
    }

    @Override
    public String toString() {
      return key;
    }

    @JsonCreator
    public static Keep of(String key) {
      return FileKeys.of(values(), Keep::key, "keep", key);
    }
  }

  /**
   * Before a point is measured, it is run in windows of {@code windowMs} at its own concurrency
   * until the last {@value #WINDOWS} windows' req/s lie within {@code tolerance} of their mean
   * (converged), or {@code maxMs} have passed (not converged: the point is measured anyway and
   * marked, and never feeds a verdict).
   *
   * @param tolerance e.g. 0.10 for ±10%
   */
  public record SteadyState(long windowMs, long maxMs, double tolerance) {
    public static final int WINDOWS = 3;

    /** Whether the last {@link #WINDOWS} of these rates (req/s) are steady. */
    public boolean steady(java.util.List<Double> rates) {
      if (rates.size() < WINDOWS) {
        return false;
      }
      java.util.List<Double> last = rates.subList(rates.size() - WINDOWS, rates.size());
      double mean = last.stream().mapToDouble(Double::doubleValue).average().orElse(0);
      return mean > 0 && last.stream().allMatch(r -> Math.abs(r - mean) <= tolerance * mean);
    }

    /**
     * Whether a point measured after {@code rates} converged kept their rate: the measured req/s
     * within twice the tolerance of the last windows' mean. Three agreeing windows can sit on a
     * slow JIT climb or in a state that ends seconds later; without this check a tenth of a quick
     * run's points measured 0.26–1.57× the rate their windows had agreed on.
     */
    public boolean kept(java.util.List<Double> rates, double measured) {
      if (rates.size() < WINDOWS) {
        return false;
      }
      double mean =
          rates.subList(rates.size() - WINDOWS, rates.size()).stream()
              .mapToDouble(Double::doubleValue)
              .average()
              .orElse(0);
      return mean > 0 && Math.abs(measured - mean) <= 2 * tolerance * mean;
    }
  }

  /** Time-bounded points: {@code runs} × (warm-up, then measured). */
  public static ScenarioSettings timed(
      String mode, int runs, Duration warmup, Duration measured, Duration serverWarmup) {
    return new ScenarioSettings(
        mode,
        runs,
        warmup.toMillis(),
        measured.toMillis(),
        0,
        0,
        0,
        serverWarmup.toMillis(),
        null,
        Keep.MEAN);
  }

  /** Count-bounded points: {@code runs} × (warm-up requests, then measured requests). */
  public static ScenarioSettings counted(
      String mode, int runs, long warmupRequests, long requests, Duration serverWarmup) {
    return new ScenarioSettings(
        mode, runs, 0, 0, warmupRequests, requests, 0, serverWarmup.toMillis(), null, Keep.MEAN);
  }

  /**
   * Refuses settings a report would print or a verdict would rest on while no run had them: every
   * count and time zero or above, at least one run (at most 100), a measured phase of time or of
   * requests, a known mode, and a steady-state rule that can converge.
   */
  void check(Fields f) throws UnreadableRunException {
    f.oneOf("mode", mode, java.util.List.of("quick", "full"));
    f.atLeast("runs", runs, 1);
    f.atMost("runs", runs, 100);
    f.atLeast("warmupMs", warmupMs, 0);
    f.atLeast("durationMs", durationMs, 0);
    f.atLeast("warmupRequests", warmupRequests, 0);
    f.atLeast("requests", requests, 0);
    f.atLeast("validateEvery", validateEvery, 0);
    f.atLeast("serverWarmupMs", serverWarmupMs, 0);
    if (!counted()) {
      // time-bounded: a measured phase of no time measured nothing
      f.atLeast("durationMs", durationMs, 1);
    }
    if (steadyState != null) {
      Fields s = f.in("steadyState");
      s.atLeast("windowMs", steadyState.windowMs(), 1);
      s.atLeast("maxMs", steadyState.maxMs(), 1);
      s.positive("tolerance", steadyState.tolerance());
    }
  }

  public boolean counted() {
    return requests > 0;
  }

  public ScenarioSettings withRuns(int n) {
    return new ScenarioSettings(
        mode,
        n,
        warmupMs,
        durationMs,
        warmupRequests,
        requests,
        validateEvery,
        serverWarmupMs,
        steadyState,
        keep);
  }

  public ScenarioSettings withTimes(Duration warmup, Duration measured) {
    return new ScenarioSettings(
        mode,
        runs,
        warmup == null ? warmupMs : warmup.toMillis(),
        measured == null ? durationMs : measured.toMillis(),
        warmupRequests,
        requests,
        validateEvery,
        serverWarmupMs,
        steadyState,
        keep);
  }

  public ScenarioSettings withCounts(Long warmup, Long measured) {
    return new ScenarioSettings(
        mode,
        runs,
        warmupMs,
        durationMs,
        warmup == null ? warmupRequests : warmup,
        measured == null ? requests : measured,
        validateEvery,
        serverWarmupMs,
        steadyState,
        keep);
  }

  public ScenarioSettings withValidateEvery(int n) {
    return new ScenarioSettings(
        mode,
        runs,
        warmupMs,
        durationMs,
        warmupRequests,
        requests,
        n,
        serverWarmupMs,
        steadyState,
        keep);
  }

  public ScenarioSettings withSteadyState(SteadyState s) {
    return new ScenarioSettings(
        mode,
        runs,
        warmupMs,
        durationMs,
        warmupRequests,
        requests,
        validateEvery,
        serverWarmupMs,
        s,
        keep);
  }

  /** Report the best run of each point instead of the mean. */
  public ScenarioSettings keepingBest() {
    return new ScenarioSettings(
        mode,
        runs,
        warmupMs,
        durationMs,
        warmupRequests,
        requests,
        validateEvery,
        serverWarmupMs,
        steadyState,
        Keep.BEST);
  }

  /** Whether a point reports its best run (else the runs' mean). */
  public boolean keepsBest() {
    return keep == Keep.BEST;
  }

  /** One line for logs and reports: what was measured after what was thrown away. */
  public String describe() {
    return (counted()
            ? requests + " measured requests after " + warmupRequests + " thrown away"
            : durationMs / 1000 + " s measured after " + warmupMs / 1000 + " s warm-up")
        + (keepsBest() ? ", the best of " + runs + " runs kept" : "");
  }
}
