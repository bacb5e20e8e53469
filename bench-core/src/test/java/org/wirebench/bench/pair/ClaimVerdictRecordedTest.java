package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.pair.ClaimVerdict.Answer;
import org.wirebench.bench.pair.ClaimVerdict.Region;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PairedRuns.Claim;

/**
 * Each verdict kind from recorded runs: the committed quick runs' pairs.json under jmh-results/
 * (2026-11-26, the quiet VM). The intervals quoted are what the reports print.
 */
class ClaimVerdictRecordedTest {
  private static final String A = "20261126-051151-vm-732d583-quick-jdk17";
  private static final String B = "20261126-054022-vm-732d583-quick-jdk17";
  private static final String C = "20261126-055626-vm-732d583-quick-jdk17";
  private static final String OLDER = "20261126-074640-vm-31c1a66-quick-jdk17";
  private static final String REFERENCE = "20261126-084436-vm-114d0f7-quick-jdk17";

  private static Path results() {
    String root = System.getProperty("wirebench.root");
    return Path.of(root == null ? ".." : root, "jmh-results");
  }

  private static PairedRuns runs(String run) throws IOException {
    return PairedRuns.read(results().resolve(run).resolve(PairedRuns.FILE));
  }

  private static ClaimVerdict verdict(String run, String claim) throws IOException {
    PairedRuns runs = runs(run);
    Claim c = runs.claims().stream().filter(x -> x.id().equals(claim)).findFirst().orElseThrow();
    PairedRatio r = PairedRatio.of(runs.settings(), runs.group(c.group()), c.a(), c.b());
    return ClaimVerdict.judge(c, r);
  }

  @Test
  void eachDecidedKindFromARecordedRun() throws IOException {
    // Axis2/JAXB against CXF, 2.50× [2.24, 2.79] against a claim of direction only
    assertEquals("holds", verdict(REFERENCE, "soap-axis2jaxb-cxf-ints-100").label());
    // ADB against CXF on MeshInterfaceObjects × 1000: 1.30× [1.18, 1.42] against ~1.7×
    assertEquals(
        "does not hold: smaller than claimed",
        verdict(REFERENCE, "soap-cxf-adb-mesh-1000").label());
    // ints × 100: 1.00× [0.92, 1.08] against ~1.5×
    assertEquals("does not hold: no difference", verdict(A, "soap-cxf-adb-ints-100").label());
    // the tile cache on EPSG:4326: 0.26× [0.21, 0.32] against +28%
    assertEquals(
        "does not hold: reversed", verdict(REFERENCE, "raster-direct-tilecache-EPSG:4326").label());
    // the calibration's A/A claims no difference, and holds
    assertEquals("holds: no difference", verdict(REFERENCE, "aa-reference").label());
    assertEquals(Answer.MET, verdict(REFERENCE, "target-gateway-protobuf-floor").answer());
    assertEquals(Answer.MISSED, verdict(A, "target-gateway-xml-floor").answer());
  }

  /**
   * Every verdict kind from the committed runs of each pairs.json format version: a study claim
   * holding at its claimed size, smaller than claimed, no difference, reversed, inconclusive, and
   * the A/A claim's "no difference" holding (its band, both one-sided bounds inside).
   */
  @Test
  void eachKindFromTheRecordedRunsOfEveryPairsVersion() throws IOException {
    Map<Integer, Set<String>> kinds = new TreeMap<>();
    List<Path> folders;
    try (Stream<Path> s = Files.list(results())) {
      folders = s.filter(p -> Files.isRegularFile(p.resolve(PairedRuns.FILE))).sorted().toList();
    }
    for (Path folder : folders) {
      PairedRuns runs = PairedRuns.read(folder.resolve(PairedRuns.FILE));
      Set<String> seen = kinds.computeIfAbsent(runs.formatVersion(), v -> new TreeSet<>());
      for (Claim c : runs.claims()) {
        PairedRatio r = PairedRatio.of(runs.settings(), runs.group(c.group()), c.a(), c.b());
        ClaimVerdict v = ClaimVerdict.judge(c, r);
        if (v.answer() == Answer.INCONCLUSIVE) {
          seen.add("inconclusive");
        } else if (ClaimVerdict.claimsNoDifference(c)) {
          seen.add("A/A " + v.label());
        } else if (c.kind() == PairedRuns.Kind.AT_LEAST && v.fineDecided()) {
          seen.add(v.answer().label() + ": " + v.fine().label());
        }
      }
    }
    Set<String> every =
        new TreeSet<>(
            List.of(
                "holds: at the claimed size",
                "does not hold: smaller than claimed",
                "does not hold: no difference",
                "does not hold: reversed",
                "inconclusive",
                "A/A holds: no difference"));
    Map<Integer, Set<String>> expected = new TreeMap<>();
    for (int version = 1; version <= PairedRuns.FORMAT_VERSION; version++) {
      expected.put(version, every);
    }
    assertEquals(expected, kinds);
  }

  /** The rows the old verdict left inconclusive although the claim's answer was decided. */
  @Test
  void anIntervalAcrossAFinerEdgeStillAnswersTheClaim() throws IOException {
    ClaimVerdict roads = verdict(REFERENCE, "wfs-gml32-gml2-osm_mainroads");
    assertEquals(
        "does not hold: no difference or reversed (the interval [0.89, 1.02] crosses 0.91)",
        roads.label());
    ClaimVerdict places = verdict(REFERENCE, "wfs-gml32-gml2-osm_places");
    assertEquals(Answer.DOES_NOT_HOLD, places.answer());
    assertEquals(List.of(Region.SMALLER, Region.NO_DIFFERENCE), places.regions());
    ClaimVerdict ints = verdict(OLDER, "soap-cxf-adb-ints-100");
    assertEquals(
        List.of(Region.SMALLER, Region.NO_DIFFERENCE, Region.REVERSED),
        ints.regions(),
        ints::label);
    assertEquals(Answer.DOES_NOT_HOLD, ints.answer());
    assertEquals(
        "does not hold: smaller than claimed or no difference (the interval [0.91, 1.23] crosses"
            + " 1.10)",
        verdict(REFERENCE, "backend-xml-protobuf-50").label());
  }

  @Test
  void anIntervalAcrossTheClaimedSizeIsInconclusive() throws IOException {
    // simpleEvents × 100 at 31c1a66: 1.20× [1.03, 1.39] against ~1.5× (size 1.36)
    ClaimVerdict v = verdict(OLDER, "soap-cxf-adb-simpleEvents-100");
    assertEquals(Answer.INCONCLUSIVE, v.answer());
    assertEquals(List.of(1.5 / 1.1, 1.1), v.edges());
    assertEquals(Answer.INCONCLUSIVE, verdict(A, "target-flatgeobuf-floor-osm_places").answer());
  }

  /**
   * The property of the class comment on every committed run: where two runs' intervals of one
   * claim overlap, their decided answers agree, their decided finer verdicts agree, and the regions
   * they cover meet.
   */
  @Test
  void recordedRunsWhoseIntervalsOverlapNeverContradictEachOther() throws IOException {
    Map<String, List<ClaimVerdict>> byClaim = new LinkedHashMap<>();
    List<Path> folders;
    try (Stream<Path> s = Files.list(results())) {
      folders = s.filter(p -> Files.isRegularFile(p.resolve(PairedRuns.FILE))).sorted().toList();
    }
    for (Path folder : folders) {
      PairedRuns runs = PairedRuns.read(folder.resolve(PairedRuns.FILE));
      for (Claim c : runs.claims()) {
        PairedRatio r = PairedRatio.of(runs.settings(), runs.group(c.group()), c.a(), c.b());
        String key = c.id() + " " + c.claimed() + " " + c.band() + " " + c.kind();
        byClaim.computeIfAbsent(key, k -> new ArrayList<>()).add(ClaimVerdict.judge(c, r));
      }
    }
    int compared = 0;
    for (Map.Entry<String, List<ClaimVerdict>> e : byClaim.entrySet()) {
      List<ClaimVerdict> vs = e.getValue();
      for (int i = 0; i < vs.size(); i++) {
        for (int j = i + 1; j < vs.size(); j++) {
          ClaimVerdict x = vs.get(i);
          ClaimVerdict y = vs.get(j);
          if (x.answer() == Answer.NO_INTERVAL
              || y.answer() == Answer.NO_INTERVAL
              || x.high() < y.low()
              || y.high() < x.low()) {
            continue;
          }
          compared++;
          String at = e.getKey() + ": " + x.label() + " / " + y.label();
          if (x.decided() && y.decided()) {
            assertEquals(x.answer(), y.answer(), at);
          }
          if (x.fineDecided() && y.fineDecided()) {
            assertEquals(x.fine(), y.fine(), at);
          }
          if (!x.regions().isEmpty()) {
            assertFalse(x.regions().stream().noneMatch(y.regions()::contains), at);
          }
        }
      }
    }
    assertTrue(compared > 100, "pairs of overlapping recorded intervals: " + compared);
  }

  /**
   * Three quick runs back to back at 732d583: every study claim's row has one answer in all three,
   * while the finer verdict of three rows moves (it did before as "inconclusive").
   */
  @Test
  void threeRecordedRunsGiveEveryClaimOneAnswer() throws IOException {
    int claims = 0;
    int oneFine = 0;
    for (Claim c : runs(A).claims()) {
      if (c.kind() != PairedRuns.Kind.AT_LEAST) {
        continue;
      }
      claims++;
      ClaimVerdict a = verdict(A, c.id());
      ClaimVerdict b = verdict(B, c.id());
      ClaimVerdict cc = verdict(C, c.id());
      assertTrue(a.decided(), a::label);
      assertEquals(a.answer(), b.answer(), c.id());
      assertEquals(a.answer(), cc.answer(), c.id());
      oneFine +=
          a.fineDecided() == b.fineDecided()
                  && b.fineDecided() == cc.fineDecided()
                  && (!a.fineDecided() || a.fine() == b.fine() && b.fine() == cc.fine())
              ? 1
              : 0;
    }
    assertEquals(14, claims);
    assertEquals(11, oneFine);
  }
}
