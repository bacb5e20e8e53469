package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadModel;
import org.wirebench.results.LoadResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.results.TableLayout;

/**
 * compare judges a load point only where the report would: a failed run (0 req/s, failed requests)
 * is never dropped from a point's runs, and a point whose steadiness was never checked is not
 * steady in compare as in the report.
 */
class JudgedPointsTest {
  private static LoadResult run(double rate, long errors) {
    return new LoadResult(
        LoadResult.FORMAT_VERSION,
        "http://x/",
        LoadModel.CLOSED,
        4,
        0,
        1000,
        (long) rate,
        rate,
        rate * 1000,
        rate > 0 ? 1000 : Double.NaN,
        Map.of(
            Statistic.MEAN,
            rate > 0 ? 2.0 : Double.NaN,
            Statistic.P99,
            rate > 0 ? 9.0 : Double.NaN),
        Map.of(ErrorKind.CONNECT, errors),
        Map.of(ErrorKind.CONNECT, 0L));
  }

  private static ScenarioResult.PointResult point(
      String id, List<LoadResult> runs, ScenarioResult.Warmup warmup) {
    double mean = runs.stream().mapToDouble(LoadResult::throughput).average().orElseThrow();
    long errors = runs.stream().mapToLong(LoadResult::errorCount).sum();
    return new ScenarioResult.PointResult(
        id,
        Map.of("layer", "osm_mainroads", "format", "gml2", "users", 4),
        mean,
        Map.of(Statistic.MEAN, 2.0, Statistic.P99, 9.0),
        1000,
        errors,
        runs,
        warmup);
  }

  private static final ScenarioResult.Warmup STEADY =
      new ScenarioResult.Warmup(500, List.of(1000.0, 1000.0, 1000.0), true);

  private static RunRecord runWith(ScenarioResult.PointResult... points) throws Exception {
    ScenarioResult wfs =
        new ScenarioResult(
            ScenarioResult.FORMAT_VERSION,
            "wfs",
            ScenarioSettings.timed("quick", 3, Duration.ZERO, Duration.ofSeconds(3), Duration.ZERO),
            "2026-11-23T00:00:00Z",
            Map.of(),
            Map.of(),
            new TableLayout(
                "layer", List.of("format"), "users", Statistic.MEAN, false, null, List.of()),
            List.of(points));
    RunRecord base = RunRecord.read(ThenAndNowTest.runs().resolve("env-v2-quick-jdk17"));
    return new RunRecord(
        Path.of("x"), base.env(), base.benchmarks(), Map.of("wfs", wfs), null, null, null, null);
  }

  private static List<LoadResult> good() {
    return List.of(run(1000, 0), run(1010, 0), run(990, 0));
  }

  private static Comparison.Verdict verdict(Comparison c, String item) {
    return c.rows().stream()
        .filter(r -> r.subject().item().equals(item))
        .findFirst()
        .orElseThrow(() -> new AssertionError(item + " not in " + c.rows()))
        .verdict();
  }

  @Test
  void aFailedRunIsNeverDroppedFromAPoint() throws Exception {
    RunRecord base = runWith(point("a", good(), STEADY), point("b", good(), STEADY));
    RunRecord now =
        runWith(
            point("a", List.of(run(1000, 0), run(1010, 0), run(0, 9000)), STEADY),
            point("b", List.of(run(1000, 0), run(1010, 0), run(990, 3)), STEADY));
    Comparison c = new Comparison(base, now, 0.05, 0.99);
    // the old code kept the two good runs of a and judged "no change"; b's failed requests too
    assertEquals(Comparison.Verdict.INVALID, verdict(c, "a throughput"), c.rows()::toString);
    assertEquals(Comparison.Verdict.INVALID, verdict(c, "b throughput"), c.rows()::toString);
    assertTrue(c.rows().stream().noneMatch(r -> r.subject().item().endsWith(" p99")));
    assertEquals(2, c.exitCode(), c.problem());
    // the same failed runs in BASE: not judged either
    c = new Comparison(now, base, 0.05, 0.99);
    assertEquals(Comparison.Verdict.INVALID, verdict(c, "a throughput"));
  }

  @Test
  void compareJudgesNoPointTheReportCountsNotSteady() throws Exception {
    ScenarioResult.PointResult unchecked =
        point("a", List.of(run(500, 0), run(505, 0), run(495, 0)), null);
    ScenarioResult.PointResult unsteady =
        point(
            "b",
            List.of(run(500, 0), run(505, 0), run(495, 0)),
            new ScenarioResult.Warmup(500, List.of(100.0, 900.0, 500.0), false));
    RunRecord base = runWith(point("a", good(), STEADY), point("b", good(), STEADY));
    RunRecord now = runWith(unchecked, unsteady);
    assertEquals(2, now.load().get("wfs").unconverged().size());
    Comparison c = new Comparison(base, now, 0.05, 0.99);
    for (ScenarioResult.PointResult p : now.load().get("wfs").unconverged()) {
      // the old code judged the unchecked point "regressed" (half the rate)
      assertEquals(
          Comparison.Verdict.NOT_STEADY, verdict(c, p.id() + " throughput"), c.rows()::toString);
    }
    assertEquals(0, c.count(Comparison.Verdict.REGRESSED), c.rows()::toString);
    assertEquals(2, new Comparison(now, base, 0.05, 0.99).count(Comparison.Verdict.NOT_STEADY));
  }
}
