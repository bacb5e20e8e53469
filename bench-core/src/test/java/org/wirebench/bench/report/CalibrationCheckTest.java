package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.export.CompareFormat;
import org.wirebench.results.RunEnvironment.Calibration;
import org.wirebench.results.RunRecord;

/**
 * compare's machine check on recorded runs: the first yardstick's bimodal forks (env.json version
 * 3) could not tell a machine 30% slower; the calibration sampled in every group's forks (version
 * 4) tells one 4% slower, and two runs of one machine apart.
 */
class CalibrationCheckTest {
  private static final Path RUNS = ThenAndNowTest.runs().resolve("calibration-v4");
  private static final Path JMH_RESULTS = ThenAndNowTest.runs().resolve("../../../jmh-results");

  private static RunRecord recorded(Path folder) throws IOException {
    return RunRecord.read(folder);
  }

  /**
   * The run with every calibration sample times {@code factor}: the same run on a machine so much
   * slower.
   */
  private static RunRecord slower(RunRecord r, double factor) {
    Calibration c = r.env().calibration();
    List<double[]> forks = new ArrayList<>();
    for (double[] f : c.nsPerOp()) {
      forks.add(Arrays.stream(f).map(x -> x * factor).toArray());
    }
    return new RunRecord(
        r.folder(),
        r.env().withCalibration(new Calibration(c.workload(), forks, c.groups())),
        r.benchmarks(),
        r.load(),
        r.sizes(),
        null,
        null,
        r.pairs());
  }

  @Test
  void theFirstYardsticksForksCouldNotTellAMachineThirtyPercentSlower() throws IOException {
    RunRecord a = recorded(JMH_RESULTS.resolve("20261126-020627-vm-6ea2c22-quick-jdk17"));
    RunRecord b = recorded(JMH_RESULTS.resolve("20261126-023436-vm-5fc7a67-quick-jdk17"));
    Ratio speed = new Comparison(a, b, 0.05, 0.99).machines().speed();
    assertTrue(speed.low() < 1 / 1.15 && speed.high() > 1.3, speed::toString);
  }

  @Test
  void aMachineFourPercentSlowerIsTold() throws IOException {
    RunRecord run = recorded(RUNS.resolve("cal1"));
    assertEquals(8, run.env().calibration().nsPerOp().size());
    Comparison c = new Comparison(run, slower(run, 1.04), 0.05, 0.99);
    assertTrue(c.machines().differ(), c.machines()::toString);
    assertEquals(1.04, c.machines().speed().ratio(), 0.001);
    // the interval over eight forks a side is far narrower than the tolerance
    assertTrue(
        c.machines().speed().high() / c.machines().speed().low() < 1.02, c.machines()::toString);
  }

  /** Two runs ten minutes apart on one VM busy with other builds (load average 30–45). */
  @Test
  void twoRunsOfOneMachineAreTheSameMachineWithinOnePercent() throws IOException {
    Comparison c =
        new Comparison(recorded(RUNS.resolve("cal1")), recorded(RUNS.resolve("cal2")), 0.05, 0.99);
    assertFalse(c.machines().differ(), c.machines()::toString);
    Ratio speed = c.machines().speed();
    assertTrue(speed.low() > 0.99 && speed.high() < 1.01, speed::toString);
  }

  @Test
  void aMachineTwoPercentSlowerIsTheSameMachine() throws IOException {
    RunRecord run = recorded(RUNS.resolve("cal1"));
    Comparison c = new Comparison(run, slower(run, 1.02), 0.05, 0.99);
    assertFalse(c.machines().differ(), c.machines()::toString);
  }

  @Test
  void theOldYardstickAgainstTheNewIsNotCompared() throws IOException {
    RunRecord old = recorded(JMH_RESULTS.resolve("20261126-023436-vm-5fc7a67-quick-jdk17"));
    RunRecord now = recorded(RUNS.resolve("cal1"));
    Comparison c = new Comparison(old, now, 0.05, 0.99);
    assertNull(c.machines());
    assertTrue(c.yardsticksDiffer());
    java.io.StringWriter text = new java.io.StringWriter();
    CompareFormat.TEXT.write(c, "old", "now", "5%", text);
    assertTrue(text.toString().contains("different reference workloads"), text::toString);
    // 5fc7a67 ran on 2026-11-26 with the first yardstick: the line names the workloads, not a date
    assertTrue(
        text.toString().contains("wirebench-reference-1 in BASE, wirebench-reference-2 in NEW"),
        text::toString);
  }

  /** The report says where the calibration ran and how it moved; a version 3 one as before. */
  @Test
  void theReportGivesTheCalibrationsGroupsAndDrift() throws IOException {
    String md = MarkdownRenderer.render(ReportWriter.build(recorded(RUNS.resolve("cal1")), "t"));
    assertTrue(
        md.contains("219.9 µs an operation, the median of 8 forks in 2 groups (fork medians"), md);
    assertTrue(md.contains("the first quarter of the forks"), md);
  }

  @Test
  void theCalibrationSaysItsDrift() throws IOException {
    Calibration c = recorded(RUNS.resolve("cal1")).env().calibration();
    assertEquals(List.of("calibration", "backend"), c.groups().stream().distinct().toList());
    Calibrations.Drift d = Calibrations.drift(c);
    assertTrue(d.lowestNs() <= d.firstQuarterNs() && d.firstQuarterNs() <= d.highestNs());
    assertTrue(d.lowestNs() <= d.lastQuarterNs() && d.lastQuarterNs() <= d.highestNs());
    assertTrue(d.highestNs() / d.lowestNs() < 1.03, d::toString);
  }
}
