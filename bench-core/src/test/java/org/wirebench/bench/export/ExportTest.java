package org.wirebench.bench.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.cli.CliRunner;
import org.wirebench.results.JmhResult;
import org.wirebench.results.RunRecord;
import org.wirebench.results.ScenarioResult;

/**
 * wirebench export on committed runs: Bencher Metric Format and github-action-benchmark's custom
 * JSON, checked against each tool's documented shape (Bencher's BMF JSON schema and name limits;
 * the action's entry fields and its "± number" range), with every JMH result and every steady load
 * point in them, parameters in the names, and the sizes per operation right for runs whose jmh.json
 * holds JMH's sums.
 */
class ExportTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The reference quick run: 67 JMH results, four load scenarios, four points not steady. */
  static final Path QUICK = CompareOutputTest.committed("20261125-211034-vm-ff56be6-quick-jdk17");

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private JsonNode export(Path run, String format) throws Exception {
    assertEquals(0, cli.run("export", run.toString(), "--format", format), cli::err);
    return JSON.readTree(cli.out());
  }

  @Test
  void bencherHoldsEveryJmhResultAndEverySteadyLoadPointInTheDocumentedShape() throws Exception {
    JsonNode bmf = export(QUICK, "bencher");
    assertBmf(bmf);
    RunRecord run = RunRecord.read(QUICK);
    int steady = 0;
    int unsteady = 0;
    for (ScenarioResult s : run.load().values()) {
      for (ScenarioResult.PointResult p : s.points()) {
        if (p.warmup() != null && !p.warmup().converged()) {
          unsteady++;
          assertTrue(
              cli.err()
                  .contains(
                      "left out: " + RunMetrics.name("load " + s.scenario(), strings(p.params()))),
              cli::err);
        } else {
          steady++;
        }
      }
    }
    assertEquals(4, unsteady);
    // and its 24 pairs, 14 study claims and 10 targets (no per-variant cost: its calibration,
    // env.json version 3, was not timed in the groups' forks); PairExportTest checks them
    assertEquals(run.benchmarks().size() + steady + 24, bmf.size());
    // which is said, as compare warns of it: they were left out without a word
    assertTrue(
        cli.err()
            .contains(
                "left out: pair GROUP VARIANT ÷ calibration: none, the run's calibration was not"
                    + " timed in its pair groups' forks (env.json before version 4)"),
        cli::err);
    assertTrue(cli.err().contains("; 5 result(s) left out"), cli::err);
    JsonNode gml32 =
        bmf.path("GeoEncodingBenchmark.encode codec=gml32 count=200 dataset=osm_places");
    JmhResult r =
        run.find("GeoEncodingBenchmark.encode", Map.of("codec", "gml32", "dataset", "osm_places"));
    assertEquals(r.score() * 1000, gml32.path("latency").path("value").asDouble(), 1e-6);
    assertEquals(
        (r.score() + r.scoreError()) * 1000,
        gml32.path("latency").path("upper_value").asDouble(),
        1e-6);
    JsonNode point = bmf.path("load wfs count=200 format=gml2 layer=osm_places users=32");
    assertTrue(point.path("throughput").path("value").asDouble() > 0, point::toString);
    assertTrue(point.has("latency-p99-ms"), point::toString);
    assertTrue(cli.err().contains("exported " + count(bmf) + " numbers as bencher"));
  }

  /**
   * The committed runs' jmh.json holds JMH's sums of per-iteration sizes (4 iterations here): the
   * export divides them back, to the size each iteration recorded, never the sum.
   */
  @Test
  void sizesPerOperationOfARunFromBeforeTheCountersChangedAreNotScaledByTheIterations()
      throws Exception {
    JsonNode bmf = export(QUICK, "bencher");
    JsonNode raw = JSON.readTree(QUICK.resolve("jmh.json").toFile());
    int checked = 0;
    for (JsonNode b : raw) {
      JsonNode counter = b.path("secondaryMetrics").path("bytesPerCollection");
      if (counter.isMissingNode()) {
        continue;
      }
      double perIteration = counter.path("rawData").get(0).get(0).asDouble();
      assertTrue(counter.path("score").asDouble() > 3 * perIteration, "JMH's sum, as recorded");
      String name = "GeoEncodingBenchmark.encode" + params(b);
      assertEquals(
          perIteration, bmf.path(name).path("bytes-per-collection").path("value").asDouble(), name);
      checked++;
    }
    assertEquals(20, checked);
  }

  @Test
  void githubActionBenchmarkFilesSplitByDirectionAndHoldEveryNumberOnce() throws Exception {
    JsonNode smaller = export(QUICK, "customSmallerIsBetter");
    JsonNode bigger = export(QUICK, "customBiggerIsBetter");
    JsonNode bmf = export(QUICK, "bencher");
    assertCustom(smaller);
    assertCustom(bigger);
    // all but the 14 study claims' ratios, which have no better direction (bencher only)
    assertEquals(count(bmf), smaller.size() + bigger.size() + 14);
    Set<String> units = new HashSet<>();
    bigger.forEach(e -> units.add(e.path("unit").asText()));
    assertEquals(Set.of("req/s"), units, "the quick run has no JMH throughput mode");
    JsonNode gml32 =
        entry(smaller, "GeoEncodingBenchmark.encode codec=gml32 count=200 dataset=osm_places");
    assertEquals("ns/op", gml32.path("unit").asText());
    assertTrue(gml32.path("range").asText().startsWith("± "), gml32::toString);
    assertTrue(gml32.path("extra").asText().contains("us/op"), gml32::toString);
    JsonNode p99 =
        entry(smaller, "load wfs count=200 format=gml2 layer=osm_places users=32 (latency-p99-ms)");
    assertEquals("ms", p99.path("unit").asText());
  }

  @Test
  void aRunWithoutNumbersOfTheKindIsAFailureNotAnEmptyFile() throws Exception {
    Path jmhOnly = CompareOutputTest.recorded("base1");
    assertEquals(1, cli.run("export", jmhOnly.toString(), "--format", "customBiggerIsBetter"));
    assertTrue(cli.err().contains("nothing to export as customBiggerIsBetter"), cli::err);
    assertEquals("", cli.out());
    Path empty = Files.createDirectory(tmp.resolve("empty"));
    Files.copy(jmhOnly.resolve("env.json"), empty.resolve("env.json"));
    Files.writeString(empty.resolve("jmh.json"), "[]");
    assertEquals(2, cli.run("export", empty.toString(), "--format", "bencher"));
    assertTrue(cli.err().contains("holds no results"), cli::err);
  }

  @Test
  void aBadFormatIsRefusedInOneLineBeforeAnyWork() {
    assertEquals(2, cli.run("export", "no-such-run", "--format", "bmf"));
    assertEquals(1, cli.err().lines().count(), cli::err);
    assertTrue(
        cli.err()
            .contains(
                "unknown format 'bmf'; valid: bencher, customSmallerIsBetter,"
                    + " customBiggerIsBetter"),
        cli::err);
    assertEquals(2, cli.run("export", "no-such-run"));
    assertTrue(cli.err().contains("--format"), cli::err);
  }

  @Test
  void outRefusesAnExistingFile() throws Exception {
    Path file = tmp.resolve("bmf.json");
    assertEquals(
        0, cli.run("export", QUICK.toString(), "--format", "bencher", "--out", file.toString()));
    assertBmf(JSON.readTree(file.toFile()));
    assertEquals("", cli.out());
    assertEquals(
        2, cli.run("export", QUICK.toString(), "--format", "bencher", "--out", file.toString()));
    assertTrue(cli.err().contains("exists"), cli::err);
  }

  /** The checks below accept each tool's documented example, and refuse what they would. */
  @Test
  void theShapeChecksAcceptTheDocumentedExamplesAndRefuseTheirBreakage() throws Exception {
    assertBmf(
        JSON.readTree(
            "{\"a benchmark\": {\"latency\": {\"value\": 12.5, \"lower_value\": 12.0,"
                + " \"upper_value\": 13.1}, \"throughput\": {\"value\": 4.0}},"
                + " \"another\": {\"file-size\": {\"value\": 7.0}}}"));
    assertThrows(
        AssertionError.class,
        () -> assertBmf(JSON.readTree("{\"b\": {\"latency\": {\"value\": \"12\"}}}")));
    assertThrows(
        AssertionError.class, () -> assertBmf(JSON.readTree("{\"b\": {\"latency\": {}}}")));
    assertCustom(
        JSON.readTree(
            "[{\"name\": \"CPU load\", \"unit\": \"Percent\", \"value\": 50},"
                + " {\"name\": \"Memory\", \"unit\": \"Megabytes\", \"value\": 100, \"range\": \"± 3\","
                + " \"extra\": \"tooltip\"}]"));
    assertThrows(
        AssertionError.class,
        () -> assertCustom(JSON.readTree("[{\"name\": \"x\", \"value\": 1}]")));
  }

  /**
   * Bencher's BMF JSON schema: an object of benchmarks (name 1..1024 characters), each an object of
   * measures (name 1..64), each an object with a number "value" and optional number "lower_value"
   * and "upper_value"; ours has nothing else, and lower ≤ value ≤ upper.
   */
  static void assertBmf(JsonNode bmf) {
    assertTrue(bmf.isObject() && bmf.size() > 0, "an object of benchmarks");
    for (Iterator<Map.Entry<String, JsonNode>> b = bmf.fields(); b.hasNext(); ) {
      Map.Entry<String, JsonNode> benchmark = b.next();
      String name = benchmark.getKey();
      assertTrue(!name.isEmpty() && name.length() <= 1024, name);
      assertTrue(benchmark.getValue().isObject() && benchmark.getValue().size() > 0, name);
      for (Iterator<Map.Entry<String, JsonNode>> m = benchmark.getValue().fields(); m.hasNext(); ) {
        Map.Entry<String, JsonNode> measure = m.next();
        assertTrue(!measure.getKey().isEmpty() && measure.getKey().length() <= 64, measure::getKey);
        JsonNode metric = measure.getValue();
        assertTrue(metric.path("value").isNumber(), name + " " + measure.getKey());
        for (Iterator<String> f = metric.fieldNames(); f.hasNext(); ) {
          assertTrue(
              Set.of("value", "lower_value", "upper_value").contains(f.next()), metric::toString);
        }
        assertEquals(metric.has("lower_value"), metric.has("upper_value"), metric::toString);
        if (metric.has("lower_value")) {
          assertTrue(
              metric.path("lower_value").isNumber() && metric.path("upper_value").isNumber());
          assertTrue(metric.path("lower_value").asDouble() <= metric.path("value").asDouble());
          assertTrue(metric.path("value").asDouble() <= metric.path("upper_value").asDouble());
        }
      }
    }
  }

  private static final Pattern RANGE = Pattern.compile("(\\+-|±)\\s*(\\d.*)");

  /**
   * github-action-benchmark's custom entry: string name, string unit, number value, optional string
   * range ("± h", which the action reads to rescale with the unit) and string extra; names unique,
   * as the action keys its charts by name.
   */
  static void assertCustom(JsonNode entries) {
    assertTrue(entries.isArray() && entries.size() > 0, "a non-empty array");
    Set<String> names = new HashSet<>();
    for (JsonNode e : entries) {
      assertTrue(e.path("name").isTextual() && names.add(e.path("name").asText()), e::toString);
      assertTrue(e.path("unit").isTextual(), e::toString);
      assertTrue(e.path("value").isNumber(), e::toString);
      for (Iterator<String> f = e.fieldNames(); f.hasNext(); ) {
        assertTrue(
            Set.of("name", "unit", "value", "range", "extra").contains(f.next()), e::toString);
      }
      if (e.has("range")) {
        Matcher m = RANGE.matcher(e.path("range").asText());
        assertTrue(m.matches(), e::toString);
        assertTrue(Double.parseDouble(m.group(2)) >= 0, e::toString);
      }
      assertTrue(!e.has("extra") || e.path("extra").isTextual(), e::toString);
    }
  }

  private static JsonNode entry(JsonNode entries, String name) {
    for (JsonNode e : entries) {
      if (e.path("name").asText().equals(name)) {
        return e;
      }
    }
    throw new AssertionError("no entry " + name);
  }

  private static int count(JsonNode bmf) {
    int n = 0;
    for (JsonNode b : bmf) {
      n += b.size();
    }
    return n;
  }

  /** " codec=gml2 count=200 dataset=osm_places" of a jmh.json entry. */
  private static String params(JsonNode b) {
    StringBuilder s = new StringBuilder();
    new java.util.TreeMap<String, String>(
            JSON.convertValue(
                b.path("params"),
                new com.fasterxml.jackson.core.type.TypeReference<Map<String, String>>() {}))
        .forEach((k, v) -> s.append(' ').append(k).append('=').append(v));
    return s.toString();
  }

  private static Map<String, String> strings(Map<String, Object> params) {
    Map<String, String> m = new java.util.TreeMap<>();
    params.forEach((k, v) -> m.put(k, String.valueOf(v)));
    return m;
  }
}
