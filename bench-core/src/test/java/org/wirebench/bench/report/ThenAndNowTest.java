package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
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
    assertTrue(roads.now().contains("(99%)"), roads::toString);
    assertEquals(ThenAndNow.Verdict.MISSING, rows.get(2).verdict(), "no load scenario in that run");
  }

  @Test
  void theGeoJsonLoadPointIsFoundByItsParameters() throws IOException {
    List<ThenAndNow.Row> rows =
        ThenAndNow.rows(RunRecord.read(runs().resolve("env-v2-quick-jdk17")));
    ThenAndNow.Row perCore = rows.get(2);
    assertTrue(perCore.claim().contains("per core"), perCore::toString);
    assertEquals(ThenAndNow.Verdict.FIGURE, perCore.verdict(), perCore::toString);
    assertTrue(perCore.now().matches("\\d+ req/s on .* per core, \\d+× the study.*"), perCore::now);
  }
}
