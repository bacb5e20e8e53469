package org.wirebench.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A latency statistic, as the keys of {@link LoadResult#latencyMs}, {@link
 * ScenarioResult.PointResult#latencyMs} and {@link JmeterResult.Point#latencyMs} name it in the
 * files, in the order the load driver writes them. A name no version of the files used is refused
 * (an unknown key must never read as a missing figure).
 */
public enum Statistic {
  MEAN("mean"),
  /** Only the load driver's results (since 2026-11-23), not JMeter's. */
  MIN("min"),
  /** Only the load driver's results (since 2026-11-23), not JMeter's. */
  STDDEV("stddev"),
  P50("p50"),
  P90("p90"),
  P99("p99"),
  /** Only the load driver's results, not JMeter's. */
  P99_9("p99.9"),
  MAX("max");

  private final String key;

  Statistic(String key) {
    this.key = key;
  }

  /** The name in the files and in the reports' text ("p99.9"). */
  @JsonValue
  public String key() {
    return key;
  }

  @Override
  public String toString() {
    return key;
  }

  /** The statistic of this name; an unknown name is refused. */
  @JsonCreator
  public static Statistic of(String key) {
    return FileKeys.of(values(), Statistic::key, "latency statistic", key);
  }
}
