package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.results.ScenarioResult.Warmup;

/**
 * Every file kind of a results folder is read strictly: a key given twice, content after the JSON
 * value, a value of the wrong type, a missing number, a directory in a file's place are refused
 * with the file named, never read as the last key, the first value, a converted number, 0, or an
 * absent file. Each case edits one file of a copy of a committed quick run (with the jmeter and
 * wire files of committed runs beside it).
 */
class StrictFilesTest {
  private static final Path ROOT = Samples.runs().getParent().getParent().getParent();
  private static final Path QUICK =
      ROOT.resolve("jmh-results/20261127-105909-vm-0341360-quick-jdk17");

  /** A plain mapper to edit the files with: the edits are what the strict one must refuse. */
  private static final ObjectMapper EDIT = new ObjectMapper();

  /** Every JSON file kind a run folder holds. */
  static final List<String> KINDS =
      List.of(
          "env.json",
          "jmh.json",
          "pairs.json",
          "sizes.json",
          "fidelity.json",
          "fidelity-codecs.json",
          "load-wfs.json",
          "load-wire.json",
          "jmeter-wfs.json");

  @TempDir Path dir;
  private Path run;

  @BeforeEach
  void copyRun() throws IOException {
    run = Files.createDirectory(dir.resolve("run"));
    try (Stream<Path> files = Files.list(QUICK)) {
      for (Path f : files.toList()) {
        Files.copy(f, run.resolve(f.getFileName()));
      }
    }
    Files.copy(
        ROOT.resolve("jmh-results/20261126-080514-vm-31c1a66-wire200-jdk17/load-wire.json"),
        run.resolve("load-wire.json"));
    Files.copy(Samples.runs().resolve("jmeter-v1/jmeter-wfs.json"), run.resolve("jmeter-wfs.json"));
  }

  /** Reads every file of the folder as compare and the reports do. */
  private void readAll() throws IOException {
    RunRecord r = RunRecord.read(run);
    r.jmeter();
  }

  private UnreadableRunException refused(String kind) {
    UnreadableRunException e = assertThrows(UnreadableRunException.class, this::readAll, kind);
    assertTrue(e.getMessage().contains(run.resolve(kind).toString()), e.getMessage());
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    return e;
  }

  static Stream<String> kinds() {
    return KINDS.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  void theUneditedFolderReads(String kind) throws IOException {
    assertTrue(Files.isRegularFile(run.resolve(kind)));
    readAll();
    assertEquals(1, RunRecord.read(run).jmeter().size());
    assertTrue(RunRecord.read(run).load().containsKey("wire"));
  }

  /** Jackson kept the last of two keys: an edit could change a figure with the first in sight. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  void aKeyGivenTwiceIsRefused(String kind) throws IOException {
    Path file = run.resolve(kind);
    String text = Files.readString(file);
    JsonNode first = EDIT.readTree(text);
    JsonNode object = first.isArray() ? first.get(0) : first;
    String key = object.fieldNames().next();
    String pair = EDIT.writeValueAsString(key) + " : " + EDIT.writeValueAsString(object.get(key));
    int brace = text.indexOf('{');
    Files.writeString(file, text.substring(0, brace + 1) + pair + ", " + text.substring(brace + 1));
    assertTrue(refused(kind).getMessage().contains("Duplicate field '" + key + "'"));
  }

  /** What came after the JSON value was never read: a second object, or garbage. */
  @ParameterizedTest(name = "{0} followed by {1}")
  @MethodSource("trailing")
  void contentAfterTheValueIsRefused(String kind, String tail) throws IOException {
    Path file = run.resolve(kind);
    Files.writeString(file, Files.readString(file) + tail);
    refused(kind);
  }

  static Stream<Arguments> trailing() {
    return KINDS.stream()
        .flatMap(
            k -> Stream.of(Arguments.of(k, "{ \"formatVersion\" : 99 }"), Arguments.of(k, "]x")));
  }

  /** A directory in a file's place was read as no file: jmh.json's results vanished. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  void aDirectoryInAFilesPlaceIsRefused(String kind) throws IOException {
    Files.delete(run.resolve(kind));
    Files.createDirectory(run.resolve(kind));
    assertTrue(refused(kind).getMessage().endsWith(kind + " is a folder, not a file"));
  }

  /**
   * One field of one file given a value of the wrong type, null, or removed: before, 2.7 and "2"
   * read as 2, "true" and 1 as true, null and a missing number as 0, 12 as the name "12".
   */
  @ParameterizedTest(name = "{0} {1} = {2}")
  @MethodSource("wrongValues")
  void aValueOfTheWrongTypeIsRefused(String kind, String at, String value) throws IOException {
    Path file = run.resolve(kind);
    JsonNode root = EDIT.readTree(file.toFile());
    int slash = at.lastIndexOf('/');
    JsonNode parent = root.at(at.substring(0, slash));
    String field = at.substring(slash + 1);
    assertFalse(parent.isMissingNode(), at);
    if (parent instanceof ArrayNode a) {
      a.set(Integer.parseInt(field), EDIT.readTree(value));
    } else if (value.equals("missing")) {
      assertTrue(((ObjectNode) parent).remove(field) != null, at);
    } else {
      assertTrue(parent.has(field), at);
      ((ObjectNode) parent).set(field, EDIT.readTree(value));
    }
    EDIT.writeValue(file.toFile(), root);
    refused(kind);
  }

  static Stream<Arguments> wrongValues() {
    return Stream.of(
        Arguments.of("env.json", "/cores", "2.7"),
        Arguments.of("env.json", "/cores", "\"2\""),
        Arguments.of("env.json", "/cores", "null"),
        Arguments.of("env.json", "/cores", "missing"),
        Arguments.of("env.json", "/forkedJdkMajor", "17.9"),
        Arguments.of("env.json", "/maxHeapBytes", "6320816128.5"),
        Arguments.of("env.json", "/workingTreeDirty", "\"true\""),
        Arguments.of("env.json", "/workingTreeDirty", "1"),
        Arguments.of("env.json", "/workingTreeDirty", "null"),
        Arguments.of("env.json", "/suite", "12"),
        Arguments.of("env.json", "/calibration/nsPerOp/0/0", "\"100.0\""),
        Arguments.of("pairs.json", "/settings/minForks", "4.5"),
        Arguments.of("pairs.json", "/settings/confidence", "\"0.99\""),
        Arguments.of("pairs.json", "/settings/budgetMs", "null"),
        Arguments.of("pairs.json", "/groups/0/forks/0/seed", "1.5"),
        Arguments.of("pairs.json", "/groups/0/forks/0/opsPerBatch/0", "2.5"),
        Arguments.of("pairs.json", "/groups/0/forks/0/nsPerOp/0/0", "\"5.0\""),
        Arguments.of("pairs.json", "/claims/0/claimed", "\"1.0\""),
        Arguments.of("sizes.json", "/payloads/0/bytes", "1234.9"),
        Arguments.of("sizes.json", "/payloads/0/bytes", "\"1234\""),
        Arguments.of("sizes.json", "/payloads/0/gzipBytes", "\"40131\""),
        Arguments.of("sizes.json", "/gzipLevel", "\"6\""),
        Arguments.of("fidelity.json", "/rows/0/representable", "\"true\""),
        Arguments.of("fidelity.json", "/rows/0/representable", "1"),
        Arguments.of("fidelity.json", "/where", "12"),
        Arguments.of("fidelity-codecs.json", "/rows/0/representable", "0"),
        Arguments.of("fidelity-codecs.json", "/rows/0/sent", "false"),
        Arguments.of("load-wfs.json", "/points/0/throughput", "missing"),
        Arguments.of("load-wfs.json", "/points/0/throughput", "\"4584.5\""),
        Arguments.of("load-wfs.json", "/points/0/errors", "0.5"),
        Arguments.of("load-wfs.json", "/points/0/warmup/converged", "\"true\""),
        Arguments.of("load-wfs.json", "/points/0/warmup/converged", "1"),
        Arguments.of("load-wfs.json", "/settings/runs", "1.5"),
        Arguments.of("load-wire.json", "/wireCells/0/codedBytes", "223284.5"),
        Arguments.of("load-wire.json", "/wireCells/0/answers", "\"12\""),
        Arguments.of("load-wire.json", "/points/0/runs/0/users", "missing"),
        Arguments.of("jmeter-wfs.json", "/points/0/throughput", "missing"),
        Arguments.of("jmeter-wfs.json", "/points/0/users", "4.5"),
        Arguments.of("jmeter-wfs.json", "/points/0/samples", "\"42708\""),
        Arguments.of("jmeter-wfs.json", "/engines", "null"),
        // JMH's file is read as a tree and checked field by field
        Arguments.of("jmh.json", "/0/benchmark", "12345"),
        Arguments.of("jmh.json", "/0/mode", "\"fast\""),
        Arguments.of("jmh.json", "/0/primaryMetric/scoreUnit", "\"parsecs\""),
        Arguments.of("jmh.json", "/0/primaryMetric/scoreUnit", "\"ops/us\""),
        Arguments.of("jmh.json", "/0/primaryMetric/scoreUnit", "missing"),
        Arguments.of("jmh.json", "/0/primaryMetric/scoreError", "-5.0"),
        Arguments.of("jmh.json", "/0/primaryMetric/scoreError", "\"abc\""),
        Arguments.of("jmh.json", "/0/primaryMetric/scoreError", "missing"),
        Arguments.of("jmh.json", "/0/params/items", "50"),
        // an object JMH writes, as null, an array or a number: read as "none" (or a
        // NullPointerException later) before
        Arguments.of("jmh.json", "/0/params", "null"),
        Arguments.of("jmh.json", "/0/params", "[\"items\", \"50\"]"),
        Arguments.of("jmh.json", "/0/params", "5"),
        Arguments.of("jmh.json", "/0/secondaryMetrics", "[]"),
        Arguments.of("jmh.json", "/0/secondaryMetrics", "7"),
        Arguments.of("jmh.json", "/0/secondaryMetrics", "null"),
        Arguments.of("jmh.json", "/0/primaryMetric/score", "123456.0"));
  }

  /** Jackson writes a double it has no value of as "NaN": strict reading still takes it back. */
  @org.junit.jupiter.api.Test
  void notANumberWrittenAsTextReadsBack() throws IOException {
    String written = ResultFiles.JSON.writeValueAsString(new double[] {Double.NaN, 1.5});
    assertEquals("[ \"NaN\", 1.5 ]", written.replaceAll("\\s+", " "));
    double[] read = ResultFiles.JSON.readValue(written, double[].class);
    assertTrue(Double.isNaN(read[0]));
    Warmup w =
        ResultFiles.JSON.readValue(
            "{ \"windowMs\" : 500, \"ratesPerSecond\" : [ \"NaN\" ], \"converged\" : false }",
            Warmup.class);
    assertTrue(Double.isNaN(w.ratesPerSecond().get(0)));
  }
}
