package org.wirebench.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What else ran on the machine during one step of a suite run, from the kernel's own accounting
 * (Linux's {@code /proc/stat} for the machine, {@code /proc/self/stat} for the suite and every
 * child process it waited for): the CPU time spent outside the suite's processes, and the time the
 * hypervisor kept the machine's virtual CPUs from running (steal). All in the kernel's clock ticks,
 * so that the shares need no tick rate.
 *
 * <p>Why a run records it: JMH's scores and the load's rates and latencies are wall-clock figures,
 * to which another program's work adds its own; a pair's cost is its thread's CPU time, to which it
 * adds nothing, but which it still slows through the caches and memory they share (a neighbour's
 * memory traffic moved every pair variant 12–36% on this VM). A run beside a build or a browser
 * reads a slower machine than it is, in every step, and a verdict between two runs must know that
 * rather than call it a regression; the claims' ratios within one run are judged all the same.
 *
 * @param step the suite's step
 * @param elapsedMs the step's wall-clock time, ms, 0 or above
 * @param machineTicks every core's time over the step, idle included (the sum of {@code
 *     /proc/stat}'s first eight columns), above 0
 * @param othersTicks CPU time in user and system mode outside the suite's process tree (other
 *     programs and the kernel's own threads), 0..machineTicks
 * @param stealTicks time the hypervisor ran something else on the machine's virtual CPUs,
 *     0..machineTicks
 */
public record OtherWork(
    Step step, long elapsedMs, long machineTicks, long othersTicks, long stealTicks) {

  /**
   * From this share of the machine's cores up, a step ran beside other work: its absolute figures
   * are not judged against another run's. On the quiet 2-core VM a quick run's steps left others
   * 0.0–0.26% of the machine and steal at most 0.08%; four helpers' builds beside a small run took
   * 45–55% (docs/measuring.md, "Other work on the machine").
   */
  public static final double BUSY_SHARE = 0.10;

  /** The suite's steps whose time is accounted. */
  public enum Step {
    /** JMH's benchmarks: wall-clock scores */
    BENCHMARKS("benchmarks"),
    /** the claims as interleaved pairs: thread CPU time */
    PAIRS("pairs"),
    /** the load scenarios and fidelity tables: wall-clock rates and latencies */
    LOAD("load");

    private final String key;

    Step(String key) {
      this.key = key;
    }

    @JsonValue
    public String key() {
      return key;
    }

    @Override
    public String toString() {
      return key;
    }

    @JsonCreator
    public static Step of(String key) {
      return FileKeys.of(values(), Step::key, "step", key);
    }
  }

  /** Share of the machine's time other work used, 0..1. */
  public double othersShare() {
    return (double) othersTicks / machineTicks;
  }

  /** Share of the machine's time the hypervisor took, 0..1. */
  public double stealShare() {
    return (double) stealTicks / machineTicks;
  }

  /**
   * Whether the step shared its machine: other work or steal at {@link #BUSY_SHARE} of it or more.
   */
  public boolean busy() {
    return othersShare() + stealShare() >= BUSY_SHARE;
  }

  /**
   * The steps of {@code steps} that shared their machine; empty for none or null (not recorded).
   */
  public static Set<Step> busySteps(List<OtherWork> steps) {
    Set<Step> busy = EnumSet.noneOf(Step.class);
    if (steps != null) {
      steps.stream().filter(OtherWork::busy).forEach(w -> busy.add(w.step()));
    }
    return busy;
  }

  /**
   * Refuses what no accounting gives: no step (a suite run accounts its load step at least; a run
   * not accounted has none, null), a step twice, a tick count out of its range.
   */
  static void check(Fields f, List<OtherWork> steps) throws UnreadableRunException {
    if (steps.isEmpty()) {
      throw f.refuse("otherWork", "is empty (a run not accounted has none: null)");
    }
    Set<Step> seen = EnumSet.noneOf(Step.class);
    for (int i = 0; i < steps.size(); i++) {
      OtherWork w = f.present("otherWork[" + i + "]", steps.get(i));
      Fields in = f.in("otherWork[" + i + "]");
      if (!seen.add(in.present("step", w.step()))) {
        throw in.refuse("step", "'" + w.step() + "' is there twice");
      }
      in.atLeast("elapsedMs", w.elapsedMs(), 0);
      in.atLeast("machineTicks", w.machineTicks(), 1);
      in.atLeast("othersTicks", w.othersTicks(), 0);
      in.atMost("othersTicks", w.othersTicks(), w.machineTicks());
      in.atLeast("stealTicks", w.stealTicks(), 0);
      in.atMost("stealTicks", w.stealTicks(), w.machineTicks());
    }
  }
}
