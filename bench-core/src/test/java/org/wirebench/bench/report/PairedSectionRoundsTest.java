package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wirebench.results.PairedRuns;

/** The group's line says when its forks timed whole samples in fewer rounds (TimedBatches). */
class PairedSectionRoundsTest {
  private static PairedRuns.Group group(int rounds, int ops) {
    double[] costs = new double[rounds];
    java.util.Arrays.fill(costs, 1000);
    PairedRuns.Fork f =
        new PairedRuns.Fork(1, new int[] {ops, ops}, List.of(costs, costs), List.of(costs, costs));
    return new PairedRuns.Group(
        "raster",
        List.of(
            new PairedRuns.Variant("a", "X.a", Map.of()),
            new PairedRuns.Variant("b", "X.b", Map.of())),
        List.of(f, f),
        "decided",
        1000);
  }

  @Test
  void roundsAsAskedSayNothing() {
    assertEquals("", PairedSection.fewerRounds(group(20, 10), 20));
  }

  @Test
  void fewerRoundsOfWholeSamplesAreSaid() {
    assertEquals(
        "; whole samples a batch (64 calls or more), 5 rounds a fork",
        PairedSection.fewerRounds(group(5, 64), 20));
  }
}
