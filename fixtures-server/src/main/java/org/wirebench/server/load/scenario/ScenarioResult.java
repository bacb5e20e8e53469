package org.wirebench.server.load.scenario;

import java.util.List;
import java.util.Map;
import org.wirebench.server.load.LoadResult;

/**
 * A whole scenario as written to JSON ({@code load-<scenario>.json} beside the JMH results).
 *
 * @param formatVersion {@value #FORMAT_VERSION}
 * @param server url, how it was started (jvmProfile, jvmFlags, java, command) or "external"
 */
public record ScenarioResult(
    int formatVersion,
    String scenario,
    ScenarioSettings settings,
    String startedUtc,
    Map<String, Object> server,
    Map<String, Object> client,
    List<PointResult> points) {

  public static final int FORMAT_VERSION = 1;

  /**
   * One point: every run and their mean.
   *
   * @param throughput mean successful requests per second over the runs
   * @param latencyMs mean over the runs of each statistic (mean, p50 ... max), milliseconds
   */
  public record PointResult(
      String id,
      Map<String, Object> params,
      double throughput,
      Map<String, Double> latencyMs,
      double meanResponseBytes,
      long errors,
      List<LoadResult> runs) {}

  public long errorCount() {
    return points.stream().mapToLong(PointResult::errors).sum();
  }
}
