package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every released results format still reads; newer, foreign and half-written ones are refused. */
class RunRecordTest {
  private static final Path SAMPLES = Samples.runs();

  static Stream<Path> samples() throws IOException {
    List<Path> runs;
    try (Stream<Path> s = Files.list(SAMPLES)) {
      runs = s.filter(p -> Files.isRegularFile(p.resolve("env.json"))).sorted().toList();
    }
    try (Stream<Path> s = Files.list(SAMPLES.resolve("compare"))) {
      return Stream.concat(runs.stream(), s.filter(Files::isDirectory).sorted().toList().stream());
    }
  }

  @ParameterizedTest
  @MethodSource("samples")
  void everyKeptSampleReads(Path run) throws IOException {
    RunRecord r = RunRecord.read(run);
    assertFalse(r.benchmarks().isEmpty() && r.pairs() == null, run::toString);
    for (JmhResult b : r.benchmarks()) {
      assertTrue(b.raw().length >= 1 && b.forks() >= 1, b::key);
      assertTrue(b.score() > 0, b::key);
    }
  }

  @Test
  void forkMeansAreTheSamplesWhenThereAreSeveralForks() throws IOException {
    RunRecord r = RunRecord.read(SAMPLES.resolve("env-v1-targets-jdk17"));
    JmhResult b = r.benchmarks().get(0);
    assertEquals(3, b.forks());
    assertEquals(3, b.samples().length);
    assertNull(r.env().libraries(), "version 1 did not record libraries");
  }

  @Test
  void versionOneLoadFilesReadWithTheLayoutTheirScenarioHad() throws IOException {
    ScenarioResult wfs = ScenarioResult.read(SAMPLES.resolve("load-v1/load-wfs.json"));
    assertEquals("layer", wfs.table().tableBy());
    assertEquals(0, wfs.settings().serverWarmupMs(), "not in the oldest samples");
    ScenarioResult.PointResult p = wfs.points().get(0);
    assertEquals("osm_mainroads", p.param("layer"));
    assertEquals("8", p.param("users"));
    assertEquals(737.0, p.throughput());
    assertEquals(31.031295, p.latency(Statistic.P99));
    ScenarioResult soap = ScenarioResult.read(SAMPLES.resolve("load-v1/load-soap.json"));
    assertEquals("stack", soap.table().columnBy());
  }

  @Test
  void aScenarioResultReadsBackAsItWasWritten(@TempDir Path dir) throws IOException {
    LoadResult run =
        new LoadResult(
            LoadResult.FORMAT_VERSION,
            "http://127.0.0.1:1/x",
            LoadModel.CLOSED,
            4,
            0,
            1000,
            500,
            500.0,
            1e6,
            2000,
            Map.of(Statistic.MEAN, 1.5, Statistic.P99, 4.0),
            Map.of(ErrorKind.TIMEOUT, 1L),
            Map.of(ErrorKind.CONNECT, 2L),
            "br",
            312.5);
    ScenarioResult written =
        new ScenarioResult(
            ScenarioResult.FORMAT_VERSION,
            "planted",
            ScenarioSettings.timed(
                "quick", 1, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ZERO),
            "2026-11-23T00:00:00Z",
            Map.of("url", "http://127.0.0.1:1/"),
            Map.of("driver", "test"),
            new TableLayout("", List.of("a"), "users", Statistic.P99, false, null, List.of()),
            List.of(
                new ScenarioResult.PointResult(
                    "a/4",
                    Map.of("a", "x", "users", 4),
                    500.0,
                    run.latencyMs(),
                    2000,
                    1,
                    List.of(run),
                    new ScenarioResult.Warmup(500, List.of(480.0, 500.0, 510.0), true))));
    Path file = dir.resolve("load-planted.json");
    written.write(file);
    ScenarioResult read = ScenarioResult.read(file);
    assertEquals(written.table(), read.table());
    assertEquals(written.settings(), read.settings());
    assertEquals(run, read.points().get(0).runs().get(0));
    assertEquals(1, read.errorCount());
    assertEquals("br", read.points().get(0).encoding());
    assertEquals(312.5, read.points().get(0).meanWireBytes());
    assertEquals(312.5 / 2000, read.points().get(0).runs().get(0).wireRatio());
  }

  @Test
  void versionTwoLoadFilesReadWithoutACodingOrWireBytes() throws IOException {
    ScenarioResult finding = ScenarioResult.read(SAMPLES.resolve("load-v2/load-finding.json"));
    assertEquals(2, finding.formatVersion());
    ScenarioResult.PointResult p = finding.points().get(0);
    assertTrue(p.meanResponseBytes() > 0);
    assertNull(p.encoding(), "not recorded before version 3");
    assertTrue(Double.isNaN(p.meanWireBytes()), "not recorded before version 3, never 0");
    assertNull(p.runs().get(0).meanWireBytes());
    assertTrue(Double.isNaN(p.runs().get(0).wireRatio()));
  }

  /** The suite reads its load results before it has written env.json (a bug once lost a run). */
  @Test
  void loadResultsReadWithoutAnEnvironment(@TempDir Path dir) throws IOException {
    Files.copy(SAMPLES.resolve("load-v1/load-soap.json"), dir.resolve("load-soap.json"));
    Files.copy(SAMPLES.resolve("load-v1/load-wfs.json"), dir.resolve("load-wfs.json"));
    Map<String, ScenarioResult> load = RunRecord.readLoad(dir);
    assertEquals(List.of("wfs", "soap"), List.copyOf(load.keySet()), "in the order they ran");
  }

  @Test
  void versionOneJmeterFilesReadBesideTheLoadFiles(@TempDir Path dir) throws IOException {
    Path run = Files.createDirectory(dir.resolve("run"));
    Files.copy(SAMPLES.resolve("env-v1-targets-jdk17/env.json"), run.resolve("env.json"));
    Files.copy(
        SAMPLES.resolve("jmeter-v1/jmeter-wfs.json"), run.resolve(JmeterResult.fileName("wfs")));
    JmeterResult wfs = RunRecord.read(run).jmeter().get("wfs");
    assertEquals(5000, wfs.warmupMs());
    assertEquals(1, wfs.engines());
    JmeterResult.Point p = wfs.points().get(0);
    assertEquals("osm_places/geojson/4", p.id());
    assertEquals(42708, p.samples());
    assertEquals(4, p.structureChecks());
    assertEquals(0, wfs.errorCount());
    Files.writeString(
        run.resolve(JmeterResult.fileName("soap")), "{\"formatVersion\": 2, \"points\": []}");
    IOException e = assertThrows(IOException.class, () -> RunRecord.read(run).jmeter());
    assertTrue(e.getMessage().contains("format version 2"), e.getMessage());
  }

  /**
   * A format version not written as a whole number 1.. is refused naming it: the old reader took
   * "2" and 2.5 for 2 and read the file, and reported 99999999999999 as 276447231.
   */
  @Test
  void aFormatVersionThatIsNoWholeNumberIsRefusedAsWritten(@TempDir Path dir) throws IOException {
    Path pairs = SAMPLES.resolve("pairs-v1/pairs.json");
    String text = Files.readString(pairs);
    assertTrue(text.contains("\"formatVersion\" : 1"), "the sample's version as written");
    for (String v : List.of("\"1\"", "1.5", "1.0", "99999999999999", "true", "[1]", "0", "-1")) {
      Path f = dir.resolve("pairs.json");
      Files.writeString(f, text.replace("\"formatVersion\" : 1", "\"formatVersion\" : " + v));
      IOException e = assertThrows(IOException.class, () -> PairedRuns.read(f), v);
      assertTrue(e.getMessage().contains("has formatVersion " + v), v + ": " + e.getMessage());
    }
  }

  /** Version 1 of pairs.json beside env.json version 3, as the suite wrote them on 2026-11-25. */
  @Test
  void pairsAndTheCalibrationRead() throws IOException {
    RunRecord r = RunRecord.read(SAMPLES.resolve("pairs-v1"));
    assertEquals(3, r.env().formatVersion());
    RunEnvironment.Calibration c = r.env().calibration();
    assertTrue(c.workload().startsWith("wirebench-reference-1"), c::workload);
    assertFalse(c.nsPerOp().isEmpty());
    PairedRuns pairs = r.pairs();
    assertFalse(pairs.claims().isEmpty());
    for (PairedRuns.Claim claim : pairs.claims()) {
      PairedRuns.Group g = pairs.group(claim.group());
      assertTrue(g.index(claim.a()) >= 0 && g.index(claim.b()) >= 0, claim::id);
      assertTrue(claim.band() > 0, claim::id);
    }
    for (PairedRuns.Group g : pairs.groups()) {
      assertTrue(g.forks().size() >= pairs.settings().minForks(), g::id);
      for (PairedRuns.Fork f : g.forks()) {
        assertEquals(g.variants().size(), f.nsPerOp().size(), g::id);
        assertEquals(pairs.settings().rounds(), f.nsPerOp().get(0).length, g::id);
      }
    }
  }

  /**
   * env.json version 4: the calibration sampled in every group's forks, each fork with its group,
   * in the order they ran (2026-11-26: the calibration group, then backend's forks).
   */
  @Test
  void theCalibrationOfEveryGroupsForksReads() throws IOException {
    RunRecord r = RunRecord.read(SAMPLES.resolve("calibration-v4/cal1"));
    assertEquals(4, r.env().formatVersion());
    RunEnvironment.Calibration c = r.env().calibration();
    assertTrue(c.workload().startsWith("wirebench-reference-2"), c::workload);
    assertEquals(c.nsPerOp().size(), c.groups().size());
    assertEquals(
        List.of("calibration", "calibration", "calibration", "calibration"),
        c.groups().subList(0, 4));
    assertEquals("backend", c.groups().get(4));
    assertEquals(r.pairs().group("backend").forks().size(), c.groups().size() - 4);
    // version 3 had no groups: read as null, every fork the calibration group's
    assertNull(RunRecord.read(SAMPLES.resolve("pairs-v1")).env().calibration().groups());
  }

  /**
   * env.json version 5: what else used the machine in each step, from a real run beside a helper's
   * build (2026-11-28, 2 cores: about half the machine's time went to other work in every step).
   */
  @Test
  void whatElseUsedTheMachineInEachStepReads() throws IOException {
    RunRecord r = RunRecord.read(SAMPLES.resolve("otherwork-v5/shared"));
    assertEquals(5, r.env().formatVersion());
    List<OtherWork> steps = r.env().otherWork();
    assertEquals(
        List.of(OtherWork.Step.BENCHMARKS, OtherWork.Step.PAIRS, OtherWork.Step.LOAD),
        steps.stream().map(OtherWork::step).toList());
    OtherWork load = steps.get(2);
    assertEquals(8137.0 / 18107, load.othersShare(), 1e-12);
    assertEquals(45.0 / 18107, load.stealShare(), 1e-12);
    assertTrue(load.busy());
    assertEquals(
        java.util.EnumSet.allOf(OtherWork.Step.class), OtherWork.busySteps(r.env().otherWork()));
    // older versions have none: not recorded, never a quiet machine
    assertNull(RunRecord.read(SAMPLES.resolve("calibration-v4/cal1")).env().otherWork());
    assertTrue(OtherWork.busySteps(null).isEmpty());
  }

  @Test
  void aCalibrationWhoseGroupsDoNotMatchItsForksIsRefused(@TempDir Path dir) throws IOException {
    String v4 = Files.readString(SAMPLES.resolve("calibration-v4/cal1/env.json"));
    Path file = dir.resolve("env.json");
    Files.writeString(file, v4.replaceFirst("\"backend\",", ""));
    IOException e = assertThrows(IOException.class, () -> RunEnvironment.read(file));
    assertTrue(e.getMessage().contains("each fork names its group"), e.getMessage());
  }

  /** Groups came with version 4: a version 3 file with them, or a version 4 without, is refused. */
  @Test
  void aCalibrationsGroupsMustMatchItsVersion(@TempDir Path dir) throws IOException {
    String v4 = Files.readString(SAMPLES.resolve("calibration-v4/cal1/env.json"));
    assertTrue(v4.contains("\"formatVersion\" : 4"), v4.substring(0, 80));
    Path file = dir.resolve("env.json");
    Files.writeString(file, v4.replace("\"formatVersion\" : 4", "\"formatVersion\" : 3"));
    IOException e = assertThrows(IOException.class, () -> RunEnvironment.read(file));
    assertTrue(e.getMessage().contains("a version 3 calibration naming each fork"), e.getMessage());
    Files.writeString(file, v4.replaceFirst("\"groups\" : \\[[^\\]]*\\]", "\"groups\" : null"));
    e = assertThrows(IOException.class, () -> RunEnvironment.read(file));
    assertTrue(e.getMessage().contains("a version 4 calibration without"), e.getMessage());
  }

  @Test
  void aClaimNamingAVariantItsGroupLacksIsRefused(@TempDir Path dir) throws IOException {
    String v1 = Files.readString(SAMPLES.resolve("pairs-v1/pairs.json"));
    Path file = dir.resolve("pairs.json");
    Files.writeString(file, v1.replaceFirst("\"a\" : \"[^\"]+\"", "\"a\" : \"nosuch\""));
    IOException e = assertThrows(IOException.class, () -> PairedRuns.read(file));
    assertTrue(e.getMessage().contains("names a group or variant"), e.getMessage());
  }

  @Test
  void aRenamedFieldIsRefusedNotReadAsZero(@TempDir Path dir) throws IOException {
    String v1 = Files.readString(SAMPLES.resolve("load-v1/load-wfs.json"));
    Path file = dir.resolve("load-finding.json");
    Files.writeString(file, v1.replaceFirst("\"throughput\"", "\"reqPerSecond\""));
    IOException e = assertThrows(IOException.class, () -> ScenarioResult.read(file));
    assertTrue(e.getMessage().contains("does not match its format"), e.getMessage());
    // named by the field it lacks or by the one it has instead
    assertTrue(
        e.getMessage().contains("reqPerSecond") || e.getMessage().contains("throughput"),
        e.getMessage());
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
    int newer = ScenarioResult.FORMAT_VERSION + 1;
    Files.writeString(
        run.resolve("load-wfs.json"), "{\"formatVersion\": " + newer + ", \"points\": []}");
    IOException e = assertThrows(IOException.class, () -> RunRecord.read(run));
    assertTrue(
        e.getMessage().contains("load-wfs.json has format version " + newer), e.getMessage());
  }

  @Test
  void aJmhFileThatIsNotJmhsFormatIsRefused(@TempDir Path dir) throws IOException {
    Path run = Files.createDirectory(dir.resolve("run"));
    Files.copy(SAMPLES.resolve("env-v1-targets-jdk17/env.json"), run.resolve("env.json"));
    Files.writeString(run.resolve("jmh.json"), "{}");
    IOException e = assertThrows(IOException.class, () -> RunRecord.read(run));
    assertTrue(e.getMessage().contains("not JMH's JSON result format"), e.getMessage());
  }

  @Test
  void aHalfWrittenRunIsNotReadAsComplete(@TempDir Path dir) throws IOException {
    Path tmp = Files.createDirectory(dir.resolve("tmp-12345"));
    Files.copy(SAMPLES.resolve("env-v1-targets-jdk17/env.json"), tmp.resolve("env.json"));
    IOException e = assertThrows(IOException.class, () -> RunRecord.read(tmp));
    assertTrue(e.getMessage().contains("incomplete run"), e.getMessage());
  }

  @Test
  void payloadSizesReadBackAndAreFoundByTheirParameters(@TempDir Path dir) throws IOException {
    PayloadSizes sizes =
        new PayloadSizes(
            PayloadSizes.FORMAT_VERSION,
            6,
            List.of(
                new PayloadSizes.Payload(
                    "GeoEncodingBenchmark.encode",
                    Map.of("codec", "gml2", "dataset", "osm_places", "count", "200"),
                    70_000,
                    9_000)));
    Path file = dir.resolve(PayloadSizes.FILE);
    sizes.write(file);
    PayloadSizes read = PayloadSizes.read(file);
    assertEquals(
        9_000,
        read.find(
                "GeoEncodingBenchmark.encode",
                Map.of("codec", "gml2", "dataset", "osm_places", "count", "200"))
            .gzipBytes());
    assertNull(read.find("GeoEncodingBenchmark.encode", Map.of("codec", "gml32")));
  }

  /** A size of 0 or below, or a payload twice, is refused (the report printed "-5" and ratios). */
  @Test
  void payloadSizesThatAreNoSizesAreRefused(@TempDir Path dir) throws IOException {
    Map<String, String> params = Map.of("codec", "gml2", "dataset", "osm_places", "count", "200");
    Path file = dir.resolve(PayloadSizes.FILE);
    List<List<PayloadSizes.Payload>> bad =
        List.of(
            List.of(new PayloadSizes.Payload("GeoEncodingBenchmark.encode", params, -5, 9_000)),
            List.of(new PayloadSizes.Payload("GeoEncodingBenchmark.encode", params, 70_000, 0)),
            List.of(
                new PayloadSizes.Payload("GeoEncodingBenchmark.encode", params, 70_000, 9_000),
                new PayloadSizes.Payload("GeoEncodingBenchmark.encode", params, 70_000, 9_100)));
    List<String> says = List.of("a size of -5 bytes", "a size of 0 bytes", "appears twice");
    for (int i = 0; i < bad.size(); i++) {
      new PayloadSizes(PayloadSizes.FORMAT_VERSION, 6, bad.get(i)).write(file);
      UnreadableRunException e =
          assertThrows(UnreadableRunException.class, () -> PayloadSizes.read(file));
      assertTrue(e.getMessage().contains(says.get(i)), e.getMessage());
    }
  }

  @Test
  void payloadSizesOfVersionOneReadWithoutBrotliAndZstdAndVersionTwoWithThem(@TempDir Path dir)
      throws IOException {
    Path v1 = dir.resolve(PayloadSizes.FILE);
    java.nio.file.Files.writeString(
        v1,
        "{\"formatVersion\":1,\"gzipLevel\":6,\"payloads\":[{\"benchmark\":\"GeoEncodingBenchmark.encode\","
            + "\"params\":{\"codec\":\"gml2\"},\"bytes\":100,\"gzipBytes\":20}]}");
    PayloadSizes old = PayloadSizes.read(v1);
    assertNull(old.codings());
    assertNull(old.payloads().get(0).brBytes());
    assertNull(old.payloads().get(0).coded("zstd"));
    assertEquals(20L, old.payloads().get(0).coded("gzip"));
    PayloadSizes v2 =
        PayloadSizes.read(Samples.runs().resolve("codings-v1").resolve(PayloadSizes.FILE));
    assertEquals(2, v2.formatVersion());
    assertEquals("zstd (level 3)", v2.codings().get("zstd"));
    for (PayloadSizes.Payload p : v2.payloads()) {
      assertTrue(p.brBytes() > 0 && p.zstdBytes() > 0 && p.brBytes() < p.bytes(), p::toString);
    }
    assertThrows(IllegalArgumentException.class, () -> v2.payloads().get(0).coded("deflate"));
  }
}
