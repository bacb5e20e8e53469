package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A hand-edited, truncated or mixed pairs.json or calibration is refused when read, naming what is
 * wrong (compare's exit 2), never read into a ratio of NaN, into another group's calibration, or
 * into a NullPointerException. Each case edits a copy of calibration-v4/cal1 (groups calibration
 * and backend, 4 forks each; the calibration's 8 forks name them).
 */
class PairedFilesTest {
  private static final Path CAL1 = Samples.runs().resolve("calibration-v4/cal1");

  private static Arguments edit(String what, String says, BiConsumer<ObjectNode, ObjectNode> e) {
    return Arguments.of(what, says, e);
  }

  private static ArrayNode calibrationFork(ObjectNode env, int f) {
    return (ArrayNode) env.at("/calibration/nsPerOp/" + f);
  }

  private static ObjectNode backend(ObjectNode pairs) {
    return (ObjectNode) pairs.at("/groups/1");
  }

  static Stream<Arguments> edits() {
    return Stream.of(
        edit(
            "a calibration fork fewer for backend",
            "holds 3 forks of group backend, pairs.json 4",
            (env, pairs) -> {
              ((ArrayNode) env.at("/calibration/groups")).remove(7);
              ((ArrayNode) env.at("/calibration/nsPerOp")).remove(7);
            }),
        edit(
            "a calibration fork more for backend",
            "holds 5 forks of group backend",
            (env, pairs) -> {
              ((ArrayNode) env.at("/calibration/groups")).add("backend");
              ((ArrayNode) env.at("/calibration/nsPerOp")).add(calibrationFork(env, 0).deepCopy());
            }),
        edit(
            "a calibration fork of a group pairs.json lacks",
            "ran in group raster, which pairs.json lacks",
            (env, pairs) -> ((ArrayNode) env.at("/calibration/groups")).set(7, "raster")),
        edit(
            "a calibration fork of other rounds than its group's",
            "fork 0 of group backend has 19 rounds, pairs.json's 20",
            (env, pairs) -> calibrationFork(env, 4).remove(0)),
        edit(
            "a calibration fork without rounds",
            "calibration fork 4 has no rounds",
            (env, pairs) -> calibrationFork(env, 4).removeAll()),
        edit(
            "a calibration cost of zero",
            "holds a cost of 0.0 ns",
            (env, pairs) -> calibrationFork(env, 5).set(3, 0.0)),
        edit(
            "a negative calibration cost",
            "holds a cost of -5.0 ns",
            (env, pairs) -> calibrationFork(env, 5).set(3, -5.0)),
        edit(
            "a calibration cost of NaN (Jackson reads the string)",
            "holds a cost of NaN ns",
            (env, pairs) -> calibrationFork(env, 5).set(3, "NaN")),
        edit(
            "an infinite calibration cost",
            "holds a cost of Infinity ns",
            (env, pairs) -> calibrationFork(env, 5).set(3, "Infinity")),
        edit(
            "a subnormal calibration cost (x / y overflows)",
            "holds a cost of 4.9E-324 ns",
            (env, pairs) -> calibrationFork(env, 5).set(3, Double.MIN_VALUE)),
        edit(
            "a calibration without its workload",
            "calibration without its workload",
            (env, pairs) -> ((ObjectNode) env.get("calibration")).putNull("workload")),
        edit(
            "a pair cost of 1e300 ns",
            "holds a cost of 1.0E300 ns",
            (env, pairs) -> ((ArrayNode) backend(pairs).at("/forks/0/nsPerOp/1")).set(2, 1e300)),
        edit(
            "a wall-clock cost below zero",
            "holds a cost of -3.0 ns",
            (env, pairs) -> ((ArrayNode) backend(pairs).at("/forks/0/wallNsPerOp/1")).set(2, -3.0)),
        edit(
            "a group given twice (its second forks never read)",
            "group backend appears twice",
            (env, pairs) -> ((ArrayNode) pairs.get("groups")).add(backend(pairs).deepCopy())),
        edit(
            "a variant id given twice",
            "names variant xml twice",
            (env, pairs) -> ((ObjectNode) backend(pairs).at("/variants/2")).put("id", "xml")),
        edit(
            "a claim given twice",
            "claim backend-xml-protobuf-50 appears twice",
            (env, pairs) ->
                ((ArrayNode) pairs.get("claims")).add(pairs.at("/claims/3").deepCopy())),
        edit(
            "a group without variants",
            "group backend has no variants",
            (env, pairs) -> {
              backend(pairs).putArray("variants");
              ((ArrayNode) pairs.get("claims")).remove(3);
              ((ArrayNode) pairs.get("claims")).remove(2);
              ((ArrayNode) pairs.get("claims")).remove(1);
              for (var f : backend(pairs).withArray("forks")) {
                ((ObjectNode) f).putArray("nsPerOp");
                ((ObjectNode) f).putArray("wallNsPerOp");
                ((ObjectNode) f).putArray("opsPerBatch");
              }
            }),
        edit(
            "a group without forks",
            "group backend has no forks",
            (env, pairs) -> {
              backend(pairs).putArray("forks");
              for (int f = 7; f >= 4; f--) {
                ((ArrayNode) env.at("/calibration/groups")).remove(f);
                ((ArrayNode) env.at("/calibration/nsPerOp")).remove(f);
              }
            }),
        edit(
            "no groups",
            "settings, groups or claims missing",
            (env, pairs) -> pairs.putNull("groups")),
        edit(
            "a variant without id",
            "has a variant without id",
            (env, pairs) -> ((ObjectNode) backend(pairs).at("/variants/2")).putNull("id")),
        edit(
            "a version 4 env.json without the calibration its pairs' forks timed (compare judged"
                + " absolute times as on one machine)",
            "has no calibration, which every run with pairs.json records",
            (env, pairs) -> env.remove("calibration")),
        edit(
            "a target's bound below zero (read as target missed)",
            "has claimed ratio -2.0, not above 0",
            (env, pairs) -> ((ObjectNode) pairs.at("/claims/3")).put("claimed", -2.0)),
        edit(
            "a claimed ratio of zero",
            "has claimed ratio 0.0, not above 0",
            (env, pairs) -> ((ObjectNode) pairs.at("/claims/3")).put("claimed", 0.0)),
        edit(
            "a claimed ratio beyond a double (1e400 reads as Infinity)",
            "has claimed ratio Infinity",
            (env, pairs) ->
                ((ObjectNode) pairs.at("/claims/3"))
                    .put("claimed", new java.math.BigDecimal("1e400"))),
        edit(
            "a band below zero",
            "has band -0.5, not above 0",
            (env, pairs) -> ((ObjectNode) pairs.at("/claims/1")).put("band", -0.5)),
        edit(
            "a trim share in a file before version 3, which took the plain mean",
            "format version 1 has no settings.trimShare",
            (env, pairs) -> ((ObjectNode) pairs.at("/settings")).put("trimShare", 0.2)),
        edit(
            "a version 3 file without its trim share",
            "format version 3 needs settings.trimShare",
            (env, pairs) -> pairs.put("formatVersion", 3)),
        edit(
            "a trim share that would keep no round",
            "trimShare 0.5 is not in [0, 0.5)",
            (env, pairs) -> {
              pairs.put("formatVersion", 3);
              ((ObjectNode) pairs.at("/settings")).put("trimShare", 0.5);
            }),
        edit(
            "a trim share below zero",
            "trimShare -0.1 is not in [0, 0.5)",
            (env, pairs) -> {
              pairs.put("formatVersion", 3);
              ((ObjectNode) pairs.at("/settings")).put("trimShare", -0.1);
            }),
        edit(
            "a trim share of NaN (Jackson reads the string)",
            "trimShare NaN is not in [0, 0.5)",
            (env, pairs) -> {
              pairs.put("formatVersion", 3);
              ((ObjectNode) pairs.at("/settings")).put("trimShare", "NaN");
            }),
        edit(
            "a group's warm-up in a file before version 4, whose settings held every group's",
            "group backend: warmupMs is there, which format version 1 did not have",
            (env, pairs) -> backend(pairs).put("warmupMs", 300)),
        edit(
            "a version 4 file whose settings still hold a warm-up beside its groups'",
            "settings: warmupMs is there, which format version 4 did not have",
            (env, pairs) -> {
              asVersion4(pairs);
              ((ObjectNode) pairs.at("/settings")).put("warmupMs", 600);
            }),
        edit(
            "a version 4 group without its warm-up",
            "group backend: warmupMs is missing or null",
            (env, pairs) -> {
              asVersion4(pairs);
              backend(pairs).remove("warmupMs");
            }),
        edit(
            "a version 4 group warmed for less than nothing",
            "group backend: warmupMs is -300, not at least 0",
            (env, pairs) -> {
              asVersion4(pairs);
              backend(pairs).put("warmupMs", -300);
            }),
        edit(
            "a fork's variant without rounds",
            "times its variants in unequal rounds",
            (env, pairs) -> ((ArrayNode) backend(pairs).at("/forks/0/nsPerOp")).setNull(1)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("edits")
  void isRefusedWhenRead(
      String what, String says, BiConsumer<ObjectNode, ObjectNode> e, @TempDir Path run)
      throws IOException {
    ObjectNode env = (ObjectNode) ResultFiles.JSON.readTree(CAL1.resolve("env.json").toFile());
    ObjectNode pairs = (ObjectNode) ResultFiles.JSON.readTree(CAL1.resolve("pairs.json").toFile());
    e.accept(env, pairs);
    ResultFiles.JSON.writeValue(run.resolve("env.json").toFile(), env);
    ResultFiles.JSON.writeValue(run.resolve("pairs.json").toFile(), pairs);
    UnreadableRunException x =
        assertThrows(UnreadableRunException.class, () -> RunRecord.read(run), what);
    assertTrue(x.getMessage().contains(says), x.getMessage());
  }

  /** cal1's pairs.json as version 4 writes it: trimmed, each group's own warm-up. */
  private static void asVersion4(ObjectNode pairs) {
    pairs.put("formatVersion", 4);
    ObjectNode settings = (ObjectNode) pairs.at("/settings");
    settings.put("trimShare", 0.2);
    settings.remove("warmupMs");
    int warmup = 300;
    for (com.fasterxml.jackson.databind.JsonNode g : pairs.at("/groups")) {
      ((ObjectNode) g).put("warmupMs", warmup);
      warmup += 600;
    }
  }

  /**
   * Version 4's groups each keep their own warm-up; an older file's groups all took its settings'.
   */
  @Test
  void eachGroupsWarmupReadsFromWhereItsVersionKeepsIt(@TempDir Path run) throws IOException {
    ObjectNode env = (ObjectNode) ResultFiles.JSON.readTree(CAL1.resolve("env.json").toFile());
    ObjectNode pairs = (ObjectNode) ResultFiles.JSON.readTree(CAL1.resolve("pairs.json").toFile());
    ResultFiles.JSON.writeValue(run.resolve("env.json").toFile(), env);
    ResultFiles.JSON.writeValue(run.resolve("pairs.json").toFile(), pairs);
    PairedRuns old = RunRecord.read(run).pairs();
    int settings = old.settings().warmupMs();
    for (PairedRuns.Group g : old.groups()) {
      org.junit.jupiter.api.Assertions.assertEquals(settings, old.warmupMs(g), g.id());
    }
    asVersion4(pairs);
    ResultFiles.JSON.writeValue(run.resolve("pairs.json").toFile(), pairs);
    PairedRuns v4 = RunRecord.read(run).pairs();
    org.junit.jupiter.api.Assertions.assertEquals(
        java.util.List.of(300, 900),
        v4.groups().stream().map(v4::warmupMs).toList(),
        "calibration, then backend");
  }

  /**
   * A file is written as its version has it: a version 4 file with no warm-up in its settings (not
   * one of null: pair-replay, which reads pairs.json beside the Java reader, took a null field for
   * one that is there and refused every version 4 run), an older one with none in its groups and no
   * trim share.
   */
  @Test
  void aWarmupIsWrittenOnlyWhereItsVersionKeepsIt(@TempDir Path run) throws IOException {
    ObjectNode env = (ObjectNode) ResultFiles.JSON.readTree(CAL1.resolve("env.json").toFile());
    ObjectNode pairs = (ObjectNode) ResultFiles.JSON.readTree(CAL1.resolve("pairs.json").toFile());
    ResultFiles.JSON.writeValue(run.resolve("env.json").toFile(), env);
    Path file = run.resolve("pairs.json");
    ResultFiles.JSON.writeValue(file.toFile(), pairs);
    RunRecord.read(run).pairs().write(file);
    com.fasterxml.jackson.databind.JsonNode old = ResultFiles.JSON.readTree(file.toFile());
    assertTrue(!old.at("/settings").has("trimShare"), "a version 1 file: " + old.at("/settings"));
    for (com.fasterxml.jackson.databind.JsonNode g : old.at("/groups")) {
      assertTrue(!g.has("warmupMs"), "an old file's group: " + g.get("warmupMs"));
    }
    asVersion4(pairs);
    ResultFiles.JSON.writeValue(file.toFile(), pairs);
    RunRecord.read(run).pairs().write(file);
    com.fasterxml.jackson.databind.JsonNode written = ResultFiles.JSON.readTree(file.toFile());
    assertTrue(
        !written.at("/settings").has("warmupMs"),
        "a version 4 file's settings: " + written.at("/settings"));
    assertTrue(written.at("/groups/1/warmupMs").isInt(), written.at("/groups/1").toString());
  }

  @Test
  void aCalibrationOfPairGroupsWithoutItsPairsIsRefused(@TempDir Path run) throws IOException {
    Files.copy(CAL1.resolve("env.json"), run.resolve("env.json"));
    UnreadableRunException x =
        assertThrows(UnreadableRunException.class, () -> RunRecord.read(run));
    assertTrue(x.getMessage().contains("has no pairs.json"), x.getMessage());
  }

  /**
   * A truncated file (pairs.json, env.json, jmh.json: every JSON a run folder holds) and a field of
   * the wrong type are refused in one line naming the file, where (line and column, or the field's
   * path) and the problem, without Jackson's "[Source: REDACTED (`StreamReadFeature...` disabled)
   * ...]" the old message carried.
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"pairs.json", "env.json", "jmh.json"})
  void aTruncatedFileIsRefusedWithWhereAndWhatOnly(String name, @TempDir Path run)
      throws IOException {
    Path from = Samples.runs().resolve("calibration-v4/cal1");
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.copy(f, run.resolve(f.getFileName()));
      }
    }
    if (!Files.exists(run.resolve(name))) {
      Files.writeString(run.resolve(name), "[{\"benchmark\": \"a.B.c\",\n  \"mode\": ");
    } else {
      String whole = Files.readString(run.resolve(name));
      Files.writeString(run.resolve(name), whole.substring(0, whole.length() / 2));
    }
    UnreadableRunException x =
        assertThrows(UnreadableRunException.class, () -> RunRecord.read(run), name);
    String m = x.getMessage();
    assertTrue(m.startsWith(run.resolve(name) + " is not JSON: at line "), m);
    assertTrue(m.matches(".*: at line \\d+, column \\d+: Unexpected end-of-input.*"), m);
    assertTrue(!m.contains("Source") && !m.contains("REDACTED") && !m.contains("\n"), m);
  }

  @Test
  void aFieldOfTheWrongTypeNamesItsPath(@TempDir Path run) throws IOException {
    ObjectNode env = (ObjectNode) ResultFiles.JSON.readTree(CAL1.resolve("env.json").toFile());
    ObjectNode pairs = (ObjectNode) ResultFiles.JSON.readTree(CAL1.resolve("pairs.json").toFile());
    ((ObjectNode) pairs.at("/groups/0/forks/0")).put("seed", "x");
    ResultFiles.JSON.writeValue(run.resolve("env.json").toFile(), env);
    ResultFiles.JSON.writeValue(run.resolve("pairs.json").toFile(), pairs);
    UnreadableRunException x =
        assertThrows(UnreadableRunException.class, () -> RunRecord.read(run));
    assertTrue(
        x.getMessage().contains("does not match its format: at groups[0].forks[0].seed: "),
        x.getMessage());
    assertTrue(!x.getMessage().contains("reference chain"), x.getMessage());
  }
}
