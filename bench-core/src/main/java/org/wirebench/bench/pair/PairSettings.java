package org.wirebench.bench.pair;

import java.util.List;
import org.openjdk.jmh.annotations.Fork;
import org.wirebench.bench.StudyBenchmark;
import org.wirebench.results.PairedRuns.Settings;

/** How the suite samples its pairs; the forks get the benchmarks' own JVM flags. */
public final class PairSettings {
  private PairSettings() {}

  /** The JVM flags every study benchmark's fork runs with ({@link StudyBenchmark}). */
  public static List<String> forkJvmArgs() {
    return List.of(StudyBenchmark.class.getAnnotation(Fork.class).jvmArgsAppend());
  }

  /**
   * @param budgetMs the whole step's time, e.g. 240,000
   */
  public static Settings of(long budgetMs) {
    return new Settings(400, 20, 10, 3, 12, budgetMs, 0.99, 0.10, forkJvmArgs());
  }
}
