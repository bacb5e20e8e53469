package org.wirebench.bench.report;

/**
 * Every pair variant both runs timed against the calibration, taken together: the median over
 * variants of each one's cost change NEW / BASE (its per-fork costs ÷ the calibration, geometric
 * means), in how many groups, and how many of them rose. The calibration is pure core work: a
 * neighbour's memory traffic slows the suite's codecs, stacks and renderers and not it, so every
 * variant rises together while the calibration reads the same machine (20261128-024006: the
 * reference workload 1.013, the 37 variants 1.12–1.36, median 1.21). A change in one codec moves
 * its few variants, not the median of all.
 *
 * @param ratio the median over variants of NEW / BASE
 */
public record Workloads(double ratio, int variants, int groups, int rose) {
  /**
   * Whether the workloads moved together past {@link Calibrations#WORKLOADS_TOLERANCE}: only over
   * {@link Calibrations#WORKLOADS_MIN_GROUPS} groups or more, whose median one group cannot carry.
   */
  public boolean differ() {
    return enough()
        && (ratio > 1 + Calibrations.WORKLOADS_TOLERANCE
            || ratio < 1 / (1 + Calibrations.WORKLOADS_TOLERANCE));
  }

  /**
   * Whether they are enough to say anything of the runs: {@link Calibrations#WORKLOADS_MIN_GROUPS}
   * groups and {@link Calibrations#WORKLOADS_MIN_VARIANTS} variants or more.
   */
  public boolean enough() {
    return groups >= Calibrations.WORKLOADS_MIN_GROUPS
        && variants >= Calibrations.WORKLOADS_MIN_VARIANTS;
  }
}
