package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wirebench.results.PairedRuns;

/** The group's line says when its forks timed whole samples in fewer rounds (TimedBatches). */
class PairedSectionRoundsTest {
  private static PairedRuns.Group group(int rounds, int ops) {
    return group(rounds, ops, ops);
  }

  private static PairedRuns.Group group(int rounds, int opsA, int opsB) {
    double[] costs = new double[rounds];
    java.util.Arrays.fill(costs, 1000);
    PairedRuns.Fork f =
        new PairedRuns.Fork(
            1, new int[] {opsA, opsB}, List.of(costs, costs), List.of(costs, costs));
    return new PairedRuns.Group(
        "raster",
        List.of(
            new PairedRuns.Variant("a", "X.a", Map.of()),
            new PairedRuns.Variant("b", "X.b", Map.of())),
        List.of(f, f),
        "decided",
        1000,
        600);
  }

  @Test
  void roundsAsAskedSayNothing() {
    assertEquals("", PairedSection.fewerRounds(group(20, 10), 20));
  }

  @Test
  void fewerRoundsOfWholeSamplesAreSaid() {
    assertEquals(
        "; 5 rounds a fork, not 20: a variant cycling through a sample timed whole samples a batch",
        PairedSection.fewerRounds(group(5, 64), 20));
  }

  /**
   * A group may mix a cycling variant with one of alike calls (Claims.Builder takes a variant of
   * another benchmark): the alike one's batch of 23 is no whole sample. Before, the line named the
   * group's fewest calls a batch as its whole samples' ("23 calls or more").
   */
  @Test
  void aMixedGroupNamesNoOtherBatchAsAWholeSample() {
    String line = PairedSection.fewerRounds(group(3, 64, 23), 20);
    assertTrue(line.startsWith("; 3 rounds a fork"), line);
    assertFalse(line.contains("23"), line);
  }

  /** A run that trimmed its forks' rounds says so; one before the trim reads as it always did. */
  @Test
  void theIntervalSaysWhatEachForkContributes() {
    PairedRuns.Settings plain =
        new PairedRuns.Settings(600, 20, 20, 4, 12, 270_000, 0.99, 0.10, List.of(), null);
    assertEquals(" mean log ratios", PairedSection.estimate(plain));
    PairedRuns.Settings trimmed =
        new PairedRuns.Settings(600, 20, 20, 4, 12, 270_000, 0.99, 0.10, List.of(), 0.2);
    assertEquals(
        " estimates, each the mean of its rounds' log ratios less the 20% lowest and the 20%"
            + " highest",
        PairedSection.estimate(trimmed));
  }
}
