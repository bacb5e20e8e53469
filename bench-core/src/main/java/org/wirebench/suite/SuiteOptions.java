package org.wirebench.suite;

import java.util.Map;

/**
 * How long and how often the suite measures.
 *
 * @param name "quick" or "full", recorded in env.json
 * @param forks forked JVMs per variant
 * @param warmupIterations and {@code warmupMs}: per fork
 * @param measurementIterations and {@code measurementMs}: per fork
 * @param params JMH parameter overrides (the quick suite runs 200 features only)
 */
public record SuiteOptions(
    String name,
    String include,
    int forks,
    int warmupIterations,
    int warmupMs,
    int measurementIterations,
    int measurementMs,
    Map<String, String[]> params) {

  public static SuiteOptions quick(String include) {
    return new SuiteOptions(
        "quick", include, 1, 3, 1000, 10, 500, Map.of("count", new String[] {"200"}));
  }

  public static SuiteOptions full(String include) {
    return new SuiteOptions("full", include, 2, 3, 2000, 5, 2000, Map.of());
  }
}
