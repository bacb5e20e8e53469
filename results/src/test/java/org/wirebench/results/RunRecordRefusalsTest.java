package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every released results format still reads; newer, foreign and half-written ones are refused. */
/**
 * JMH results and load points whose numbers are no measurements, or that are there twice, are
 * refused when a run folder is read (exit 2), never read as figures.
 */
class RunRecordRefusalsTest {
  private static final Path SAMPLES = Samples.runs();

  /**
   * A jmh.json result whose numbers are no measurements, or that is there twice, is refused when
   * read (exit 2): before, a negative or zero iteration made the report fail on a root finder's
   * message (exit 1), an empty rawData rendered "1 fork × 0 iterations", a negative score was
   * exported as a latency, and a duplicate was compared as "only in NEW".
   */
  static Stream<org.junit.jupiter.params.provider.Arguments> jmhEdits() {
    return Stream.of(
        jmhEdit("a negative score", "has score -5.0", "score", "-5.0"),
        jmhEdit("a score of zero", "has score 0.0", "score", "0"),
        jmhEdit("a score beyond a double", "has score Infinity", "score", "1e400"),
        jmhEdit("a negative iteration", "an iteration of -1.0 in", "rawData", "[ [ -1.0, 2.0 ] ]"),
        jmhEdit("an iteration of zero", "an iteration of 0 in", "rawData", "[ [ 0, 2.0 ] ]"),
        jmhEdit(
            "an iteration that is a string (read as 0)",
            "an iteration of \"x\" in",
            "rawData",
            "[ [ \"x\", 2.0 ] ]"),
        jmhEdit("no iterations", "has no measured iterations", "rawData", "[ ]"),
        jmhEdit("a fork without iterations", "has no measured iterations", "rawData", "[ [ ] ]"),
        jmhEdit(
            "a rawData that is no array (was a NullPointerException)",
            "has no measured iterations",
            "rawData",
            "{ \"fork\" : [ 2.0 ] }"),
        jmhEdit(
            "forks of unequal iterations",
            "forks of unequal iterations",
            "rawData",
            "[ [ 1.0, 2.0 ], [ 1.0 ] ]"),
        jmhEdit(
            "a secondary metric without a score (read as 0)",
            "secondary metric alloc of ",
            "secondaryMetrics",
            "{ \"alloc\" : { } }"),
        jmhEdit(
            "a negative secondary metric",
            "secondary metric alloc of -8",
            "secondaryMetrics",
            "{ \"alloc\" : { \"score\" : -8 } }"));
  }

  private static org.junit.jupiter.params.provider.Arguments jmhEdit(
      String what, String says, String field, String value) {
    return org.junit.jupiter.params.provider.Arguments.of(what, says, field, value);
  }

  /**
   * One avgt result of SomeBenchmark.run, with {@code field} (of primaryMetric, or the secondary
   * metrics) set to {@code value}.
   */
  private static String jmhResult(String params, String field, String value) {
    Map<String, String> primary = new java.util.LinkedHashMap<>();
    primary.put("score", "3.0");
    primary.put("scoreUnit", "\"us/op\"");
    primary.put("scoreError", "1.0");
    primary.put("rawData", "[ [ 2.0, 4.0 ] ]");
    String secondary = "{ \"alloc\" : { \"score\" : 8.0 } }";
    if (field.equals("secondaryMetrics")) {
      secondary = value;
    } else if (field != null && !field.isEmpty()) {
      primary.put(field, value);
    }
    StringBuilder pm = new StringBuilder();
    primary.forEach(
        (k, v) ->
            pm.append(pm.length() == 0 ? "" : ", ")
                .append('"')
                .append(k)
                .append("\" : ")
                .append(v));
    return "{ \"benchmark\" : \"org.x.SomeBenchmark.run\", \"mode\" : \"avgt\", \"params\" : "
        + params
        + ", \"primaryMetric\" : { "
        + pm
        + " }, \"secondaryMetrics\" : "
        + secondary
        + " }";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jmhEdits")
  void aJmhResultThatIsNoMeasurementIsRefused(
      String what, String says, String field, String value, @TempDir Path dir) throws IOException {
    Path run = Files.createDirectory(dir.resolve("run"));
    Files.copy(SAMPLES.resolve("env-v1-targets-jdk17/env.json"), run.resolve("env.json"));
    Files.writeString(run.resolve("jmh.json"), "[ " + jmhResult("{ }", "", "") + " ]");
    assertEquals(1, RunRecord.read(run).benchmarks().size(), "the unedited result reads");
    Files.writeString(run.resolve("jmh.json"), "[ " + jmhResult("{ }", field, value) + " ]");
    UnreadableRunException e =
        assertThrows(UnreadableRunException.class, () -> RunRecord.read(run), what);
    assertTrue(e.getMessage().contains(says), e.getMessage());
  }

  /**
   * A load point compare, export or a report would take as measured while it is not: before, a
   * negative req/s was exported as throughput, a point given twice compared as "only in NEW", and a
   * point without runs lost its p99 row without a word.
   */
  static Stream<org.junit.jupiter.params.provider.Arguments> loadEdits() {
    return Stream.of(
        jmhEdit("a negative rate", "has throughput -5.0", "/points/0", "throughput=-5"),
        jmhEdit(
            "a run's negative rate",
            "a run of it, has throughput -5.0",
            "/points/0/runs/0",
            "throughput=-5"),
        jmhEdit("an infinite rate", "has throughput Infinity", "/points/0", "throughput=1e400"),
        jmhEdit("a negative p99", "has latency p99 of -1.0", "/points/0/latencyMs", "p99=-1"),
        jmhEdit(
            "a run's null p99",
            "has latency p99 of null",
            "/points/0/runs/0/latencyMs",
            "p99=null"),
        jmhEdit(
            "negative bytes",
            "-3.0 bytes a response, not a size",
            "/points/0",
            "meanResponseBytes=-3"),
        jmhEdit(
            "infinite bytes (said 'below zero' with the count's figure)",
            "has Infinity bytes a response, not a size",
            "/points/0",
            "meanResponseBytes=1e400"),
        jmhEdit(
            "a negative error count (said to be bytes or a count)",
            "has -2 errors, below zero",
            "/points/0",
            "errors=-2"),
        jmhEdit(
            "a run's negative request count",
            "a run of it, has -1 requests, below zero",
            "/points/0/runs/0",
            "requests=-1"),
        jmhEdit("a point without runs", "has no runs", "/points/0", "runs=[]"),
        jmhEdit("a point given twice", "appears twice", "/points", "twice"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("loadEdits")
  void aLoadPointThatIsNoMeasurementIsRefused(
      String what, String says, String at, String edit, @TempDir Path dir) throws IOException {
    var node = ResultFiles.JSON.readTree(SAMPLES.resolve("load-v2/load-finding.json").toFile());
    var target = node.at(at);
    if (edit.equals("twice")) {
      ((com.fasterxml.jackson.databind.node.ArrayNode) target).add(target.get(0).deepCopy());
    } else {
      String field = edit.substring(0, edit.indexOf('='));
      ((com.fasterxml.jackson.databind.node.ObjectNode) target)
          .set(field, ResultFiles.JSON.readTree(edit.substring(field.length() + 1)));
    }
    Path file = dir.resolve("load-finding.json");
    Files.copy(SAMPLES.resolve("load-v2/load-finding.json"), file);
    assertFalse(ScenarioResult.read(file).points().isEmpty(), "the unedited file reads");
    Files.writeString(file, ResultFiles.JSON.writeValueAsString(node));
    UnreadableRunException e =
        assertThrows(UnreadableRunException.class, () -> ScenarioResult.read(file), what);
    assertTrue(e.getMessage().contains(says), e.getMessage());
  }

  @Test
  void aJmhResultGivenTwiceIsRefused(@TempDir Path dir) throws IOException {
    Path run = Files.createDirectory(dir.resolve("run"));
    Files.copy(SAMPLES.resolve("env-v1-targets-jdk17/env.json"), run.resolve("env.json"));
    String one = jmhResult("{ \"n\" : \"1\" }", "", "");
    String other = jmhResult("{ \"n\" : \"2\" }", "", "");
    Files.writeString(run.resolve("jmh.json"), "[ " + one + ", " + other + " ]");
    assertEquals(2, RunRecord.read(run).benchmarks().size());
    Files.writeString(run.resolve("jmh.json"), "[ " + one + ", " + other + ", " + one + " ]");
    UnreadableRunException e =
        assertThrows(UnreadableRunException.class, () -> RunRecord.read(run));
    assertTrue(e.getMessage().contains("SomeBenchmark.run {n=1} twice"), e.getMessage());
  }
}
