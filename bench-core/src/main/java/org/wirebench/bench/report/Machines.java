package org.wirebench.bench.report;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.wirebench.results.OtherWork;

/**
 * The two runs' machines: NEW / BASE of the calibration's cost (null when either run has none),
 * what their recorded hardware differs in ("core count 2 vs 1"; empty when nothing), the suite's
 * own workloads moved together (null when too few were timed against the calibration in both),
 * whether they differ: the hardware does, the calibration beyond its own noise (interval excludes 1
 * and the change passes {@link Calibrations#TOLERANCE}), or the workloads together ({@link
 * Workloads#differ}), and the steps either run shared with other work ({@link OtherWork#busy}). A
 * machine with half the cores times a single-threaded calibration alike but serves half the load:
 * absolute rates across it are not a regression; nor are a step's wall-clock figures measured
 * beside a build.
 */
public record Machines(
    Ratio speed,
    List<String> hardware,
    Workloads workloads,
    boolean differ,
    Set<OtherWork.Step> shared) {
  public Machines {
    hardware = List.copyOf(hardware);
    shared = shared.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(shared));
  }

  /**
   * Null when nothing says anything about the machines: no calibration, same hardware, no step
   * shared.
   */
  static Machines of(
      Ratio speed, List<String> hardware, Workloads workloads, Set<OtherWork.Step> shared) {
    if (speed == null && hardware.isEmpty() && shared.isEmpty()) {
      return null;
    }
    return new Machines(
        speed,
        hardware,
        workloads,
        !hardware.isEmpty()
            || (speed != null && Calibrations.differ(speed))
            || (workloads != null && workloads.differ()),
        shared);
  }

  /** Whether a step's absolute figures of the two runs may be judged against each other. */
  public boolean judges(OtherWork.Step step) {
    return !differ && !shared.contains(step);
  }
}
