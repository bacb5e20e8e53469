package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Statistic;
import org.wirebench.results.TableLayout;

/** A load point that never reached a steady rate is marked in both reports and judged by none. */
class LoadSectionTest {
  private static ScenarioResult.PointResult point(int users, double rate, boolean converged) {
    return ReportChartsTest.point("geojson", users, rate, converged);
  }

  @Test
  void unsteadyPointsAreMarkedAndFeedNoVerdict() throws Exception {
    ScenarioResult wfs =
        new ScenarioResult(
            ScenarioResult.FORMAT_VERSION,
            "wfs",
            ScenarioSettings.timed("quick", 1, Duration.ZERO, Duration.ofSeconds(3), Duration.ZERO),
            "2026-11-23T00:00:00Z",
            Map.of(),
            Map.of(),
            new TableLayout(
                "layer", List.of("format"), "users", Statistic.MEAN, false, null, List.of()),
            List.of(point(4, 1000, true), point(32, 2000, false)));
    RunRecord base = RunRecord.read(ThenAndNowTest.runs().resolve("env-v2-quick-jdk17"));
    Map<String, ScenarioResult> load = new LinkedHashMap<>(Map.of("wfs", wfs));
    RunRecord run =
        new RunRecord(Path.of("x"), base.env(), base.benchmarks(), load, null, null, null, null);
    String md = MarkdownRenderer.render(ReportWriter.build(run, "test"));
    assertTrue(md.contains("| geojson | 1000 (2.0) | 2000 (2.0) not steady |"), md);
    assertTrue(md.contains("1 of 2 points did not reach a steady rate"), md);
    ThenAndNow.Row perCore = ThenAndNow.rows(run).get(2);
    assertEquals(ThenAndNow.Verdict.MISSING, perCore.verdict(), perCore::toString);
    Comparison c = new Comparison(run, run, 0.05, 0.99);
    assertTrue(
        c.rows().stream()
            .filter(r -> r.key().contains("/32"))
            .allMatch(r -> r.verdict() == Comparison.Verdict.NOT_STEADY),
        c.rows()::toString);
  }

  /**
   * A column's values that are all whole numbers sort as numbers, however long: one past a long's
   * range (a crafted or future load-*.json) failed the report with a NumberFormatException.
   */
  @Test
  void wholeNumbersPastALongSortAsNumbers() throws Exception {
    ScenarioResult.PointResult four = point(4, 1000, true);
    Map<String, Object> params = new LinkedHashMap<>(four.params());
    params.put("users", new java.math.BigInteger("100000000000000000000"));
    ScenarioResult.PointResult huge =
        new ScenarioResult.PointResult(
            "osm_mainroads/geojson/huge",
            params,
            four.throughput(),
            four.latencyMs(),
            four.meanResponseBytes(),
            four.errors(),
            four.runs(),
            four.warmup());
    ScenarioResult wfs =
        new ScenarioResult(
            ScenarioResult.FORMAT_VERSION,
            "wfs",
            ScenarioSettings.timed("quick", 1, Duration.ZERO, Duration.ofSeconds(3), Duration.ZERO),
            "2026-11-23T00:00:00Z",
            Map.of(),
            Map.of(),
            new TableLayout(
                "layer", List.of("format"), "users", Statistic.MEAN, false, null, List.of()),
            List.of(huge, point(32, 2000, true), four));
    RunRecord base = RunRecord.read(ThenAndNowTest.runs().resolve("env-v2-quick-jdk17"));
    RunRecord run =
        new RunRecord(
            Path.of("x"),
            base.env(),
            base.benchmarks(),
            Map.of("wfs", wfs),
            null,
            null,
            null,
            null);
    String md = MarkdownRenderer.render(ReportWriter.build(run, "test"));
    String header =
        md.lines().filter(l -> l.contains("100000000000000000000")).findFirst().orElseThrow();
    int at4 = header.indexOf(" 4 ");
    int at32 = header.indexOf(" 32 ");
    assertTrue(0 <= at4 && at4 < at32 && at32 < header.indexOf(" 100000000000000000000 "), header);
  }
}
