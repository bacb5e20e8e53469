package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.ToDoubleBiFunction;
import org.junit.jupiter.api.Test;
import org.wirebench.results.OtherWork;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunEnvironment.Calibration;
import org.wirebench.results.RunRecord;

/**
 * compare's second witness of the machine: the suite's own pair variants against the calibration,
 * taken together. A run beside other work slows every codec, stack and renderer while the pure-core
 * calibration reads the same machine; one codec's change moves only its own variants.
 */
class WorkloadsTogetherTest {
  private static final Path JMH_RESULTS = ThenAndNowTest.runs().resolve("../../../jmh-results");
  private static final String REFERENCE = "20261127-212803-vm-1b94f09-quick-jdk17";
  private static final String BESIDE_HELPERS = "20261128-024006-vm-eb6fb86-quick-jdk17";

  private static RunRecord committed(String run) throws IOException {
    return RunRecord.read(JMH_RESULTS.resolve(run));
  }

  private static Comparison compare(RunRecord base, RunRecord now) throws IOException {
    return new Comparison(base, now, 0.05, 0.99);
  }

  /** compare's text output's first line: what it says of the machines. */
  private static String machinesLine(Comparison c) throws IOException {
    java.io.StringWriter s = new java.io.StringWriter();
    try (java.io.PrintWriter out = new java.io.PrintWriter(s)) {
      org.wirebench.bench.export.CompareFormat.TEXT.write(c, "base", "new", "5%", out);
    }
    return s.toString().lines().findFirst().orElseThrow();
  }

  /** The run with the costs of the variants {@code which} (group id, variant id) times factor. */
  static RunRecord scaled(RunRecord r, BiPredicate<String, String> which, double factor) {
    return withCosts(r, (g, v) -> which.test(g, v) ? factor : 1, 1);
  }

  /**
   * The run with each variant's costs times {@code factor} of its group id and variant id, and
   * every calibration sample times {@code calibration} (a slower machine: both, by as much).
   */
  static RunRecord withCosts(
      RunRecord r, ToDoubleBiFunction<String, String> factor, double calibration) {
    PairedRuns p = r.pairs();
    List<PairedRuns.Group> groups = new ArrayList<>();
    for (PairedRuns.Group g : p.groups()) {
      List<PairedRuns.Fork> forks = new ArrayList<>();
      for (PairedRuns.Fork f : g.forks()) {
        List<double[]> costs = new ArrayList<>();
        for (int v = 0; v < f.nsPerOp().size(); v++) {
          double k = factor.applyAsDouble(g.id(), g.variants().get(v).id());
          costs.add(Arrays.stream(f.nsPerOp().get(v)).map(x -> x * k).toArray());
        }
        forks.add(new PairedRuns.Fork(f.seed(), f.opsPerBatch(), costs, f.wallNsPerOp()));
      }
      groups.add(
          new PairedRuns.Group(
              g.id(), g.variants(), forks, g.stopped(), g.elapsedMs(), g.warmupMs()));
    }
    Calibration c = r.env().calibration();
    List<double[]> reference = new ArrayList<>();
    for (double[] f : c.nsPerOp()) {
      reference.add(Arrays.stream(f).map(x -> x * calibration).toArray());
    }
    return new RunRecord(
        r.folder(),
        r.env().withCalibration(new Calibration(c.workload(), reference, c.groups())),
        r.benchmarks(),
        r.load(),
        r.sizes(),
        r.fidelity(),
        r.codecFidelity(),
        new PairedRuns(p.formatVersion(), p.settings(), groups, p.claims()));
  }

  /**
   * The witness and the per-variant rows are one reading of the variants' costs (taken once, {@link
   * PairComparison#variantCosts}): its median is the median of the rows' NEW / BASE, over as many
   * variants as there are rows.
   */
  @Test
  void theWitnessIsTheMedianOfThePerVariantRows() throws IOException {
    Comparison c = compare(committed(REFERENCE), committed(BESIDE_HELPERS));
    double[] rows =
        c.rows().stream()
            .filter(r -> r.subject().pairKind() == Comparison.PairKind.VARIANT)
            .mapToDouble(r -> r.nowMean() / r.baseMean())
            .sorted()
            .toArray();
    Workloads w = c.machines().workloads();
    assertEquals(rows.length, w.variants());
    assertEquals(rows[rows.length / 2], w.ratio(), 1e-12);
  }

  /**
   * The reference quick run, then one of the next build started as four helpers set up their git
   * worktrees: no measured code changed, the calibration read 1.013, and every one of the 37
   * variants cost 1.12–1.36 times more against it. The old compare called 23 of them and every
   * absolute row it could judge regressed (exit 1).
   */
  @Test
  void aRunBesideOtherWorkIsADifferentMachineNotARegression() throws IOException {
    Comparison c = compare(committed(REFERENCE), committed(BESIDE_HELPERS));
    Workloads w = c.machines().workloads();
    assertNotNull(w, c.machines()::toString);
    assertEquals(37, w.variants());
    assertEquals(6, w.groups());
    assertEquals(37, w.rose());
    assertEquals(1.21, w.ratio(), 0.02);
    assertTrue(c.machines().differ(), c.machines()::toString);
    assertFalse(Calibrations.differ(c.machines().speed()), c.machines()::toString);
    assertEquals(0, c.count(Comparison.Verdict.REGRESSED), c.rows()::toString);
    assertEquals(0, c.exitCode());
    // the claims and targets, ratios within each run, are still judged
    assertTrue(c.count(Comparison.Verdict.NO_CHANGE) >= 20, c.rows()::toString);
  }

  /**
   * Every variant 1.25 times dearer and the calibration not: the same as above, by construction.
   */
  @Test
  void everyVariantDearerWithTheCalibrationUnmovedIsNotJudged() throws IOException {
    RunRecord ref = committed(REFERENCE);
    Comparison c = compare(ref, scaled(ref, (g, v) -> true, 1.25));
    assertEquals(1.25, c.machines().workloads().ratio(), 1e-9);
    assertTrue(c.machines().differ());
    assertEquals(0, c.count(Comparison.Verdict.REGRESSED), c.rows()::toString);
    c.rows().stream()
        .filter(r -> r.subject().pairKind() == Comparison.PairKind.VARIANT)
        .forEach(r -> assertEquals(Comparison.Verdict.NOT_JUDGED, r.verdict(), r::toString));
  }

  /**
   * Every variant dearer together with the calibration unmoved, and the forks ran with other JVM
   * flags: the machines line names the flags first, since a flag moves every workload alike (the
   * line said only "other work on the machine ... or a change common to every workload").
   */
  @Test
  void workloadsTogetherUnderOtherJvmFlagsNameTheFlags() throws IOException {
    RunRecord ref = committed(REFERENCE);
    RunRecord slower = scaled(ref, (g, v) -> true, 1.25);
    String same = machinesLine(compare(ref, slower));
    assertFalse(same.contains("JVM flags differ"), same);
    RunRecord now =
        withJvm(
            slower,
            slower.env().jdk(),
            List.of(List.of("-Xms1g", "-Xmx1g", "-XX:TieredStopAtLevel=1")));
    Comparison c = compare(ref, now);
    assertEquals(List.of("forked JVM flags"), c.jvmDifferences());
    String line = machinesLine(c);
    assertTrue(
        line.contains(
            "moved together while the reference workload did not: the runs' forked JVM flags"
                + " differ (see the warnings), which moves every workload alike, or other work"),
        line);
  }

  /**
   * Every variant dearer together, and the launcher's JDK, on which both runs' forks ran ("same"),
   * another patch release: the line names the JDK (it named nothing, the forked JDK's major and the
   * forked JVM "same" being equal).
   */
  @Test
  void workloadsTogetherOnAnotherJdkOfTheForksNameTheJdk() throws IOException {
    RunRecord ref = committed(REFERENCE);
    assertEquals(RunEnvironment.SAME_JVM, ref.env().forkedJvm());
    RunRecord slower = scaled(ref, (g, v) -> true, 1.25);
    Comparison c = compare(ref, withJvm(slower, "17.0.99", slower.env().forkJvmArgs()));
    assertEquals(List.of("JDK"), c.jvmDifferences());
    String line = machinesLine(c);
    assertTrue(
        line.contains("did not: the runs' JDK differ (see the warnings), which moves every"), line);
  }

  /** The run as if its launcher had been {@code jdk} and its forks had run with these flags. */
  private static RunRecord withJvm(RunRecord r, String jdk, List<List<String>> forkJvmArgs) {
    RunEnvironment e = r.env();
    RunEnvironment other =
        new RunEnvironment(
            e.formatVersion(),
            e.suite(),
            e.startedUtc(),
            jdk,
            e.jdkVendor(),
            e.vm(),
            e.forkedJvm(),
            e.forkedJdkMajor(),
            e.host(),
            e.launcherJvmArgs(),
            e.cpuModel(),
            e.cores(),
            e.maxHeapBytes(),
            e.os(),
            e.commit(),
            e.workingTreeDirty(),
            forkJvmArgs,
            e.serverJvms(),
            e.libraries(),
            e.calibration(),
            e.otherWork());
    return withEnv(r, other);
  }

  /** The run with another env.json. */
  private static RunRecord withEnv(RunRecord r, RunEnvironment env) {
    return new RunRecord(
        r.folder(),
        env,
        r.benchmarks(),
        r.load(),
        r.sizes(),
        r.fidelity(),
        r.codecFidelity(),
        r.pairs());
  }

  /**
   * Every variant dearer together, the calibration unmoved, and both runs' accounts say nothing
   * else ran on the machine during the pairs: the line names a neighbour on the host, not "other
   * work on the machine"; with a shared pairs step on either side it names the machine's own work.
   */
  @Test
  void workloadsTogetherWithNoOtherWorkRecordedNameTheHost() throws IOException {
    RunRecord ref = committed(REFERENCE);
    RunRecord quietBase = withPairsStep(ref, 0);
    RunRecord quietNow = withPairsStep(scaled(ref, (g, v) -> true, 1.25), 0);
    String line = machinesLine(compare(quietBase, quietNow));
    assertTrue(line.contains("a neighbour on the host (no other work shared either run's"), line);
    String shared = machinesLine(compare(quietBase, withPairsStep(quietNow, 5_000)));
    assertTrue(shared.contains("other work on the machine, whose memory traffic"), shared);
    String unrecorded = machinesLine(compare(ref, scaled(ref, (g, v) -> true, 1.25)));
    assertTrue(unrecorded.contains("other work on the machine, whose memory traffic"), unrecorded);
  }

  /** The run with a pairs step recorded: 10,000 ticks of the machine, {@code others} of them. */
  private static RunRecord withPairsStep(RunRecord r, long others) {
    return withEnv(
        r,
        r.env()
            .withOtherWork(
                List.of(new OtherWork(OtherWork.Step.PAIRS, 270_000, 10_000, others, 0))));
  }

  /**
   * One codec 1.3 times dearer (both its variants in osm_places): the median of 37 stays at 1, the
   * machine is the same, and the codec's own rows and its target regress.
   */
  @Test
  void oneCodecsSlowdownLeavesTheWorkloadsAndIsARegression() throws IOException {
    RunRecord ref = committed(REFERENCE);
    RunRecord planted = scaled(ref, (g, v) -> g.equals("wfs-osm_places") && v.equals("gml2"), 1.3);
    Comparison c = compare(ref, planted);
    assertEquals(1.0, c.machines().workloads().ratio(), 1e-9);
    assertFalse(c.machines().differ(), c.machines()::toString);
    Comparison.Row own =
        c.rows().stream()
            .filter(r -> r.key().equals("pair wfs-osm_places gml2 ÷ calibration"))
            .findFirst()
            .orElseThrow();
    assertEquals(Comparison.Verdict.REGRESSED, own.verdict(), own::toString);
    assertEquals(1, c.exitCode());
  }

  /**
   * Runs of one build on the quiet VM moved the median by up to 6.6% (dac75b2's first two): the
   * same machine, absolute times judged as before.
   */
  @Test
  void quietRunsOfOneBuildAreTheSameMachine() throws IOException {
    Comparison c =
        compare(
            committed("20261126-140200-vm-dac75b2-quick-jdk17"),
            committed("20261126-141547-vm-dac75b2-quick-jdk17"));
    assertEquals(1.066, c.machines().workloads().ratio(), 0.005);
    assertFalse(c.machines().differ(), c.machines()::toString);
  }

  /**
   * A run of one pair group (the backend's three variants): its median is that group's, which one
   * variant can carry, so it never says the machines differ.
   */
  @Test
  void oneGroupsVariantsNeverDecide() throws IOException {
    Path cal = ThenAndNowTest.runs().resolve("calibration-v4");
    RunRecord base = RunRecord.read(cal.resolve("cal1"));
    Comparison c = compare(base, scaled(RunRecord.read(cal.resolve("cal2")), (g, v) -> true, 1.6));
    assertEquals(1, c.machines().workloads().groups());
    assertFalse(c.machines().differ(), c.machines()::toString);
    assertEquals(1, c.exitCode());
  }
}
