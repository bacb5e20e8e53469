package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The statistics, error kinds and keep rules are enums in the model and keep the names the files
 * have always used: every committed run reads back to what it says, and a name no version used is
 * refused rather than read as a missing figure.
 */
class NamesTest {
  private static final ObjectWriter COMPACT =
      ResultFiles.JSON.writer().without(SerializationFeature.INDENT_OUTPUT);

  @Test
  void everyStatisticRoundTripsItsName() throws IOException {
    List<String> names = List.of("mean", "min", "stddev", "p50", "p90", "p99", "p99.9", "max");
    assertEquals(names.size(), Statistic.values().length);
    for (String n : names) {
      Statistic s = Statistic.of(n);
      assertEquals(n, s.key());
      assertEquals('"' + n + '"', ResultFiles.JSON.writeValueAsString(s));
      assertEquals(s, ResultFiles.JSON.readValue('"' + n + '"', Statistic.class));
      assertEquals("{\"" + n + "\":1.0}", COMPACT.writeValueAsString(Map.of(s, 1.0)));
    }
  }

  @Test
  void everyErrorKindRoundTripsItsName() throws IOException {
    List<String> names = List.of("connect", "timeout", "status", "validation", "unfinished");
    assertEquals(names.size(), ErrorKind.values().length);
    for (String n : names) {
      ErrorKind k = ErrorKind.of(n);
      assertEquals(n, k.key());
      assertEquals('"' + n + '"', ResultFiles.JSON.writeValueAsString(k));
      assertEquals(k, ResultFiles.JSON.readValue('"' + n + '"', ErrorKind.class));
      assertEquals("{\"" + n + "\":1}", COMPACT.writeValueAsString(Map.of(k, 1L)));
    }
  }

  @Test
  void everyKeepRuleRoundTripsItsName() throws IOException {
    for (String n : List.of("mean", "best")) {
      ScenarioSettings.Keep k = ScenarioSettings.Keep.of(n);
      assertEquals('"' + n + '"', ResultFiles.JSON.writeValueAsString(k));
      assertEquals(k, ResultFiles.JSON.readValue('"' + n + '"', ScenarioSettings.Keep.class));
    }
    assertEquals(2, ScenarioSettings.Keep.values().length);
  }

  @Test
  void everyLoadModelRoundTripsItsName() throws IOException {
    for (String n : List.of("closed", "open")) {
      LoadModel m = LoadModel.of(n);
      assertEquals('"' + n + '"', ResultFiles.JSON.writeValueAsString(m));
      assertEquals(m, ResultFiles.JSON.readValue('"' + n + '"', LoadModel.class));
    }
    assertEquals(2, LoadModel.values().length);
  }

  @Test
  void unknownNamesAreRefusedInCode() {
    assertThrows(IllegalArgumentException.class, () -> LoadModel.of("bursty"));
    assertThrows(IllegalArgumentException.class, () -> Statistic.of("p95"));
    assertThrows(IllegalArgumentException.class, () -> Statistic.of("P99"));
    assertThrows(IllegalArgumentException.class, () -> ErrorKind.of("refused"));
    assertThrows(IllegalArgumentException.class, () -> ScenarioSettings.Keep.of("worst"));
  }

  /**
   * Every load and JMeter file committed: the run folders kept under jmh-results and the samples.
   */
  static Stream<Path> committedFiles() throws IOException {
    Path root = Samples.runs().getParent().getParent().getParent();
    List<Path> all;
    try (Stream<Path> s =
        Stream.concat(Files.walk(root.resolve("jmh-results")), Files.walk(Samples.runs()))) {
      all =
          s.filter(
                  p -> {
                    String n = p.getFileName().toString();
                    return n.endsWith(".json")
                        && (n.startsWith("load-") || n.startsWith(JmeterResult.PREFIX));
                  })
              .sorted()
              .toList();
    }
    assertFalse(all.isEmpty());
    return all.stream();
  }

  /**
   * Written back through the model, each committed file says what it said: every field it has, the
   * statistics', error kinds' and keep rules' names included, has its value (fields later versions
   * added may be there besides).
   */
  @ParameterizedTest
  @MethodSource("committedFiles")
  void everyCommittedFileReadsTheSame(Path file) throws IOException {
    JsonNode original = ResultFiles.JSON.readTree(file.toFile());
    Object read =
        file.getFileName().toString().startsWith(JmeterResult.PREFIX)
            ? JmeterResult.read(file)
            : ScenarioResult.read(file);
    JsonNode written = ResultFiles.JSON.valueToTree(read);
    assertContains(file + ": ", original, written);
  }

  private static void assertContains(String at, JsonNode expected, JsonNode actual) {
    if (expected.isNumber()) {
      assertTrue(actual.isNumber(), at);
      assertEquals(expected.doubleValue(), actual.doubleValue(), at);
    } else if (expected.isObject()) {
      assertTrue(actual.isObject(), at);
      for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        assertTrue(actual.has(e.getKey()), at + e.getKey() + " missing");
        assertContains(at + e.getKey() + ".", e.getValue(), actual.get(e.getKey()));
      }
    } else if (expected.isArray()) {
      assertEquals(expected.size(), actual.size(), at);
      for (int i = 0; i < expected.size(); i++) {
        assertContains(at + i + ".", expected.get(i), actual.get(i));
      }
    } else {
      assertEquals(expected, actual, at);
    }
  }

  @Test
  void anUnknownStatisticIsRefused(@TempDir Path dir) throws IOException {
    assertRefused(dir, "p95", json -> run(json).with("latencyMs").set("p95", num(1.0)));
  }

  @Test
  void anUnknownPointStatisticIsRefused(@TempDir Path dir) throws IOException {
    assertRefused(dir, "p95", json -> point(json).with("latencyMs").set("p95", num(1.0)));
  }

  @Test
  void anUnknownErrorKindIsRefused(@TempDir Path dir) throws IOException {
    assertRefused(dir, "refused", json -> run(json).with("errors").put("refused", 0));
  }

  @Test
  void anUnknownWarmupErrorKindIsRefused(@TempDir Path dir) throws IOException {
    assertRefused(dir, "refused", json -> run(json).with("warmupErrors").put("refused", 0));
  }

  @Test
  void anUnknownKeepRuleIsRefused(@TempDir Path dir) throws IOException {
    assertRefused(dir, "worst", json -> json.with("settings").put("keep", "worst"));
  }

  @Test
  void anUnknownTableStatisticIsRefused(@TempDir Path dir) throws IOException {
    assertRefused(dir, "median", json -> json.with("table").put("latency", "median"));
  }

  @Test
  void anUnknownLoadModelIsRefused(@TempDir Path dir) throws IOException {
    assertRefused(dir, "bursty", json -> run(json).put("model", "bursty"));
  }

  @Test
  void anUnknownJmeterStatisticIsRefused(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("jmeter-wfs.json");
    ObjectNode json =
        (ObjectNode)
            ResultFiles.JSON.readTree(Samples.runs().resolve("jmeter-v1/jmeter-wfs.json").toFile());
    ((ObjectNode) json.get("points").get(0)).with("latencyMs").put("p95", 1.0);
    ResultFiles.JSON.writeValue(file.toFile(), json);
    UnreadableRunException e =
        assertThrows(UnreadableRunException.class, () -> JmeterResult.read(file));
    assertTrue(e.getMessage().contains("p95"), e.getMessage());
  }

  private interface Edit {
    void apply(ObjectNode json);
  }

  /** A version 2 sample with one name changed is refused, naming the file and the name. */
  private static void assertRefused(Path dir, String name, Edit edit) throws IOException {
    Path file = dir.resolve("load-finding.json");
    ObjectNode json =
        (ObjectNode)
            ResultFiles.JSON.readTree(Samples.runs().resolve("load-v2/load-finding.json").toFile());
    ScenarioResult.read(Samples.runs().resolve("load-v2/load-finding.json")); // reads unedited
    edit.apply(json);
    ResultFiles.JSON.writeValue(file.toFile(), json);
    UnreadableRunException e =
        assertThrows(UnreadableRunException.class, () -> ScenarioResult.read(file));
    assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    assertTrue(e.getMessage().contains(name), e.getMessage());
  }

  private static ObjectNode point(ObjectNode json) {
    return (ObjectNode) json.get("points").get(0);
  }

  private static ObjectNode run(ObjectNode json) {
    return (ObjectNode) point(json).get("runs").get(0);
  }

  private static JsonNode num(double v) {
    return ResultFiles.JSON.getNodeFactory().numberNode(v);
  }
}
