package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
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
 * Every figure of every run file kind that a report, compare or export divides by, inverts, takes
 * the log of or charts, given a value outside {@link Figures}' range (a subnormal such as 5e-324,
 * or one whose reciprocal is subnormal such as 1e300), everything else left consistent: refused in
 * one line naming the file and the field (before, each was read as measured, and a report printed
 * the infinite or vanishing ratios it made). env.json and sizes.json hold only whole counts,
 * checked at 1 or more where they are divided by.
 */
class FigureRangeTest {
  @TempDir Path dir;

  static Stream<Arguments> figures() {
    String tiny = "5e-324";
    String subnormal = "1e-310";
    String huge = "1e300";
    return Stream.of(
        // load-<scenario>.json: a point's rate with its one run's, so their mean still agrees
        edit(
            "load-wfs.json",
            "/points/0/throughput;/points/0/runs/0/throughput",
            tiny,
            "point osm_mainroads/gml32/4 has throughput 4.9E-324, too small"),
        edit(
            "load-wfs.json",
            "/points/0/throughput;/points/0/runs/0/throughput",
            huge,
            "has throughput 1.0E300, too large"),
        edit("load-wfs.json", "/points/0/latencyMs/mean", subnormal, "1.0E-310 ms, too small"),
        edit("load-wfs.json", "/points/0/runs/0/latencyMs/stddev", huge, "1.0E300 ms, too large"),
        edit(
            "load-wfs.json",
            "/points/0/meanResponseBytes",
            subnormal,
            "1.0E-310 bytes a response, too small"),
        edit(
            "load-wfs.json",
            "/points/0/runs/0/bytesPerSecond",
            subnormal,
            "run 1: bytesPerSecond is 1.0E-310, too small"),
        edit(
            "load-wfs.json",
            "/points/0/runs/0/meanWireBytes",
            huge,
            "run 1: meanWireBytes is 1.0E300, too large"),
        edit(
            "load-wfs.json",
            "/points/0/warmup/ratesPerSecond/0",
            tiny,
            "warmup: ratesPerSecond is 4.9E-324, too small"),
        edit(
            "load-wfs.json",
            "/settings/steadyState/tolerance",
            subnormal,
            "settings, steadyState: tolerance is 1.0E-310, too small"),
        // the chart's x, drawn on its axis
        edit(
            "load-wfs.json",
            "/points/0/params/users",
            tiny,
            "point osm_mainroads/gml32/4: params.users is 4.9E-324, too small"),
        // the wire cells, and the link rate the wire section divides by
        edit("load-wire.json", "/wireCells/0/firstByteMsP50", tiny, "is not a measure"),
        edit("load-wire.json", "/wireCells/0/serverCpuUsPerAnswer", huge, "is not a measure"),
        edit("load-wire.json", "/points/0/params/rateMbit", tiny, "params.rateMbit is 4.9E-324"),
        edit("load-wire.json", "/points/0/params/rttMs", huge, "params.rttMs is 1.0E300"),
        // jmeter-<scenario>.json
        edit("jmeter-wfs.json", "/points/0/throughput", tiny, "throughput is 4.9E-324, too small"),
        edit(
            "jmeter-wfs.json",
            "/points/0/meanResponseBytes",
            huge,
            "meanResponseBytes is 1.0E300, too large"),
        edit(
            "jmeter-wfs.json",
            "/points/0/latencyMs/mean",
            subnormal,
            "latencyMs.mean is 1.0E-310, too small"),
        // pairs.json: the verdicts divide by the bound and the band, the stop rule by the width
        edit("pairs.json", "/claims/0/claimed", tiny, "claimed ratio 4.9E-324, too small"),
        edit("pairs.json", "/claims/0/band", huge, "band 1.0E300, too large"),
        edit(
            "pairs.json",
            "/settings/targetHalfWidth",
            subnormal,
            "settings: targetHalfWidth is 1.0E-310, too small"),
        edit("pairs.json", "/settings/confidence", subnormal, "confidence 1.0E-310 is not in"),
        // jmh.json: the error and the secondary metrics (the score and its iterations below)
        edit("jmh.json", "/0/primaryMetric/scoreError", subnormal, "scoreError 1.0E-310"),
        edit(
            "jmh.json",
            "/0/secondaryMetrics/gc.alloc.rate.norm/score",
            huge,
            "secondary metric gc.alloc.rate.norm of 1.0E300"));
  }

  private static Arguments edit(String kind, String at, String value, String says) {
    return Arguments.of(kind, at, value, says);
  }

  @ParameterizedTest(name = "{0} {1} = {2}")
  @MethodSource("figures")
  void aFigureNoRatioCanBeTakenOfIsRefused(String kind, String at, String value, String says)
      throws IOException {
    RunFolderEdits run = RunFolderEdits.copy(dir);
    run.set(kind, at, value);
    run.assertRefused(kind, says);
  }

  /**
   * A JMH score and all its iterations 5e-324 (the score still their mean) or 1e300: the report's
   * ratios of two scores were infinite or zero.
   */
  @Test
  void aJmhScoreNoRatioCanBeTakenOfIsRefused() throws IOException {
    for (double x : new double[] {Double.MIN_VALUE, 1e300}) {
      RunFolderEdits run = RunFolderEdits.copy(dir.resolve(Double.toString(x)));
      JsonNode root = run.tree("jmh.json");
      ObjectNode primary = (ObjectNode) root.get(0).get("primaryMetric");
      primary.put("score", x);
      for (JsonNode fork : primary.get("rawData")) {
        for (int i = 0; i < fork.size(); i++) {
          ((ArrayNode) fork).set(i, DoubleNode.valueOf(x));
        }
      }
      run.write("jmh.json", root);
      run.assertRefused("jmh.json", "has score " + x + ", too " + (x < 1 ? "small" : "large"));
    }
  }

  /** The rule's ends: the least and most a figure above zero may be, and zero where allowed. */
  @Test
  void theRangeKeepsEveryRatioOfTwoFiguresAndItsReciprocalNormal() {
    assertTrue(Figures.isPositive(Figures.MIN) && Figures.isPositive(Figures.MAX));
    assertFalse(Figures.isPositive(Math.nextDown(Figures.MIN)));
    assertFalse(Figures.isPositive(Math.nextUp(Figures.MAX)));
    assertFalse(Figures.isPositive(0) || Figures.isPositive(Double.NaN));
    assertTrue(Figures.isAmount(0));
    assertFalse(Figures.isAmount(-0.5) || Figures.isAmount(Double.POSITIVE_INFINITY));
    for (double r : new double[] {Figures.MIN / Figures.MAX, Figures.MAX / Figures.MIN}) {
      assertTrue(Math.abs(r) >= Double.MIN_NORMAL && Double.isFinite(r), Double.toString(r));
      assertTrue(1 / r >= Double.MIN_NORMAL && Double.isFinite(1 / r), Double.toString(r));
      assertTrue(Double.isFinite(Math.log(r)));
    }
    assertEquals(1, Figures.MIN * Figures.MAX);
  }
}
