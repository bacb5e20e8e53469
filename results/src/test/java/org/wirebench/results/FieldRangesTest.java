package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file kind of a run folder, each case one field of a committed file tampered with: the file
 * is refused in one line naming the file and the field (exit 2), never read as figures (before,
 * each of these read and reached a report or a verdict as written, or failed on a
 * NullPointerException, exit 1).
 */
class FieldRangesTest {
  private static final Path RUNS = Samples.runs();

  /** Committed run folders (read only: each case edits a copy). */
  private static final Path RESULTS =
      RUNS.getParent().getParent().getParent().resolve("jmh-results");

  private static final String ENV4 = "calibration-v4/cal1/env.json";
  private static final String ENV5 = "otherwork-v5/shared/env.json";
  private static final String ENV2 = "env-v2-quick-jdk17/env.json";
  private static final String ENV1 = "env-v1-targets-jdk17/env.json";
  private static final String PAIRS1 = "calibration-v4/cal1/pairs.json";
  private static final String SIZES2 = "codings-v1/sizes.json";
  private static final String LOAD2 = "load-v2/load-finding.json";
  private static final String LOAD4 = "run:20261127-105909-vm-0341360-quick-jdk17/load-wfs.json";
  private static final String JMETER = "jmeter-v1/jmeter-wfs.json";
  private static final String FIDELITY = "run:20261127-105909-vm-0341360-quick-jdk17/fidelity.json";
  private static final String CODECS =
      "run:20261127-105909-vm-0341360-quick-jdk17/fidelity-codecs.json";
  private static final String WIRE = "run:20261126-081218-vm-31c1a66-wire5000-jdk17/load-wire.json";

  static Stream<Arguments> edits() {
    return Stream.of(
        // env.json
        edit(ENV4, "", "cores=-4", "cores is -4, not at least 1"),
        edit(ENV4, "", "maxHeapBytes=-1", "maxHeapBytes is -1, not at least 1"),
        edit(ENV4, "", "forkedJdkMajor=0", "forkedJdkMajor is 0"),
        edit(ENV4, "", "startedUtc=\"not a time\"", "startedUtc is 'not a time', not a time"),
        edit(ENV4, "", "suite=null", "suite is missing or null"),
        edit(ENV4, "", "-commit", "commit is missing or null"),
        edit(ENV4, "", "host=null", "host is missing or null"),
        edit(
            ENV2,
            "",
            "calibration={\"workload\":\"w\",\"nsPerOp\":[[5.0]]}",
            "calibration is there, which format version 2 did not have"),
        edit(ENV1, "", "libraries={}", "libraries is there, which format version 1 did not have"),
        edit(ENV4, "", "otherWork=[]", "otherWork is there, which format version 4 did not have"),
        edit(ENV5, "/otherWork/1", "step=\"benchmarks\"", "'benchmarks' is there twice"),
        edit(ENV5, "/otherWork/0", "step=\"compile\"", "unknown step 'compile'"),
        edit(ENV5, "/otherWork/0", "step=null", "otherWork[0]: step is missing or null"),
        edit(ENV5, "/otherWork/0", "machineTicks=0", "otherWork[0]: machineTicks is 0"),
        edit(ENV5, "/otherWork/0", "othersTicks=-1", "otherWork[0]: othersTicks is -1"),
        edit(ENV5, "/otherWork/0", "othersTicks=1525", "othersTicks is 1525, not at most 1524"),
        edit(ENV5, "/otherWork/2", "stealTicks=18108", "stealTicks is 18108, not at most 18107"),
        edit(ENV5, "/otherWork/1", "elapsedMs=-5", "otherWork[1]: elapsedMs is -5"),
        edit(ENV5, "", "otherWork=[]", "otherWork is empty"),
        edit(ENV5, "/otherWork", "1=null", "otherWork[1] is missing or null"),
        edit(ENV5, "/otherWork/0", "-othersTicks", "othersTicks"),
        edit(ENV5, "/otherWork/0", "-stealTicks", "stealTicks"),
        edit(ENV5, "/otherWork/2", "-elapsedMs", "elapsedMs"),
        // pairs.json
        edit(PAIRS1, "/settings", "maxForks=3", "settings: maxForks is 3, not at least 4"),
        edit(PAIRS1, "/settings", "budgetMs=-1", "settings: budgetMs is -1"),
        edit(PAIRS1, "/settings", "targetHalfWidth=-0.5", "settings: targetHalfWidth is -0.5"),
        edit(PAIRS1, "/settings", "batchMs=0", "settings: batchMs is 0"),
        edit(PAIRS1, "/settings", "warmupMs=-5", "settings: warmupMs is -5"),
        edit(PAIRS1, "/settings", "rounds=0", "settings: rounds is 0"),
        edit(PAIRS1, "/groups/0", "elapsedMs=-1", "group calibration: elapsedMs is -1"),
        edit(PAIRS1, "/groups/0", "stopped=\"whatever\"", "stopped is 'whatever', none of"),
        edit(
            PAIRS1,
            "/groups/0/variants/0",
            "benchmark=null",
            "variant reference: benchmark is missing or null"),
        edit(PAIRS1, "/groups/0/variants/0", "-params", "variant reference: params is missing"),
        edit(PAIRS1, "/groups/0/forks/0/opsPerBatch", "0=-1", "opsPerBatch is -1"),
        edit(PAIRS1, "/claims/0", "study=null", "claim aa-reference: study is missing or null"),
        edit(
            PAIRS1, "/claims/0", "b=\"reference\"", "claim aa-reference: b is reference, the same"),
        edit(
            PAIRS1,
            "/claims/0",
            "kind=\"NO_DIFFERENCE\"",
            "kind is NO_DIFFERENCE, which format version 1 did not have"),
        // sizes.json
        edit(SIZES2, "", "gzipLevel=-7", "gzipLevel is -7, not at least 0"),
        edit(SIZES2, "/payloads/0", "gzipBytes=100000000", "gzipBytes is 100000000, not at most"),
        edit(SIZES2, "/payloads/0", "zstdBytes=100000000", "zstdBytes is 100000000, not at most"),
        edit(SIZES2, "", "formatVersion=1", "codings is there, which format version 1"),
        edit(SIZES2, "", "codings={\"deflate\":\"x\"}", "codings is 'deflate', none of"),
        edit(SIZES2, "", "-codings", "codings is missing, but payload"),
        // load-<scenario>.json: the file
        edit(LOAD2, "", "startedUtc=null", "startedUtc is missing or null"),
        edit(LOAD2, "", "-startedUtc", "startedUtc is missing or null"),
        edit(LOAD2, "", "startedUtc=\"yesterday\"", "startedUtc is 'yesterday', not a time"),
        edit(LOAD2, "", "server=null", "server is missing or null"),
        edit(LOAD2, "", "settings=null", "settings is missing or null"),
        edit(LOAD2, "", "table=null", "table is missing or null"),
        edit(LOAD2, "/settings", "runs=0", "settings: runs is 0, not at least 1"),
        edit(LOAD2, "/settings", "warmupMs=-5", "settings: warmupMs is -5"),
        edit(LOAD2, "/settings", "mode=\"fast\"", "settings: mode is 'fast', none of"),
        // load: a point and its runs
        edit(LOAD2, "/points/0", "errors=7", "errors is 7, but its runs' errors sum to 0"),
        edit(LOAD2, "/points/0/runs/0/errors", "status=500", "errors is 0, but its runs' errors"),
        edit(LOAD2, "/points/0/runs/0/errors", "status=-5", "run 1: errors.status is -5"),
        edit(LOAD2, "/points/0/runs/0/errors", "status=null", "run 1: errors.status is missing"),
        edit(LOAD2, "/points/0/runs/0", "errors=null", "run 1: errors is missing or null"),
        edit(LOAD2, "/points/0/runs/0/warmupErrors", "status=-1", "warmupErrors.status is -1"),
        edit(LOAD2, "/points/0/runs/0", "users=-4", "run 1: users is -4, not at least 1"),
        edit(LOAD2, "/points/0/runs/0", "durationMs=-2000", "run 1: durationMs is -2000"),
        edit(LOAD2, "/points/0/runs/0", "bytesPerSecond=-1", "run 1: bytesPerSecond is -1.0"),
        edit(LOAD2, "/points/0/runs/0", "bytesPerSecond=1e400", "bytesPerSecond is Infinity"),
        edit(LOAD2, "/points/0/runs/0", "model=null", "run 1: model is missing or null"),
        edit(LOAD2, "/points/0/runs/0", "formatVersion=99", "run 1: formatVersion is 99"),
        edit(LOAD2, "/points/0/runs/0", "formatVersion=-1", "run 1: formatVersion is -1"),
        edit(LOAD2, "/points/0/runs/0", "formatVersion=3", "run 1: formatVersion is 3"),
        edit(LOAD2, "/points/0/runs/0", "encoding=\"gzip\"", "encoding is there, which format"),
        edit(LOAD2, "/points/0/runs/0", "meanWireBytes=5.0", "meanWireBytes is there, which"),
        edit(
            LOAD2,
            "/points/0/latencyMs",
            "p50=1e6",
            "latencyMs p90 438.042623 is below p50 1000000.0"),
        edit(LOAD2, "/points/0/runs/0/latencyMs", "p90=0.5", "latencyMs p90 0.5 is below p50"),
        edit(LOAD2, "/points/0/warmup", "windowMs=-500", "warmup: windowMs is -500"),
        edit(LOAD2, "/points/0/warmup/ratesPerSecond", "1=-5", "ratesPerSecond is -5.0"),
        edit(LOAD2, "/points/0/warmup/ratesPerSecond", "1=1e400", "ratesPerSecond is Infinity"),
        edit(LOAD2, "/points/0/warmup", "ratesPerSecond=null", "ratesPerSecond is missing"),
        edit(
            LOAD2, "/points/0", "throughput=1e6", "throughput is 1000000.0, but its runs' mean is"),
        edit(LOAD2, "/points/0", "warmup=null", "warmup is missing, but the settings had"),
        edit(LOAD2, "/points/0/params", "users={\"x\":[1,2]}", "params.users is {x=[1, 2]}"),
        edit(LOAD4, "/points/0/params", "-format", "params have no format, which the table"),
        edit(LOAD4, "/points/0/runs/0", "encoding=\"brotli\"", "encoding is 'brotli', none of"),
        edit(LOAD4, "/points/0/runs/0", "meanWireBytes=-100", "meanWireBytes is -100.0"),
        edit(LOAD4, "/points/0/runs/0", "formatVersion=4", "run 1: formatVersion is 4"),
        edit(WIRE, "/wireCells", "twice", "id appears twice, with other figures"),
        edit(WIRE, "", "wireCells=[]", "names wire cell 1gbit/1ms/"),
        edit(WIRE, "/wireCells/0", "id=\"nowhere/at/all\"", "which wireCells lacks"),
        // jmeter-<scenario>.json
        edit(JMETER, "/points/0", "throughput=-5114", "throughput is -5114.0"),
        edit(JMETER, "/points/0", "throughput=\"NaN\"", "throughput is NaN"),
        edit(JMETER, "/points/0", "users=-4", "users is -4, not at least 1"),
        edit(JMETER, "/points/0", "samples=-100", "samples is -100, not at least 1"),
        edit(JMETER, "/points/0/errors", "500=-7", "errors.500 is -7"),
        edit(JMETER, "/points/0/errors", "500=50000", "errors is 50000, not at most 42708"),
        edit(JMETER, "", "engines=-3", "engines is -3, not at least 1"),
        edit(JMETER, "/points/0/latencyMs", "p50=-2", "latencyMs.p50 is -2.0"),
        edit(JMETER, "/points/0/latencyMs", "p99=100", "latencyMs max 40.0 is below p99 100.0"),
        edit(JMETER, "/points/0", "structureErrors=-1", "structureErrors is -1"),
        edit(JMETER, "/points/0", "structureErrors=5", "structureErrors is 5, not at most 4"),
        edit(JMETER, "/points", "twice", "id appears twice"),
        edit(JMETER, "", "points=null", "points is missing or null"),
        edit(JMETER, "/points/0", "errors=null", "errors is missing or null"),
        // fidelity.json, fidelity-codecs.json
        edit(FIDELITY, "", "rows=null", "rows is missing or null"),
        edit(FIDELITY, "", "stacks=null", "stacks is missing or null"),
        edit(FIDELITY, "/rows/0", "outcomes=null", "outcomes is missing or null"),
        edit(FIDELITY, "/rows/0/outcomes", "nosuch={\"fidelity\":\"exact\"}", "name nosuch"),
        edit(FIDELITY, "/rows/0/outcomes", "-axis2-adb", "outcomes have none for axis2-adb"),
        edit(JMETER, "/points/0/latencyMs", "-p99", "latencyMs has no p99"),
        edit(CODECS, "", "rows=null", "rows is missing or null"));
  }

  private static Arguments edit(String sample, String at, String edit, String says) {
    return Arguments.of(sample, at, edit, says);
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("edits")
  void aTamperedFieldIsRefusedNamingFileAndField(
      String sample, String at, String edit, String says, @TempDir Path dir) throws IOException {
    Path source =
        sample.startsWith("run:") ? RESULTS.resolve(sample.substring(4)) : RUNS.resolve(sample);
    Path file = dir.resolve(source.getFileName());
    Files.copy(source, file);
    read(file);
    JsonNode root = ResultFiles.JSON.readTree(file.toFile());
    apply(root.at(at), edit);
    Files.writeString(file, ResultFiles.JSON.writeValueAsString(root));
    UnreadableRunException e = assertThrows(UnreadableRunException.class, () -> read(file));
    String m = e.getMessage();
    assertTrue(m.startsWith(file.toString()), m);
    assertTrue(m.contains(says), m);
    assertFalse(m.contains("\n"), m);
  }

  /**
   * A scenario's results are the file named for it: a load-wfs.json saying it is soap's hid the wfs
   * section, a second file for wfs silently dropped one, and a jmeter-zzz.json for wfs replaced
   * jmeter-wfs.json's figures.
   */
  @ParameterizedTest(name = "{0} as {1}")
  @MethodSource("misnamed")
  void aScenarioIsTheOneItsFileIsNamedFor(String sample, String name, @TempDir Path dir)
      throws IOException {
    Path run = Files.createDirectory(dir.resolve("run"));
    Files.copy(RUNS.resolve(ENV1), run.resolve(RunEnvironment.FILE));
    Path source = RUNS.resolve(sample);
    Files.copy(source, run.resolve(source.getFileName()));
    RunRecord.read(run).jmeter();
    Files.copy(source, run.resolve(name));
    UnreadableRunException e =
        assertThrows(UnreadableRunException.class, () -> RunRecord.read(run).jmeter());
    assertTrue(e.getMessage().contains(name + ": scenario is 'wfs', but"), e.getMessage());
  }

  /**
   * A bad JMeter file refuses its folder when the folder is read, as any other file does: before,
   * it was read only inside the report, whose refusal then came wrapped ("UncheckedIOException:
   * org.wirebench.results.UnreadableRunException: ...").
   */
  @org.junit.jupiter.api.Test
  void aBadJmeterFileRefusesItsFolder(@TempDir Path dir) throws IOException {
    Path run = Files.createDirectory(dir.resolve("run"));
    Files.copy(RUNS.resolve(ENV1), run.resolve(RunEnvironment.FILE));
    JsonNode root = ResultFiles.JSON.readTree(RUNS.resolve(JMETER).toFile());
    ((ObjectNode) root.at("/points/0")).put("throughput", -5);
    Files.writeString(run.resolve("jmeter-wfs.json"), ResultFiles.JSON.writeValueAsString(root));
    UnreadableRunException e =
        assertThrows(UnreadableRunException.class, () -> RunRecord.read(run));
    assertTrue(e.getMessage().contains("jmeter-wfs.json: point "), e.getMessage());
  }

  static Stream<Arguments> misnamed() {
    return Stream.of(
        Arguments.of("load-v1/load-wfs.json", "load-soap.json"),
        Arguments.of("load-v1/load-wfs.json", "load-wfs-again.json"),
        Arguments.of(JMETER, "jmeter-zzz.json"));
  }

  private static void apply(JsonNode target, String edit) throws IOException {
    if (edit.equals("twice")) {
      ArrayNode list = (ArrayNode) target;
      ObjectNode copy = (ObjectNode) list.get(0).deepCopy();
      // the same id with another figure (the wire cell), or the same point again (jmeter)
      if (copy.has("codedBytes")) {
        copy.put("codedBytes", copy.path("codedBytes").asLong() + 1);
      }
      list.add(copy);
    } else if (edit.startsWith("-")) {
      ((ObjectNode) target).remove(edit.substring(1));
    } else {
      String field = edit.substring(0, edit.indexOf('='));
      JsonNode value = ResultFiles.JSON.readTree(edit.substring(field.length() + 1));
      if (target instanceof ArrayNode list) {
        list.set(Integer.parseInt(field), value);
      } else {
        ((ObjectNode) target).set(field, value);
      }
    }
  }

  private static void read(Path file) throws IOException {
    String n = file.getFileName().toString();
    if (n.equals(RunEnvironment.FILE)) {
      RunEnvironment.read(file);
    } else if (n.equals(PairedRuns.FILE)) {
      PairedRuns.read(file);
    } else if (n.equals(PayloadSizes.FILE)) {
      PayloadSizes.read(file);
    } else if (n.startsWith("load-")) {
      ScenarioResult.read(file);
    } else if (n.startsWith(JmeterResult.PREFIX)) {
      JmeterResult.read(file);
    } else {
      FidelityTable.read(file);
    }
  }
}
