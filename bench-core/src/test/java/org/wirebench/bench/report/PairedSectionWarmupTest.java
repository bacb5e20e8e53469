package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunRecord;

/**
 * Where the report says how long a group's variants were warmed: in the method's text for a run
 * whose groups all took one warm-up (pairs.json before version 4), on each group's line from
 * version 4, where each group records its own.
 */
class PairedSectionWarmupTest {
  private static RunRecord cal1() throws IOException {
    return RunRecord.read(ThenAndNowTest.runs().resolve("calibration-v4/cal1"));
  }

  /** cal1 as version 4 records it: no warm-up in the settings, the calibration 150, backend 900. */
  private static RunRecord asVersion4(RunRecord r) {
    PairedRuns p = r.pairs();
    List<PairedRuns.Group> groups =
        org.wirebench.bench.pair.Synthetic.warmed(
            p.groups(), id -> id.equals("backend") ? 900 : 150);
    PairedRuns v4 =
        new PairedRuns(
            4,
            org.wirebench.bench.pair.Synthetic.asVersion4(p.settings(), 0.2),
            groups,
            p.claims());
    return PairClaimsAcrossRunsTest.withPairs(r, v4);
  }

  private static String text(List<Report.Block> blocks) {
    return blocks.stream()
        .filter(b -> b instanceof Report.Text)
        .map(b -> ((Report.Text) b).text())
        .findFirst()
        .orElseThrow();
  }

  private static List<String> groupLines(List<Report.Block> blocks) {
    return blocks.stream()
        .filter(b -> b instanceof Report.Bullets)
        .map(b -> ((Report.Bullets) b).items())
        .findFirst()
        .orElseThrow();
  }

  @Test
  void anOldRunSaysItsOneWarmupInTheMethodsText() throws IOException {
    List<Report.Block> blocks = new PairedSection().build(cal1());
    assertTrue(text(blocks).contains(", after 600 ms of warm-up a variant. "), text(blocks));
    assertTrue(groupLines(blocks).stream().noneMatch(l -> l.contains("warmed")), "" + blocks);
  }

  @Test
  void aVersion4RunSaysEachGroupsWarmupOnItsLine() throws IOException {
    List<Report.Block> blocks = new PairedSection().build(asVersion4(cal1()));
    String text = text(blocks);
    assertTrue(text.contains(", after its group's warm-up a variant (each group's line"), text);
    assertFalse(text.contains("600 ms"), text);
    List<String> lines = groupLines(blocks);
    assertTrue(
        lines.get(0).startsWith("reference A/A: 2 variants warmed 150 ms each, "), lines::toString);
    assertTrue(lines.get(1).startsWith("backend: "), lines::toString);
    assertTrue(lines.get(1).contains(" variants warmed 900 ms each, 4 forks, "), lines::toString);
    assertEquals(
        1, lines.stream().filter(l -> l.contains("warmed 900 ms")).count(), lines::toString);
  }
}
