package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every released results format still reads; newer and half-written ones are refused. */
class RunRecordTest {
  private static final Path SAMPLES = Path.of("src/test/resources/runs");

  static Stream<Path> samples() throws IOException {
    List<Path> runs;
    try (Stream<Path> s = Files.list(SAMPLES)) {
      runs = s.filter(Files::isDirectory).sorted().toList();
    }
    try (Stream<Path> s = Files.list(SAMPLES.resolve("compare"))) {
      return Stream.concat(runs.stream(), s.filter(Files::isDirectory).sorted().toList().stream())
          .filter(p -> !p.endsWith("compare"));
    }
  }

  @ParameterizedTest
  @MethodSource("samples")
  void everyKeptSampleReads(Path run) throws IOException {
    RunRecord r = RunRecord.read(run);
    assertFalse(r.benchmarks().isEmpty(), run::toString);
    for (RunRecord.Benchmark b : r.benchmarks()) {
      assertTrue(b.raw().length >= 1 && b.forks() >= 1, b::key);
      assertTrue(b.score() > 0, b::key);
    }
  }

  @Test
  void forkMeansAreTheSamplesWhenThereAreSeveralForks() throws IOException {
    RunRecord r = RunRecord.read(SAMPLES.resolve("env-v1-targets-jdk17"));
    RunRecord.Benchmark b = r.benchmarks().get(0);
    assertEquals(3, b.forks());
    assertEquals(3, b.samples().length);
  }

  @Test
  void aNewerFormatIsRefusedWithAClearMessage(@TempDir Path dir) throws IOException {
    Path run = Files.createDirectory(dir.resolve("20990101-000000-host-abcdef0-quick-jdk99"));
    Files.writeString(run.resolve("env.json"), "{\"formatVersion\": 99, \"suite\": \"quick\"}");
    IOException e = assertThrows(IOException.class, () -> RunRecord.read(run));
    assertTrue(e.getMessage().contains("format version 99"), e.getMessage());
    assertTrue(e.getMessage().contains("update wirebench"), e.getMessage());
  }

  @Test
  void aNewerLoadFormatIsRefused(@TempDir Path dir) throws IOException {
    Path run = Files.createDirectory(dir.resolve("run"));
    Files.copy(SAMPLES.resolve("env-v1-targets-jdk17/env.json"), run.resolve("env.json"));
    Files.writeString(run.resolve("load-wfs.json"), "{\"formatVersion\": 2, \"points\": []}");
    IOException e = assertThrows(IOException.class, () -> RunRecord.read(run));
    assertTrue(e.getMessage().contains("load-wfs.json has format version 2"), e.getMessage());
  }

  @Test
  void aHalfWrittenRunIsNotReadAsComplete(@TempDir Path dir) throws IOException {
    Path tmp = Files.createDirectory(dir.resolve("tmp-12345"));
    Files.copy(SAMPLES.resolve("env-v1-targets-jdk17/env.json"), tmp.resolve("env.json"));
    IOException e = assertThrows(IOException.class, () -> RunRecord.read(tmp));
    assertTrue(e.getMessage().contains("incomplete run"), e.getMessage());
  }

  @Test
  void thenAndNowJudgesTheGmlClaimWithAnInterval() throws IOException {
    List<ThenAndNow.Row> rows =
        ThenAndNow.rows(RunRecord.read(SAMPLES.resolve("env-v1-targets-jdk17")));
    ThenAndNow.Row roads = rows.get(0);
    assertTrue(roads.claim().contains("osm_mainroads"), roads::toString);
    // the recorded run measured GML 3.2 at about 1.2× GML 2: far below the study's 3.4
    assertEquals("does not hold", roads.verdict(), roads::toString);
    assertTrue(roads.now().contains("(99%)"), roads::toString);
    assertEquals("missing", rows.get(2).verdict(), "no load scenario in that run");
  }
}
