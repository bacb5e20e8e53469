package org.wirebench.bench;

/**
 * One {@code @Benchmark} method, as the constant its benchmark class keeps for whoever looks its
 * results up (the reports, the pairs, the recorders): renaming the method or the class then breaks
 * the build or {@code BenchmarkNamesTest}, never silently a report section that stops finding
 * results.
 *
 * @param type the benchmark class
 * @param method the name of its {@code @Benchmark} method
 */
public record BenchmarkMethod(Class<?> type, String method) {
  /**
   * As a run's records name it (JmhResult#name, sizes.json): the class's simple name and the
   * method, {@code GeoEncodingBenchmark.encode}.
   */
  public String name() {
    return type.getSimpleName() + "." + method;
  }

  /** As JMH names it: {@code org.wirebench.bench.geo.GeoEncodingBenchmark.encode}. */
  public String fullName() {
    return type.getName() + "." + method;
  }
}
