package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunEnvironment.Calibration;
import org.wirebench.results.RunRecord;

/**
 * compare's pair rows on recorded runs: a study claim's ratio that moves is not a regression, a
 * variant's own slowdown against the calibration in its forks is, a target's rise still is, and
 * across machines that differ the per-variant rows are listed, not judged. The calibration-v4 runs
 * (cal1, cal2: the backend group and the calibration, one machine) are changed in memory, never on
 * disk; the committed quick runs are the real cases.
 */
class PairComparisonTest {
  private static final Path CAL = ThenAndNowTest.runs().resolve("calibration-v4");
  private static final Path JMH_RESULTS = ThenAndNowTest.runs().resolve("../../../jmh-results");

  private static Comparison compare(RunRecord base, RunRecord now) throws IOException {
    return new Comparison(base, now, 0.05, 0.99);
  }

  private static RunRecord committed(String run) throws IOException {
    return RunRecord.read(JMH_RESULTS.resolve(run));
  }

  private static Comparison.Row row(Comparison c, String label) {
    return c.rows().stream()
        .filter(r -> r.key().equals(label))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row " + label + " in " + c.rows()));
  }

  /**
   * The run with {@code variant}'s costs in group backend times {@code factor} and, for a slower
   * machine, every cost and calibration sample times {@code machine}.
   */
  static RunRecord changed(RunRecord r, String variant, double factor, double machine) {
    return WorkloadsTogetherTest.withCosts(
        r, (g, v) -> machine * (g.equals("backend") && v.equals(variant) ? factor : 1), machine);
  }

  private static RunRecord cal(String run) throws IOException {
    return RunRecord.read(CAL.resolve(run));
  }

  /**
   * bf1626c → dac75b2: protobuf got faster (gateway protobuf ÷ its floor 1.76 → 1.12), so the study
   * claim xml / protobuf rose 1.04 → 1.59. The old compare called that rise "regressed" and exited
   * 1; it is the claim's ratio moving, and protobuf's own row says which side moved.
   */
  @Test
  void aStudyClaimThatRoseBecauseItsFasterSideGotFasterIsNotARegression() throws IOException {
    Comparison c =
        compare(
            committed("20261126-104841-vm-bf1626c-quick-jdk17"),
            committed("20261126-142940-vm-dac75b2-quick-jdk17"));
    Comparison.Row claim = row(c, "pair backend-xml-protobuf-50 (xml / protobuf)");
    assertEquals(Comparison.Verdict.MOVED, claim.verdict(), claim::toString);
    assertTrue(claim.slowdown().low() > 1.3, claim::toString);
    Comparison.Row protobuf = row(c, "pair backend protobuf ÷ calibration");
    assertEquals(Comparison.Verdict.IMPROVED, protobuf.verdict(), protobuf::toString);
    assertEquals(Comparison.Verdict.NO_CHANGE, row(c, "pair backend xml ÷ calibration").verdict());
    assertEquals(0, c.count(Comparison.Verdict.REGRESSED), c.rows()::toString);
    assertEquals(0, c.exitCode());
  }

  /**
   * Three quick runs of one build (dac75b2), pairwise: no pair row may be called a change. The
   * per-variant rows flagged 2 of 37 here before their interval carried the run-level error.
   */
  @Test
  void threeRunsOfOneBuildFlagNoPairRow() throws IOException {
    String[] runs = {
      "20261126-140200-vm-dac75b2-quick-jdk17",
      "20261126-141547-vm-dac75b2-quick-jdk17",
      "20261126-142940-vm-dac75b2-quick-jdk17"
    };
    for (int i = 0; i < runs.length; i++) {
      for (int j = i + 1; j < runs.length; j++) {
        Comparison c = compare(committed(runs[i]), committed(runs[j]));
        List<Comparison.Row> pairs =
            c.rows().stream().filter(r -> r.subject().kind() == Comparison.Kind.PAIR).toList();
        assertEquals(26 + 37, pairs.size(), runs[i] + " → " + runs[j]);
        for (Comparison.Row r : pairs) {
          assertEquals(Comparison.Verdict.NO_CHANGE, r.verdict(), runs[i] + " → " + runs[j] + r);
        }
        assertEquals(0, c.exitCode(), runs[i] + " → " + runs[j]);
      }
    }
  }

  /**
   * protobuf 2.5 times faster: the claim xml / protobuf rises far past its interval. Moved, not
   * regressed; exit 0 (the old compare: regressed, exit 1).
   */
  @Test
  void aStudyClaimsRiseFromAFasterBIsMovedAndExitsZero() throws IOException {
    Comparison c = compare(cal("cal1"), changed(cal("cal2"), "protobuf", 0.4, 1));
    Comparison.Row claim = row(c, "pair backend-xml-protobuf-50 (xml / protobuf)");
    assertEquals(Comparison.Verdict.MOVED, claim.verdict(), claim::toString);
    assertEquals(
        Comparison.Verdict.IMPROVED, row(c, "pair backend protobuf ÷ calibration").verdict());
    assertEquals(0, c.count(Comparison.Verdict.REGRESSED), c.rows()::toString);
    assertEquals(0, c.exitCode());
  }

  /**
   * The floor 1.6 times slower: both targets (xml and protobuf ÷ the floor) fall, so only the
   * floor's own row against the calibration shows the slowdown, and it fails compare.
   */
  @Test
  void aVariantsOwnSlowdownAgainstTheCalibrationIsARegression() throws IOException {
    Comparison c = compare(cal("cal1"), changed(cal("cal2"), "json-write-floor", 1.6, 1));
    Comparison.Row floor = row(c, "pair backend json-write-floor ÷ calibration");
    assertEquals(Comparison.Verdict.REGRESSED, floor.verdict(), floor::toString);
    assertEquals(1.6, floor.slowdown().ratio(), 0.1);
    assertEquals(1, c.count(Comparison.Verdict.REGRESSED), c.rows()::toString);
    assertEquals(1, c.exitCode());
  }

  /**
   * xml 1.6 times slower: its target against the floor still regresses, as before; the study claim
   * xml / protobuf, whatever its interval says, never does.
   */
  @Test
  void aTargetsRiseIsStillARegression() throws IOException {
    Comparison c = compare(cal("cal1"), changed(cal("cal2"), "xml", 1.6, 1));
    Comparison.Row target = row(c, "pair target-gateway-xml-floor (xml / json-write-floor)");
    assertEquals(Comparison.Verdict.REGRESSED, target.verdict(), target::toString);
    assertEquals(Comparison.Verdict.REGRESSED, row(c, "pair backend xml ÷ calibration").verdict());
    Comparison.Row claim = row(c, "pair backend-xml-protobuf-50 (xml / protobuf)");
    assertTrue(claim.verdict() != Comparison.Verdict.REGRESSED, claim::toString);
    assertEquals(1, c.exitCode());
  }

  /**
   * On a machine 1.6 times slower the floor 1.6 times slower again: a codec against a pure-core
   * yardstick is not machine-independent, so the per-variant rows are listed, not judged; the
   * claims' within-run ratios still are (both targets fall: improved).
   */
  @Test
  void acrossMachinesThatDifferThePerVariantRowsAreNotJudged() throws IOException {
    Comparison c = compare(cal("cal1"), changed(cal("cal2"), "json-write-floor", 1.6, 1.6));
    assertTrue(c.machines().differ(), c.machines()::toString);
    for (String v : List.of("xml", "protobuf", "json-write-floor")) {
      Comparison.Row r = row(c, "pair backend " + v + " ÷ calibration");
      assertEquals(Comparison.Verdict.NOT_JUDGED, r.verdict(), r::toString);
    }
    assertEquals(
        Comparison.Verdict.IMPROVED,
        row(c, "pair target-gateway-xml-floor (xml / json-write-floor)").verdict());
    assertEquals(0, c.exitCode());
  }

  /** The same runs on the same machine: every pair row, per-variant ones too, no change. */
  @Test
  void twoRunsOfTheBackendGroupAreNoChange() throws IOException {
    Comparison c = compare(cal("cal1"), cal("cal2"));
    assertEquals(7, c.rows().size(), c.rows()::toString);
    c.rows().forEach(r -> assertEquals(Comparison.Verdict.NO_CHANGE, r.verdict(), r::toString));
  }

  /**
   * NEW's variant xml run with protobuf's parameters is another quantity than BASE's xml: compare
   * refuses it (exit 2) naming the variant, where it compared the two as one ("no change").
   */
  @Test
  void aVariantWithOtherParametersIsNotComparedAsTheSame() throws IOException {
    RunRecord r = cal("cal2");
    PairedRuns p = r.pairs();
    List<PairedRuns.Group> groups = new ArrayList<>();
    for (PairedRuns.Group g : p.groups()) {
      List<PairedRuns.Variant> variants = new ArrayList<>();
      for (PairedRuns.Variant v : g.variants()) {
        variants.add(
            v.id().equals("xml")
                ? new PairedRuns.Variant(
                    v.id(),
                    v.benchmark(),
                    java.util.Map.of("backendFormat", "protobuf", "items", "50"))
                : v);
      }
      groups.add(
          new PairedRuns.Group(
              g.id(), variants, g.forks(), g.stopped(), g.elapsedMs(), g.warmupMs()));
    }
    RunRecord swapped =
        PairClaimsAcrossRunsTest.withPairs(
            r, new PairedRuns(p.formatVersion(), p.settings(), groups, p.claims()));
    org.wirebench.results.UnreadableRunException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            org.wirebench.results.UnreadableRunException.class,
            () -> compare(cal("cal1"), swapped));
    assertTrue(e.getMessage().startsWith("variant xml of group backend is "), e::getMessage);
    assertTrue(e.getMessage().endsWith("not the same variant, so not compared"), e::getMessage);
  }

  /**
   * A calibration that lacks one of the backend group's forks cannot be matched round by round: its
   * variants could not be compared (exit 2), never judged against the wrong forks.
   */
  @Test
  void aCalibrationThatDoesNotMatchTheGroupsForksCouldNotBeCompared() throws IOException {
    RunRecord r = cal("cal2");
    Calibration c = r.env().calibration();
    int n = c.nsPerOp().size() - 1;
    assertEquals("backend", c.groups().get(n));
    RunRecord short1 =
        new RunRecord(
            r.folder(),
            r.env()
                .withCalibration(
                    new Calibration(
                        c.workload(), c.nsPerOp().subList(0, n), c.groups().subList(0, n))),
            r.benchmarks(),
            r.load(),
            r.sizes(),
            r.fidelity(),
            r.codecFidelity(),
            r.pairs());
    Comparison cmp = compare(cal("cal1"), short1);
    assertEquals(3, cmp.count(Comparison.Verdict.INVALID), cmp.rows()::toString);
    assertEquals(2, cmp.exitCode());
    assertTrue(cmp.problem().contains("calibration"), cmp::problem);
  }

  /**
   * A run that trimmed its forks' rounds (pairs.json version 3) beside one that took the plain
   * mean: compare says so, and each run's claims are the ratios its own report printed.
   */
  @Test
  void aTrimmedRunBesideAnUntrimmedOneSaysSoAndKeepsEachRunsOwnRatios() throws IOException {
    RunRecord base = cal("cal1");
    RunRecord plain = cal("cal2");
    PairedRuns p = plain.pairs();
    PairedRuns trimmedPairs =
        new PairedRuns(
            3,
            org.wirebench.bench.pair.Synthetic.withTrim(p.settings(), 0.2),
            p.groups(),
            p.claims());
    RunRecord trimmed = PairClaimsAcrossRunsTest.withPairs(plain, trimmedPairs);
    Comparison c = compare(base, trimmed);
    assertTrue(
        c.warnings().stream()
            .anyMatch(w -> w.contains("trims 0% of its rounds at each end in BASE, 20% in NEW")),
        c.warnings()::toString);
    PairedRuns.Claim claim =
        p.claims().stream()
            .filter(x -> x.id().equals("backend-xml-protobuf-50"))
            .findFirst()
            .orElseThrow();
    double printed = PairedClaims.ratio(trimmedPairs, claim).ratio();
    Comparison.Row row = row(c, "pair backend-xml-protobuf-50 (xml / protobuf)");
    assertEquals(printed, row.now(), 1e-9 * printed, row::toString);
    PairedRuns baseTrimmed =
        new PairedRuns(
            3,
            org.wirebench.bench.pair.Synthetic.withTrim(base.pairs().settings(), 0.2),
            base.pairs().groups(),
            base.pairs().claims());
    double reestimated = PairedClaims.ratio(baseTrimmed, claim).ratio();
    assertEquals(reestimated, row.base(), 1e-9 * reestimated, row::toString);
    assertNotEquals(PairedClaims.ratio(base.pairs(), claim).ratio(), row.base(), row::toString);
    assertTrue(
        compare(base, plain).warnings().stream().noneMatch(w -> w.contains("trims")),
        "two runs of one estimator say nothing of it");
  }

  /**
   * A run whose groups warmed their variants for other times than BASE's (pairs.json version 4
   * against an older one): compare names each such group with both warm-ups, and says nothing of a
   * group warmed as long in both or of two runs warmed alike.
   */
  @Test
  void aGroupWarmedForAnotherTimeIsNamed() throws IOException {
    RunRecord base = cal("cal1");
    RunRecord plain = cal("cal2");
    PairedRuns p = plain.pairs();
    int before = p.settings().warmupMs();
    List<PairedRuns.Group> groups =
        org.wirebench.bench.pair.Synthetic.warmed(
            p.groups(), id -> id.equals("backend") ? 900 : before);
    PairedRuns v4 =
        new PairedRuns(
            4,
            org.wirebench.bench.pair.Synthetic.asVersion4(p.settings(), 0.2),
            groups,
            p.claims());
    RunRecord warmed = PairClaimsAcrossRunsTest.withPairs(plain, v4);
    List<String> said =
        compare(base, warmed).warnings().stream().filter(w -> w.contains("warm-up")).toList();
    assertEquals(1, said.size(), said::toString);
    assertTrue(said.get(0).contains(": backend " + before + " → 900 ms;"), said::toString);
    assertTrue(!said.get(0).contains("calibration"), said::toString);
    assertTrue(
        compare(base, plain).warnings().stream().noneMatch(w -> w.contains("warm-up")),
        "two runs warmed alike say nothing of it");
  }
}
