package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.wirebench.results.PairedRuns;

/** Compare's warning of a group whose variants BASE and NEW warmed for different times. */
final class PairWarmups {
  private PairWarmups() {}

  /**
   * "pairs: a group's warm-up a variant differs from BASE to NEW: backend 600 → 900 ms, …; …" for
   * the groups both runs measured whose variants were warmed for different times, or null: a ratio
   * whose variants one run left still warming in its first rounds may move with the warm-up alone,
   * not with the code.
   */
  static String differ(PairedRuns base, PairedRuns now) {
    if (base == null || now == null) {
      return null;
    }
    List<String> differ = new ArrayList<>();
    for (PairedRuns.Group g : now.groups()) {
      PairedRuns.Group b = base.group(g.id());
      if (b != null && base.warmupMs(b) != now.warmupMs(g)) {
        differ.add(g.id() + " " + base.warmupMs(b) + " → " + now.warmupMs(g) + " ms");
      }
    }
    return differ.isEmpty()
        ? null
        : "pairs: a group's warm-up a variant differs from BASE to NEW: "
            + String.join(", ", differ)
            + "; a ratio whose variants were still warming in a run's first rounds moves with"
            + " the warm-up alone (docs/measuring.md, \"A group's warm-up, measured\")";
  }
}
