package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.export.CompareFormat;
import org.wirebench.results.OtherWork;
import org.wirebench.results.RunRecord;

/**
 * A run whose steps shared the machine with other work (src/test/runs/otherwork-v5/shared: a real
 * small run beside a helper's build, half the machine's time other work in every step): compare
 * lists that step's absolute figures without judging them, judges the claims' within-run ratios,
 * and says why; the same run with its steps quiet is judged as always. Before env.json version 5
 * nothing told the two apart, and a build beside a run read as the code's regression.
 */
class SharedMachineCompareTest {
  private static final Path SHARED = ThenAndNowTest.runs().resolve("otherwork-v5/shared");

  @Test
  void aSharedStepsAbsoluteFiguresAreListedNotJudged() throws IOException {
    RunRecord run = RunRecord.read(SHARED);
    Comparison c = new Comparison(run, run, 0.05, 0.99);
    assertEquals(Set.of(OtherWork.Step.values()), c.machines().shared());
    assertTrue(c.machines().speed() != null && !c.machines().differ());
    for (Comparison.Row r : c.rows()) {
      boolean claim =
          r.subject().pairKind() == Comparison.PairKind.CLAIM
              || r.subject().pairKind() == Comparison.PairKind.TARGET;
      assertEquals(
          claim ? Comparison.Verdict.NO_CHANGE : Comparison.Verdict.NOT_JUDGED,
          r.verdict(),
          r.key());
    }
    assertTrue(c.rows().stream().anyMatch(r -> r.subject().kind() == Comparison.Kind.JMH));
    assertTrue(c.rows().stream().anyMatch(r -> r.subject().kind() == Comparison.Kind.LOAD));
    List<String> shared =
        c.warnings().stream().filter(w -> w.contains("shared its machine")).toList();
    assertEquals(2, shared.size(), c.warnings().toString());
    assertTrue(
        shared
            .get(0)
            .startsWith(
                "BASE shared its machine with other work (env.json): 55% of it"
                    + " in the benchmarks step (steal 0%), 50% of it in the pairs step"),
        shared.get(0));
    String text = text(c);
    assertTrue(
        text.contains(
            "absolute times not judged: a run shared its machine with other work in every step"),
        text);
  }

  /**
   * Only the load step shared: the line judges the rest and names the one step; a run that recorded
   * nothing beside one that did is named in a warning, since its steps are judged as if quiet.
   */
  @Test
  void oneSharedStepIsNamedAndAnUnrecordedRunIsWarnedOf(@TempDir Path dir) throws IOException {
    RunRecord quiet = RunRecord.read(copyWithOthers(SHARED, dir.resolve("quiet"), 0));
    Path loadShared = copyWithOthers(SHARED, dir.resolve("load"), 0);
    edit(loadShared, root -> ((ObjectNode) root.get("otherWork").get(2)).put("othersTicks", 9000));
    Comparison c = new Comparison(quiet, RunRecord.read(loadShared), 0.05, 0.99);
    assertEquals(Set.of(OtherWork.Step.LOAD), c.machines().shared());
    String line = text(c).lines().findFirst().orElseThrow();
    assertTrue(
        line.endsWith(
            "absolute times judged, except in the load step: a run shared its"
                + " machine with other work there (see the warnings), so their absolute figures are"
                + " listed, not judged"),
        line);
    Path unrecorded = copyWithOthers(SHARED, dir.resolve("none"), 0);
    edit(unrecorded, root -> ((ObjectNode) root).putNull("otherWork"));
    Comparison u = new Comparison(quiet, RunRecord.read(unrecorded), 0.05, 0.99);
    assertTrue(
        u.warnings()
            .contains(
                "NEW recorded nothing of what else used its machine (env.json 5; version 5 suite"
                    + " runs do): its steps are judged as if it had the machine to itself"),
        u.warnings().toString());
    assertTrue(
        new Comparison(quiet, quiet, 0.05, 0.99)
            .warnings().stream().noneMatch(w -> w.contains("recorded nothing")));
  }

  private static void edit(Path run, java.util.function.Consumer<JsonNode> change)
      throws IOException {
    ObjectMapper json = new ObjectMapper();
    Path env = run.resolve("env.json");
    JsonNode root = json.readTree(env.toFile());
    change.accept(root);
    Files.writeString(env, json.writeValueAsString(root));
  }

  @Test
  void theSameRunWithItsStepsQuietIsJudged(@TempDir Path dir) throws IOException {
    Path quiet = copyWithOthers(SHARED, dir.resolve("quiet"), 0);
    RunRecord q = RunRecord.read(quiet);
    Comparison c = new Comparison(q, q, 0.05, 0.99);
    assertTrue(c.machines().shared().isEmpty());
    assertTrue(c.warnings().stream().noneMatch(w -> w.contains("shared its machine")));
    // a JMH score of one fork has no interval: unknown; a load point: unknown; never not judged
    assertTrue(
        c.rows().stream().noneMatch(r -> r.verdict() == Comparison.Verdict.NOT_JUDGED),
        c.rows().toString());
    // one side shared is enough: its figures read a slower machine than it is
    Comparison half = new Comparison(q, RunRecord.read(SHARED), 0.05, 0.99);
    assertEquals(Set.of(OtherWork.Step.values()), half.machines().shared());
    assertTrue(half.warnings().stream().anyMatch(w -> w.startsWith("NEW shared its machine")));
    assertTrue(half.warnings().stream().noneMatch(w -> w.startsWith("BASE shared its machine")));
  }

  /**
   * A shared run against a run of the first reference workload: the machines line says why they are
   * not compared — the runs timed different workloads — where it said "a run without a
   * calibration", which neither is, once a shared step made the machines something to tell.
   */
  @Test
  void againstAnotherReferenceWorkloadTheLineSaysSoBesideTheSharedSteps() throws IOException {
    RunRecord old =
        RunRecord.read(
            ThenAndNowTest.runs()
                .resolve("../../../jmh-results/20261126-023436-vm-5fc7a67-quick-jdk17"));
    Comparison c = new Comparison(old, RunRecord.read(SHARED), 0.05, 0.99);
    assertTrue(c.yardsticksDiffer());
    String line = text(c).lines().findFirst().orElseThrow();
    assertTrue(
        line.startsWith(
            "machines: not compared (the runs timed different reference workloads:"
                + " wirebench-reference-1 in BASE, wirebench-reference-2 in NEW); absolute times"
                + " not judged: a run shared its machine with other work in every step"),
        line);
  }

  /**
   * The report's line: each step's share, and what it means; a version 5 env.json without any
   * (jmeter-import's for a driver-only load --out folder) says why, where it said "a run of one
   * scenario", which a suite run of one load scenario is too, and records its steps.
   */
  @Test
  void theReportSaysWhatElseUsedTheMachineOrWhyItIsNotKnown() throws IOException {
    org.wirebench.results.RunEnvironment env = RunRecord.read(SHARED).env();
    assertTrue(
        EnvironmentSection.otherWork(env)
            .startsWith(
                "benchmarks 55% (steal 0%), pairs 50% (steal 0%), load 45% (steal 0%) of the"
                    + " machine's time; the benchmarks, pairs and load steps shared the machine"),
        EnvironmentSection.otherWork(env));
    String none = EnvironmentSection.otherWork(env.withOtherWork(null));
    assertTrue(none.contains("driver-only load --out folder, whose env.json jmeter-import"), none);
  }

  /**
   * The JUnit file skips each absolute figure with its own reason, the step that measured it shared
   * (it gave both reasons, machines that differ or a shared step, and the reader had to guess).
   */
  @Test
  void theJunitFileNamesTheSharedStepOfEachSkippedResult() throws IOException {
    RunRecord run = RunRecord.read(SHARED);
    StringWriter s = new StringWriter();
    try (PrintWriter out = new PrintWriter(s)) {
      CompareFormat.JUNIT.write(new Comparison(run, run, 0.05, 0.99), "base", "new", "5%", out);
    }
    String xml = s.toString();
    for (String step : List.of("benchmarks", "pairs", "load")) {
      assertTrue(
          xml.contains(
              "<skipped message=\"not judged: a run shared its machine with other work in the "
                  + step
                  + " step, which measured it"),
          step);
    }
    assertTrue(!xml.contains("the runs' machines differ"), xml);
  }

  /** The run, its env.json's steps each with this many ticks of other work and no steal. */
  private static Path copyWithOthers(Path run, Path to, long others) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(run)) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    Path env = to.resolve("env.json");
    ObjectMapper json = new ObjectMapper();
    JsonNode root = json.readTree(env.toFile());
    for (JsonNode step : root.get("otherWork")) {
      ((ObjectNode) step).put("othersTicks", others).put("stealTicks", 0);
    }
    Files.writeString(env, json.writeValueAsString(root));
    return to;
  }

  private static String text(Comparison c) throws IOException {
    StringWriter s = new StringWriter();
    try (PrintWriter out = new PrintWriter(s)) {
      CompareFormat.TEXT.write(c, "base", "new", "5%", out);
    }
    return s.toString();
  }
}
