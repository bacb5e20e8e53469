package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.report.Comparison.Kind;
import org.wirebench.bench.report.Comparison.PairKind;
import org.wirebench.bench.report.Comparison.Row;
import org.wirebench.bench.report.Comparison.Verdict;
import org.wirebench.results.OtherWork;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;

/**
 * compare's rules on the recorded runs of every format version: each committed run against the one
 * committed before it (so every version boundary of env.json, pairs.json and the load files is
 * crossed as recorded), and each against itself. Where the machines differ (hardware, the
 * calibration beyond its noise, or the workloads together) no absolute time or rate and no
 * variant's cost against the calibration is judged, the within-run ratios are; on the same machine
 * nothing is left unjudged for the machine's sake.
 */
class CompareEveryVersionTest {
  private static final double THRESHOLD = 0.05;
  private static final double CONFIDENCE = 0.99;

  /** What an absolute row may read across machines that differ: never a change. */
  private static final Set<Verdict> UNJUDGED =
      EnumSet.of(Verdict.NOT_JUDGED, Verdict.INVALID, Verdict.NOT_STEADY);

  private static List<RunRecord> runs;

  @BeforeAll
  static void readEveryCommittedRun() throws IOException {
    List<Path> folders = ReferenceReportTest.committedRuns().toList();
    runs = new ArrayList<>();
    for (Path folder : folders) {
      runs.add(RunRecord.read(folder));
    }
  }

  private static boolean absolute(Row r) {
    return r.subject().kind() != Kind.PAIR || r.subject().pairKind() == PairKind.VARIANT;
  }

  /** Whether the step that measured the row ran beside other work in either run. */
  private static boolean shared(Comparison c, Row r) {
    if (c.machines() == null) {
      return false;
    }
    OtherWork.Step step =
        switch (r.subject().kind()) {
          case JMH -> OtherWork.Step.BENCHMARKS;
          case LOAD -> OtherWork.Step.LOAD;
          case PAIR -> OtherWork.Step.PAIRS;
        };
    return c.machines().shared().contains(step);
  }

  private static String name(RunRecord r) {
    return r.folder().getFileName().toString();
  }

  private static Set<Integer> oneTo(int newest) {
    return new TreeSet<>(IntStream.rangeClosed(1, newest).boxed().toList());
  }

  @Test
  void theRecordedRunsHoldEveryFormatVersion() {
    Set<Integer> env = new TreeSet<>();
    Set<Integer> pairs = new TreeSet<>();
    Set<Integer> load = new TreeSet<>();
    for (RunRecord r : runs) {
      env.add(r.env().formatVersion());
      if (r.pairs() != null) {
        pairs.add(r.pairs().formatVersion());
      }
      for (ScenarioResult s : r.load().values()) {
        load.add(s.formatVersion());
      }
    }
    // a new version needs a recorded run before the compares below can be said to cover it
    assertEquals(oneTo(RunEnvironment.FORMAT_VERSION), env, "env.json versions");
    assertEquals(oneTo(PairedRuns.FORMAT_VERSION), pairs, "pairs.json versions");
    assertEquals(oneTo(ScenarioResult.FORMAT_VERSION), load, "load file versions");
  }

  @Test
  void eachRunAgainstTheOneBeforeJudgesAbsoluteTimesOnlyOnOneMachine() throws IOException {
    int differ = 0;
    int same = 0;
    int byCalibration = 0;
    int byHardware = 0;
    int byWorkloads = 0;
    int envBoundaries = 0;
    int pairsBoundaries = 0;
    for (int i = 1; i < runs.size(); i++) {
      RunRecord base = runs.get(i - 1);
      RunRecord now = runs.get(i);
      String at = name(base) + " → " + name(now);
      Comparison c = new Comparison(base, now, THRESHOLD, CONFIDENCE);
      boolean machinesDiffer = c.machines() != null && c.machines().differ();
      for (Row r : c.rows()) {
        if ((machinesDiffer || shared(c, r)) && absolute(r)) {
          assertTrue(UNJUDGED.contains(r.verdict()), at + ": " + r.key() + " " + r.verdict());
        } else {
          assertNotEquals(Verdict.NOT_JUDGED, r.verdict(), at + ": " + r.key());
        }
      }
      if (c.machines() != null && c.machines().speed() != null) {
        if (machinesDiffer) {
          differ++;
        } else {
          same++;
        }
        Machines m = c.machines();
        byCalibration += Calibrations.differ(m.speed()) ? 1 : 0;
        byHardware += m.hardware().isEmpty() ? 0 : 1;
        byWorkloads += m.workloads() != null && m.workloads().differ() ? 1 : 0;
      }
      envBoundaries += base.env().formatVersion() != now.env().formatVersion() ? 1 : 0;
      pairsBoundaries +=
          base.pairs() != null
                  && now.pairs() != null
                  && base.pairs().formatVersion() != now.pairs().formatVersion()
              ? 1
              : 0;
    }
    // both rules met on calibrated runs, and every version boundary crossed as recorded
    assertTrue(differ > 0, "calibrated compares whose machines differ: " + differ);
    assertTrue(same > 0, "calibrated compares of one machine: " + same);
    // each witness of another machine, as recorded: the calibration beyond its noise (514ccac),
    // the hardware (one core, 154152), the workloads together (a run beside other work, 024006)
    assertTrue(byCalibration > 0, "machines told apart by the calibration: " + byCalibration);
    assertTrue(byHardware > 0, "machines told apart by their hardware: " + byHardware);
    assertTrue(byWorkloads > 0, "machines told apart by the workloads together: " + byWorkloads);
    assertEquals(RunEnvironment.FORMAT_VERSION - 1, envBoundaries, "env.json boundaries");
    assertEquals(PairedRuns.FORMAT_VERSION - 1, pairsBoundaries, "pairs.json boundaries");
  }

  /** A run against itself: one machine, every row judged, nothing changed, nothing missing. */
  @Test
  void everyRunAgainstItselfIsNoChange() throws IOException {
    for (RunRecord run : runs) {
      String at = name(run);
      Comparison c = new Comparison(run, run, THRESHOLD, CONFIDENCE);
      if (c.machines() != null) {
        assertTrue(!c.machines().differ(), at + ": " + c.machines());
      }
      assertTrue(c.missingInNew().isEmpty(), at + ": " + c.missingInNew());
      assertTrue(c.unmatched().isEmpty(), at + ": " + c.unmatched());
      for (Row r : c.rows()) {
        // a step the run shared with other work has its absolute figures left unjudged, even
        // against itself (the run's own 20261128-184243, beside a helper's builds)
        assertTrue(
            Stream.of(Verdict.NO_CHANGE, Verdict.UNKNOWN, Verdict.INVALID, Verdict.NOT_STEADY)
                    .anyMatch(v -> v == r.verdict())
                || (shared(c, r) && absolute(r) && r.verdict() == Verdict.NOT_JUDGED),
            at + ": " + r.key() + " " + r.verdict());
      }
      assertNotEquals(1, c.exitCode(), at);
      if (run.pairs() != null) {
        assertTrue(c.rows().stream().anyMatch(r -> r.subject().kind() == Kind.PAIR), at);
      }
    }
  }
}
