package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunRecord;

public class ThenAndNowTest {
  public static Path runs() {
    String root = System.getProperty("wirebench.root");
    return Path.of(root == null ? ".." : root, "src", "test", "runs");
  }

  @Test
  void thenAndNowJudgesTheGmlClaimWithAnInterval() throws IOException {
    List<ThenAndNow.Row> rows =
        ThenAndNow.rows(RunRecord.read(runs().resolve("env-v1-targets-jdk17")));
    ThenAndNow.Row roads = rows.get(0);
    assertTrue(roads.claim().contains("osm_mainroads"), roads::toString);
    // the recorded run measured GML 3.2 at about 1.2× GML 2: far below the study's 3.4
    assertEquals(ThenAndNow.Verdict.DOES_NOT_HOLD, roads.verdict(), roads::toString);
    assertTrue(roads.now().contains("(99%, "), roads::toString);
    assertEquals(ThenAndNow.Verdict.MISSING, rows.get(2).verdict(), "no load scenario in that run");
  }

  @Test
  void theGeoJsonLoadPointIsFoundByItsParameters() throws IOException {
    List<ThenAndNow.Row> rows =
        ThenAndNow.rows(RunRecord.read(runs().resolve("env-v2-quick-jdk17")));
    ThenAndNow.Row perCore = rows.get(2);
    assertTrue(perCore.claim().contains("per core"), perCore::toString);
    assertEquals(ThenAndNow.Verdict.FIGURE, perCore.verdict(), perCore::toString);
    assertTrue(
        perCore.now().matches("\\d+ req/s on .* per core, [\\d.]+× the study.*"), perCore::now);
  }

  /** A run with pairs.json: each study claim's row is its pair's ratio and decided verdict. */
  @Test
  void aPairedRunJudgesEachClaimFromItsPair() throws IOException {
    RunRecord recorded = RunRecord.read(runs().resolve("env-v2-quick-jdk17"));
    PairedRuns.Group g =
        org.wirebench.bench.pair.Synthetic.group(new double[] {1.02, 1.03, 1.01, 1.02}, 0.02, 9);
    PairedRuns.Claim c =
        new PairedRuns.Claim(
            "soap-cxf-adb-ints-100",
            "SOAP",
            "ADB is faster than the JAXB stack: ints × 100",
            "~1.5×",
            "g",
            "a",
            "b",
            1.5,
            0.10,
            PairedRuns.Kind.AT_LEAST);
    RunRecord run =
        new RunRecord(
            recorded.folder(),
            recorded.env(),
            recorded.benchmarks(),
            recorded.load(),
            recorded.sizes(),
            null,
            null,
            org.wirebench.bench.pair.Synthetic.runs(g, c));
    List<ThenAndNow.Row> rows = ThenAndNow.rows(run);
    ThenAndNow.Row ints =
        rows.stream().filter(r -> r.claim().contains("ints × 100")).findFirst().orElseThrow();
    // 1.02 against a claimed 1.5: decided, no difference — not "inconclusive"
    assertEquals(ThenAndNow.Verdict.DOES_NOT_HOLD, ints.verdict(), ints::toString);
    assertEquals("does not hold: no difference", ints.label(), ints::toString);
    assertTrue(ints.now().contains("4 forks, 80 pairs"), ints::now);
    // the load figures still follow their study's claims
    assertTrue(rows.stream().anyMatch(r -> r.claim().contains("per core")), rows::toString);
    String md = MarkdownRenderer.render(ReportWriter.build(run, "test"));
    assertTrue(md.contains("## Claims measured as pairs"), md);
    assertTrue(md.contains("| does not hold: no difference |"), md);
  }
}
