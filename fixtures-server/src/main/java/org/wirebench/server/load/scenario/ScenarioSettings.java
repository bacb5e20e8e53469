package org.wirebench.server.load.scenario;

/**
 * How long each point runs. Time-bounded (wfs: warm-up then a measured window, {@code runs} times,
 * as the study ran JMeter three times) or count-bounded (soap: a thrown-away pass of {@code
 * warmupRequests}, then {@code requests}, as the study ran ab).
 *
 * @param warmupMs time-bounded points: thrown-away phase of each run
 * @param durationMs time-bounded points: measured phase of each run
 * @param runs 1..100 repetitions of each point; the JSON keeps each and their mean
 * @param serverWarmupMs before the first point, each request shape (a point without its user count)
 *     is sent this long, so the first points do not meet a cold server JIT
 * @param validateEvery fully validate every n-th response during the load (0 = only the check
 *     before each point, which always runs)
 */
public record ScenarioSettings(
    String mode,
    int runs,
    long warmupMs,
    long durationMs,
    long warmupRequests,
    long requests,
    int validateEvery,
    long serverWarmupMs) {

  /** The documented full and quick settings of each scenario. */
  public static ScenarioSettings defaults(String scenario, boolean quick) {
    if (scenario.equals("soap")) {
      return quick
          ? new ScenarioSettings("quick", 1, 0, 0, 250, 500, 0, 0)
          : new ScenarioSettings("full", 1, 0, 0, 2500, 2500, 0, 0);
    }
    return quick
        ? new ScenarioSettings("quick", 1, 2_000, 3_000, 0, 0, 0, 3_000)
        : new ScenarioSettings("full", 3, 10_000, 30_000, 0, 0, 0, 10_000);
  }

  public boolean counted() {
    return requests > 0;
  }
}
