package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.wirebench.results.OtherWork;
import org.wirebench.results.RunEnvironment;

/** compare's reading of a run's {@link OtherWork}: the steps it shared its machine in. */
final class SharedSteps {
  private SharedSteps() {}

  /**
   * The steps of a run that shared its machine, told in one warning: "NEW shared its machine with
   * other work (env.json): 35% of it in the load step (steal 0%); ...".
   *
   * @param which "BASE" or "NEW"
   */
  static Set<OtherWork.Step> of(String which, RunEnvironment env, List<String> warnings) {
    Set<OtherWork.Step> busy = OtherWork.busySteps(env.otherWork());
    if (busy.isEmpty()) {
      return busy;
    }
    List<String> steps = new ArrayList<>();
    for (OtherWork w : env.otherWork()) {
      if (busy.contains(w.step())) {
        steps.add(
            String.format(
                Locale.ROOT,
                "%.0f%% of it in the %s step (steal %.0f%%)",
                100 * w.othersShare(),
                w.step(),
                100 * w.stealShare()));
      }
    }
    warnings.add(
        which
            + " shared its machine with other work (env.json): "
            + String.join(", ", steps)
            + "; absolute figures of those steps are listed, not judged");
    return busy;
  }

  /** Whether the run recorded its pairs step and did not share it with other work. */
  static boolean pairsAlone(RunEnvironment env) {
    return env.otherWork() != null
        && env.otherWork().stream().anyMatch(w -> w.step() == OtherWork.Step.PAIRS && !w.busy());
  }

  /**
   * When one run recorded what else used its machine and the other did not (a run before env.json
   * version 5, a jmeter-import folder), one warning naming the other: its steps are judged as if
   * quiet, which nothing in it says.
   */
  static void unrecorded(RunEnvironment base, RunEnvironment now, List<String> warnings) {
    if ((base.otherWork() == null) != (now.otherWork() == null)) {
      warnings.add(
          (base.otherWork() == null ? "BASE" : "NEW")
              + " recorded nothing of what else used its machine (env.json "
              + (base.otherWork() == null ? base : now).formatVersion()
              + "; version 5 suite runs do): its steps are judged as if it had the machine to"
              + " itself");
    }
  }
}
