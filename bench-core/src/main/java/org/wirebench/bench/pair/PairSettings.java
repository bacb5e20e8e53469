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
   * The reference workload's batch in every group's forks, ms of cost: with its share of the
   * warm-up rounds it adds about 0.25 s to a fork, and its fork mean varies by less than 1%
   * (docs/measuring.md).
   */
  public static final int REFERENCE_BATCH_MS = 5;

  /**
   * 20 rounds of 20 ms batches a fork, 4 to 12 forks; each group's warm-up is its own ({@link
   * Warmups}, recorded with the group). The interval is Student's t over forks: with 3 forks
   * t(0.995, 2) = 9.92 multiplies the spread by 5.7 (÷ √3), with 4 t(0.995, 3) = 5.84 by 2.9, with
   * 6 t(0.995, 5) = 4.03 by 1.6 — forks buy width, rounds little: in the four idle-machine runs of
   * 2026-11-26 the rounds' part of a fork mean's spread (a round's sd ÷ √30) was 0.012–0.04, the
   * forks' own 0–0.06, so 20 rounds instead of 30 widen a fork mean's spread by at most 10% and
   * give a group about a fifth more forks in the same time. Stopped at 3 forks for the budget,
   * three quick runs on a busy VM moved 8 of 24 verdicts between a decided one and inconclusive.
   *
   * @param budgetMs the whole step's time, e.g. 180,000
   */
  public static Settings of(long budgetMs) {
    return new Settings(null, 20, 20, 4, 12, budgetMs, 0.99, 0.10, forkJvmArgs(), TRIM_SHARE);
  }

  /**
   * A fork's estimate leaves out the 20% lowest and the 20% highest of its rounds' log ratios
   * ({@link PairedRatio}): replayed on the recorded forks of two commits' quick runs, claims wider
   * than ±10% a run fell from 1.78 and 2.34 to 0.61 and 0.34 (0.1: 0.76; 0.25: 0.62), the ratios
   * unmoved (docs/measuring.md, "A fork's estimate: the trimmed mean").
   */
  public static final double TRIM_SHARE = 0.2;
}
