package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.results.PairedRuns;

/**
 * Two modes in a variant's forks, from the recorded runs of 2026-11-26 (commit 732d583, quiet VM):
 * src/test/runs/pairs-two-modes holds the osm_mainroads and osm_places groups of two quick runs, 10
 * forks each, gml2 on osm_mainroads at about 198 µs in 2 of them and 248 µs in 8.
 */
class ForkModesTest {
  static PairedRuns twoModes() throws IOException {
    String root = System.getProperty("wirebench.root");
    return PairedRuns.read(
        Path.of(
            root == null ? ".." : root, "src", "test", "runs", "pairs-two-modes", "pairs.json"));
  }

  @Test
  void gml2OnMainroadsRunsAtTwoSpeedsAndItsNeighboursDoNot() throws IOException {
    PairedRuns.Group roads = twoModes().group("wfs-osm_mainroads");
    ForkModes m = ForkModes.of(roads, "gml2").orElseThrow();
    assertEquals(10, m.forks());
    assertEquals(2, m.fastForks());
    assertTrue(m.fastNs() > 195_000 && m.fastNs() < 200_000, m::toString);
    assertTrue(m.slowNs() > 245_000 && m.slowNs() < 252_000, m::toString);
    assertEquals("198 µs in 2 of 10 forks, 248 µs in 8", m.describe());
    assertTrue(ForkModes.of(roads, "gml32").isEmpty());
    assertTrue(ForkModes.of(roads, "gml2-floor").isEmpty());
    PairedRuns.Group places = twoModes().group("wfs-osm_places");
    assertTrue(ForkModes.ofPair(places, "gml32", "gml2").isEmpty());
  }

  @Test
  void oneFastForkOfFourIsEnoughAndThreeForksAreNot() throws IOException {
    PairedRuns.Group roads = twoModes().group("wfs-osm_mainroads");
    // the first run's forks 1–4: 245, 251, 251 and 199 µs
    assertEquals(1, ForkModes.of(first(roads, 4), "gml2").orElseThrow().fastForks());
    assertTrue(ForkModes.of(first(roads, 3), "gml2").isEmpty(), "3 forks: no modes judged");
  }

  @Test
  void forksSpreadEvenlyAreOneMode() {
    // fork ratios spread over ±8% with no gap three times the rest's range
    PairedRuns.Group g =
        Synthetic.group(new double[] {0.92, 0.95, 0.97, 1.0, 1.02, 1.05, 1.08}, 0.03, 5);
    assertTrue(ForkModes.of(g, "a").isEmpty());
    assertTrue(ForkModes.of(g, "b").isEmpty());
  }

  @Test
  void aForkWhereEveryVariantRanSlowerLeavesTheRatioAloneAndGetsNoNote() {
    // the quiet VM's quick run of 2026-11-26: xml, protobuf and the floor all about 1.45× slower
    // in one backend fork of eight; each variant alone splits, the ratio does not
    PairedRuns.Group even =
        Synthetic.group(new double[] {1.0, 1.01, 0.99, 1.0, 1.0, 1.01, 0.99, 1.0}, 0.02, 11);
    PairedRuns.Group slowFork = scale(even, 7, 1.45, 1.45);
    assertTrue(ForkModes.of(slowFork, "a").isPresent());
    assertTrue(ForkModes.of(slowFork, "b").isPresent());
    assertTrue(ForkModes.ofPair(slowFork, "a", "b").isEmpty());
    // the same fork with only a slower: the ratio splits, and a is named
    List<ForkModes.Named> named = ForkModes.ofPair(scale(even, 7, 1.45, 1), "a", "b");
    assertEquals(1, named.size());
    assertEquals("a", named.get(0).variant());
  }

  /** The group with fork {@code f}'s rounds of a and b multiplied by the two factors. */
  private static PairedRuns.Group scale(PairedRuns.Group g, int f, double byA, double byB) {
    List<PairedRuns.Fork> forks = new java.util.ArrayList<>(g.forks());
    PairedRuns.Fork old = forks.get(f);
    double[] a = java.util.Arrays.stream(old.nsPerOp().get(0)).map(x -> x * byA).toArray();
    double[] b = java.util.Arrays.stream(old.nsPerOp().get(1)).map(x -> x * byB).toArray();
    forks.set(f, new PairedRuns.Fork(old.seed(), old.opsPerBatch(), List.of(a, b), List.of(a, b)));
    return new PairedRuns.Group(
        g.id(), g.variants(), forks, g.stopped(), g.elapsedMs(), g.warmupMs());
  }

  static PairedRuns.Group first(PairedRuns.Group g, int n) {
    return new PairedRuns.Group(
        g.id(),
        g.variants(),
        List.copyOf(g.forks().subList(0, n)),
        g.stopped(),
        g.elapsedMs(),
        g.warmupMs());
  }
}
