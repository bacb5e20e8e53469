package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.export.CompareFormat;
import org.wirebench.bench.pair.Synthetic;
import org.wirebench.results.JmhResult;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunRecord;

/**
 * compare on runs with calibrations and pairs: a slower machine is said first and its absolute
 * times are not judged; the pairs' within-run ratios are, so a planted change still shows.
 */
class ComparisonAcrossMachinesTest {
  private static final Path RUNS = ThenAndNowTest.runs().resolve("compare");

  /** Five forks of 20 rounds of the reference workload at about {@code ns}, with 2% noise. */
  private static RunEnvironment.Calibration calibration(double ns, long seed) {
    Random r = new Random(seed);
    List<double[]> forks = new ArrayList<>();
    for (int f = 0; f < 5; f++) {
      double fork = ns * (1 + 0.02 * r.nextGaussian());
      forks.add(r.doubles(20).map(x -> fork * (1 + 0.01 * (x - 0.5))).toArray());
    }
    return new RunEnvironment.Calibration("reference", forks, null);
  }

  /** base2 of the recorded runs, every score times {@code factor}, with this calibration. */
  private static RunRecord run(
      String folder, double factor, RunEnvironment.Calibration c, PairedRuns pairs)
      throws IOException {
    RunRecord r = RunRecord.read(RUNS.resolve(folder));
    List<JmhResult> scaled = new ArrayList<>();
    for (JmhResult b : r.benchmarks()) {
      scaled.add(ComparisonTest.scaled(b, factor));
    }
    return new RunRecord(
        r.folder(), r.env().withCalibration(c), scaled, r.load(), r.sizes(), null, null, pairs);
  }

  private static PairedRuns pairs(double ratio, long seed) {
    double[] forks = new double[6];
    Random r = new Random(seed);
    for (int i = 0; i < forks.length; i++) {
      forks[i] = ratio * Math.exp(0.01 * r.nextGaussian());
    }
    return Synthetic.runs(
        Synthetic.group(forks, 0.05, seed), Synthetic.claim(1.5, PairedRuns.Kind.AT_MOST));
  }

  @Test
  void aSlowerMachineIsSaidAndItsAbsoluteTimesAreNotCalledRegressions() throws IOException {
    RunRecord base = run("base2", 1.0, calibration(1000, 1), pairs(1.2, 1));
    RunRecord slower = run("base2", 1.6, calibration(1600, 2), pairs(1.2, 2));
    Comparison c = new Comparison(base, slower, 0.05, 0.99);
    assertNotNull(c.machines());
    assertTrue(c.machines().differ(), c.machines()::toString);
    assertEquals(1.6, c.machines().speed().ratio(), 0.05);
    assertEquals(0, c.count(Comparison.Verdict.REGRESSED), c.rows()::toString);
    assertTrue(c.count(Comparison.Verdict.NOT_JUDGED) > 0);
    Comparison.Row pair = pairRow(c);
    assertEquals(Comparison.Verdict.NO_CHANGE, pair.verdict(), pair::toString);
  }

  /**
   * In CI's JUnit file, an absolute time across machines is skipped with the reason, not passed.
   */
  @Test
  void acrossMachinesTheJunitFileSkipsAbsoluteTimesWithTheReason() throws IOException {
    RunRecord base = run("base2", 1.0, calibration(1000, 1), pairs(1.2, 1));
    RunRecord slower = run("base2", 1.6, calibration(1600, 2), pairs(1.2, 2));
    Comparison c = new Comparison(base, slower, 0.05, 0.99);
    java.io.StringWriter xml = new java.io.StringWriter();
    CompareFormat.JUNIT.write(c, "base", "slower", "5%", xml);
    long skipped =
        xml.toString()
            .lines()
            .filter(l -> l.contains("<skipped message=\"not judged: the runs' machines differ"))
            .count();
    assertEquals(c.count(Comparison.Verdict.NOT_JUDGED), skipped, xml::toString);
    assertTrue(xml.toString().contains("machines DIFFER"), "said once, as a property");
    assertEquals(0, c.exitCode());
  }

  @Test
  void aPlantedTenPercentInAPairIsFlaggedAcrossMachines() throws IOException {
    RunRecord base = run("base2", 1.0, calibration(1000, 3), pairs(1.2, 3));
    RunRecord slower = run("base2", 1.6, calibration(1600, 4), pairs(1.32, 4));
    Comparison.Row pair = pairRow(new Comparison(base, slower, 0.05, 0.99));
    assertEquals(Comparison.Verdict.REGRESSED, pair.verdict(), pair::toString);
    assertEquals(1.10, pair.slowdown().ratio(), 0.02);
  }

  @Test
  void theSameMachineIsJudgedOnAbsoluteTimesAsBefore() throws IOException {
    RunRecord base = run("base2", 1.0, calibration(1000, 5), pairs(1.2, 5));
    RunRecord same = run("base2", 1.4, calibration(1005, 6), pairs(1.2, 6));
    Comparison c = new Comparison(base, same, 0.05, 0.99);
    assertTrue(!c.machines().differ(), c.machines()::toString);
    assertTrue(c.count(Comparison.Verdict.REGRESSED) > 0, c.rows()::toString);
    assertEquals(0, c.count(Comparison.Verdict.NOT_JUDGED));
  }

  @Test
  void runsWithoutACalibrationAreComparedAsBefore() throws IOException {
    Comparison c =
        new Comparison(
            RunRecord.read(RUNS.resolve("base1")),
            RunRecord.read(RUNS.resolve("base2")),
            0.05,
            0.99);
    assertNull(c.machines());
    assertEquals(0, c.count(Comparison.Verdict.NOT_JUDGED));
  }

  /**
   * Half the cores time a single-threaded calibration alike: the hardware says the machines differ,
   * and the load points' rates, not the code, are what changed.
   */
  @Test
  void aMachineWithOtherCoresDiffersThoughItsCalibrationAgrees() throws IOException {
    RunRecord base = run("base2", 1.0, calibration(1000, 5), pairs(1.2, 5));
    RunRecord same = run("base2", 1.4, calibration(1005, 6), pairs(1.2, 6));
    RunRecord fewer = withCores(same, base.env().cores() + 1);
    Comparison c = new Comparison(base, fewer, 0.05, 0.99);
    assertTrue(c.machines().differ(), c.machines()::toString);
    assertEquals(
        List.of("core count " + base.env().cores() + " vs " + (base.env().cores() + 1)),
        c.machines().hardware());
    assertEquals(0, c.count(Comparison.Verdict.REGRESSED), c.rows()::toString);
    assertTrue(c.count(Comparison.Verdict.NOT_JUDGED) > 0);
    assertEquals(Comparison.Verdict.NO_CHANGE, pairRow(c).verdict());
    String text = text(c);
    assertTrue(text.contains("machines DIFFER (core count "), text);
  }

  /** Runs from before the calibration still tell a machine of other cores from a regression. */
  @Test
  void withoutACalibrationOtherCoresStillMakeAnotherMachine() throws IOException {
    RunRecord base = RunRecord.read(RUNS.resolve("base1"));
    RunRecord other = withCores(RunRecord.read(RUNS.resolve("base2")), base.env().cores() * 2);
    Comparison c = new Comparison(base, other, 0.05, 0.99);
    assertNotNull(c.machines());
    assertNull(c.machines().speed());
    assertTrue(c.machines().differ());
    assertEquals(0, c.count(Comparison.Verdict.REGRESSED), c.rows()::toString);
    java.io.StringWriter json = new java.io.StringWriter();
    CompareFormat.JSON.write(c, "base1", "other", "5%", json);
    JsonNode machines = new ObjectMapper().readTree(json.toString()).path("machines");
    assertTrue(machines.path("speed").isNull(), machines::toString);
    assertEquals("core count", machines.path("hardware").path(0).asText().substring(0, 10));
    assertTrue(text(c).contains("no calibration to size it"), text(c));
  }

  /**
   * Other cores and calibrations of different reference workloads: the line says the workloads
   * differ, not that a run has no calibration (both have one).
   */
  @Test
  void otherCoresAndAnotherReferenceWorkloadSayWhyNothingSizesIt() throws IOException {
    Path results = ThenAndNowTest.runs().resolve("../../../jmh-results");
    RunRecord old = RunRecord.read(results.resolve("20261126-023436-vm-5fc7a67-quick-jdk17"));
    RunRecord now = RunRecord.read(ThenAndNowTest.runs().resolve("calibration-v4/cal1"));
    Comparison c = new Comparison(old, withCores(now, old.env().cores() * 2), 0.05, 0.99);
    assertTrue(c.machines().differ() && c.yardsticksDiffer());
    String line = text(c).lines().findFirst().orElseThrow();
    assertTrue(
        line.contains(
            "no calibration to size it (the runs timed different reference workloads:"
                + " wirebench-reference-1 in BASE, wirebench-reference-2 in NEW)"),
        line);
  }

  private static String text(Comparison c) throws IOException {
    java.io.StringWriter out = new java.io.StringWriter();
    CompareFormat.TEXT.write(c, "base", "new", "5%", out);
    return out.toString();
  }

  private static RunRecord withCores(RunRecord r, int cores) {
    RunEnvironment e = r.env();
    RunEnvironment other =
        new RunEnvironment(
            e.formatVersion(),
            e.suite(),
            e.startedUtc(),
            e.jdk(),
            e.jdkVendor(),
            e.vm(),
            e.forkedJvm(),
            e.forkedJdkMajor(),
            e.host(),
            e.launcherJvmArgs(),
            e.cpuModel(),
            cores,
            e.maxHeapBytes(),
            e.os(),
            e.commit(),
            e.workingTreeDirty(),
            e.forkJvmArgs(),
            e.serverJvms(),
            e.libraries(),
            e.calibration(),
            e.otherWork());
    return new RunRecord(
        r.folder(), other, r.benchmarks(), r.load(), r.sizes(), null, null, r.pairs());
  }

  private static Comparison.Row pairRow(Comparison c) {
    return c.rows().stream().filter(r -> r.key().startsWith("pair ")).findFirst().orElseThrow();
  }
}
