package org.wirebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A part of a run file that no writer leaves empty, emptied (the rest kept consistent): refused in
 * one line naming the file and the part. Before, each read, and the report showed a section of
 * nothing, or dropped a wire cell without a word. (A load point with no runs, a pair group with no
 * forks or variants, a fork of no rounds and JMH results without iterations were refused already;
 * sizes.json with no payloads stays legitimate: runs of benchmarks that make no payload write it
 * so.)
 */
class EmptyPartsTest {
  @TempDir Path dir;

  static Stream<Arguments> emptied() {
    return Stream.of(
        edit("load-wfs.json", "/points", "[]", ": no points"),
        edit("jmeter-wfs.json", "/points", "[]", ": points are none"),
        // a claim names its group: both emptied, or the claim's refusal would come first
        edit("pairs.json", "/groups;/claims", "[]", ": no groups"),
        edit("pairs.json", "/claims", "[]", ": no claims"),
        edit("env.json", "/calibration/nsPerOp;/calibration/groups", "[]", "calibration without"),
        edit("fidelity.json", "/rows", "[]", ": rows are none"),
        edit("fidelity.json", "/rows;/stacks", "[]", ": stacks are none"),
        edit("fidelity-codecs.json", "/rows", "[]", ": rows are none"),
        // a point judged converged on no warm-up window
        edit("load-wfs.json", "/points/0/warmup/ratesPerSecond", "[]", "ratesPerSecond are none"));
  }

  private static Arguments edit(String kind, String at, String value, String says) {
    return Arguments.of(kind, at, value, says);
  }

  @ParameterizedTest(name = "{0} {1} = {2}")
  @MethodSource("emptied")
  void anEmptiedPartIsRefused(String kind, String at, String value, String says)
      throws IOException {
    RunFolderEdits run = RunFolderEdits.copy(dir);
    run.set(kind, at, value);
    run.assertRefused(kind, says);
  }

  /** A wire cell whose id no point carries: the wire section dropped it without a word. */
  @Test
  void aWireCellWithNoPointsIsRefused() throws IOException {
    RunFolderEdits run = RunFolderEdits.copy(dir);
    JsonNode root = run.tree("load-wire.json");
    ObjectNode extra = root.get("wireCells").get(0).deepCopy();
    extra.put("id", "1gbit/1ms/osm_mainroads/geojson/deflate/200");
    ((ArrayNode) root.get("wireCells")).add(extra);
    run.write("load-wire.json", root);
    run.assertRefused(
        "load-wire.json",
        "wire cell 1gbit/1ms/osm_mainroads/geojson/deflate/200: id names no point");
  }

  /**
   * A wire cell's points without one of the measures the wire section reads (its decode point
   * removed): the section skipped the cell, bytes, CPU and all.
   */
  @Test
  void aWireCellWithoutOneOfItsMeasuresIsRefused() throws IOException {
    RunFolderEdits run = RunFolderEdits.copy(dir);
    JsonNode root = run.tree("load-wire.json");
    ArrayNode points = (ArrayNode) root.get("points");
    String cell = root.get("wireCells").get(0).get("id").asText();
    for (int i = points.size() - 1; i >= 0; i--) {
      if (points.get(i).get("id").asText().equals(cell + "/decode")) {
        points.remove(i);
      }
    }
    run.write("load-wire.json", root);
    run.assertRefused("load-wire.json", "wire cell " + cell + ": points have no decode measure");
  }

  /**
   * A pair group no claim names (its claims removed): the pairs section showed forks of nothing.
   */
  @Test
  void aPairGroupNoClaimNamesIsRefused() throws IOException {
    RunFolderEdits run = RunFolderEdits.copy(dir);
    JsonNode root = run.tree("pairs.json");
    String group = root.get("groups").get(0).get("id").asText();
    ArrayNode claims = (ArrayNode) root.get("claims");
    for (int i = claims.size() - 1; i >= 0; i--) {
      if (claims.get(i).get("group").asText().equals(group)) {
        claims.remove(i);
      }
    }
    run.write("pairs.json", root);
    run.assertRefused("pairs.json", "group " + group + ": id is named by no claim");
  }
}
