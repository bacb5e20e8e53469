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
   * 600 ms of cost a variant to warm up, 40 rounds of 20 ms batches a fork, 3 to 12 forks. Rounds
   * are cheap beside a fork's start (JVM, pre-touched heap, set-up): on this 2-core VM under load
   * most of the spread between forks' means was the rounds' own noise (A/A: 0.008 between forks
   * with 0.026 a round over 20 rounds), so more rounds a fork buy more than more forks.
   *
   * @param budgetMs the whole step's time, e.g. 180,000
   */
  public static Settings of(long budgetMs) {
    return new Settings(600, 20, 40, 3, 12, budgetMs, 0.99, 0.10, forkJvmArgs());
  }
}
