package org.wirebench.bench.report;

import org.wirebench.results.LoadResult;
import org.wirebench.results.ScenarioResult.PointResult;

/**
 * Which load points a verdict may rest on, for compare and the report alike: a point measured at a
 * steady rate (its steadiness checked and converged) whose every run succeeded (above 0 req/s,
 * without failed requests). A failed run is never left out of a point's figures, so a point with
 * one is never judged as if the run had not happened.
 */
final class JudgedPoints {
  private JudgedPoints() {}

  /** Why no verdict may rest on this point, or null when it may. */
  static String whyNot(PointResult p) {
    if (p.warmup() == null) {
      return "its steady rate was not checked (a run from before the check)";
    }
    if (!p.warmup().converged()) {
      return Scores.format(
          "not measured at a steady rate (warm-up windows %s req/s)", p.warmup().ratesPerSecond());
    }
    return whyFailed(p);
  }

  /** Why a run of this point failed (0 req/s or failed requests), or null when none did. */
  static String whyFailed(PointResult p) {
    long zero = p.runs().stream().filter(r -> !(r.throughput() > 0)).count();
    // the point's count and its runs' counts are both on disk: the larger is the one to believe
    long failed = Math.max(p.errors(), p.runs().stream().mapToLong(LoadResult::errorCount).sum());
    if (zero == 0 && failed == 0) {
      return null;
    }
    return Scores.format(
        "a run failed (%d of %d runs at 0 req/s, %d failed requests)",
        zero, p.runs().size(), failed);
  }

  static boolean judged(PointResult p) {
    return whyNot(p) == null;
  }
}
