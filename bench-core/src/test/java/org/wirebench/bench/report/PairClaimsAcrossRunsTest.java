package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.pair.PairedRatio;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunEnvironment.Calibration;
import org.wirebench.results.RunRecord;
import org.wirebench.results.UnreadableRunException;

/**
 * Two runs that disagree on what a claim id measures, or on what a claim is held to: never a
 * silently inverted or unjudged ratio. The calibration-v4 runs are changed in memory only.
 */
class PairClaimsAcrossRunsTest {
  private static final Path CAL = ThenAndNowTest.runs().resolve("calibration-v4");

  private static RunRecord cal(String run) throws IOException {
    return RunRecord.read(CAL.resolve(run));
  }

  private static RunRecord withClaims(RunRecord r, UnaryOperator<PairedRuns.Claim> change) {
    PairedRuns p = r.pairs();
    return withPairs(
        r,
        new PairedRuns(
            p.formatVersion(), p.settings(), p.groups(), p.claims().stream().map(change).toList()));
  }

  /** {@code r} with other pairs, everything else as recorded. */
  static RunRecord withPairs(RunRecord r, PairedRuns p) {
    return new RunRecord(
        r.folder(),
        r.env(),
        r.benchmarks(),
        r.load(),
        r.sizes(),
        r.fidelity(),
        r.codecFidelity(),
        p);
  }

  private static PairedRuns.Claim with(
      PairedRuns.Claim c, String a, String b, PairedRuns.Kind kind) {
    return new PairedRuns.Claim(
        c.id(), c.study(), c.text(), c.then(), c.group(), a, b, c.claimed(), c.band(), kind);
  }

  /**
   * The same id over protobuf / xml in NEW, xml / protobuf in BASE: the old compare divided one
   * ratio by its inverse and called the claim moved 1.04² times over. Refused, exit 2.
   */
  @Test
  void aClaimWhoseVariantsChangedIsRefused() throws IOException {
    RunRecord swapped =
        withClaims(
            cal("cal2"),
            c -> c.id().equals("backend-xml-protobuf-50") ? with(c, c.b(), c.a(), c.kind()) : c);
    UnreadableRunException e =
        assertThrows(
            UnreadableRunException.class, () -> new Comparison(cal("cal1"), swapped, 0.05, 0.99));
    assertTrue(e.getMessage().contains("not the same claim"), e.getMessage());
    assertTrue(e.getMessage().contains("protobuf / xml"), e.getMessage());
  }

  /**
   * xml 1.6 times slower, and NEW made its target (AT_MOST) a study claim: the old compare judged
   * by NEW's kind alone and called the target's rise MOVED, exit 0. A target in either run is
   * judged as one: regressed, exit 1.
   */
  @Test
  void aTargetTurnedStudyClaimInNewStillRegresses() throws IOException {
    RunRecord slower = PairComparisonTest.changed(cal("cal2"), "xml", 1.6, 1);
    RunRecord relaxed =
        withClaims(
            slower,
            c ->
                c.kind() == PairedRuns.Kind.AT_MOST
                    ? with(c, c.a(), c.b(), PairedRuns.Kind.AT_LEAST)
                    : c);
    Comparison c = new Comparison(cal("cal1"), relaxed, 0.05, 0.99);
    Comparison.Row target =
        c.rows().stream()
            .filter(r -> r.key().startsWith("pair target-gateway-xml-floor"))
            .findFirst()
            .orElseThrow();
    assertEquals(Comparison.Verdict.REGRESSED, target.verdict(), target::toString);
    assertEquals(1, c.exitCode());
  }

  /** A version 3 calibration on one side: no per-variant rows, and a warning that says so. */
  @Test
  void perVariantRowsLeftOutForAVersion3CalibrationAreWarnedOf() throws IOException {
    RunRecord r = cal("cal2");
    Calibration c = r.env().calibration();
    RunRecord v3 =
        new RunRecord(
            r.folder(),
            r.env().withCalibration(new Calibration(c.workload(), c.nsPerOp(), null)),
            r.benchmarks(),
            r.load(),
            r.sizes(),
            r.fidelity(),
            r.codecFidelity(),
            r.pairs());
    Comparison cmp = new Comparison(cal("cal1"), v3, 0.05, 0.99);
    assertTrue(
        cmp.rows().stream().noneMatch(x -> x.key().endsWith("÷ calibration")),
        cmp.rows()::toString);
    assertTrue(
        cmp.warnings().stream().anyMatch(w -> w.contains("no per-variant pair rows")),
        cmp.warnings()::toString);
  }

  /** Costs 1e300 and 1e-10 ns apart: their log ratio is finite (x / y overflowed to Infinity). */
  @Test
  void aLogRatioOfCostsFarApartIsFinite() {
    double[] m =
        PairedRatio.forkLogMeans(
            java.util.List.of(new double[] {1e300}), java.util.List.of(new double[] {1e-10}), 0);
    assertTrue(Double.isFinite(m[0]), () -> String.valueOf(m[0]));
    assertEquals(Math.log(1e300) - Math.log(1e-10), m[0], 1e-9);
  }
}
