package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TimedBatchesTest {
  private static final long MS = 1_000_000;

  @Test
  void callsAlikeKeepTheAskedBatchAndRounds() {
    TimedBatches t =
        TimedBatches.of(
            new long[] {20 * MS, 20 * MS, 5 * MS},
            new double[] {38_000, 2_000_000, 215_000},
            new int[] {1, 1, 1},
            20);
    assertArrayEquals(new int[] {526, 10, 23}, t.opsPerBatch());
    assertEquals(20, t.rounds());
  }

  @Test
  void aCyclingVariantRunsWholeCyclesInFewerRounds() {
    // RasterBenchmark's shape: 64 maps a cycle, 2 ms (direct) and 11 ms (tile cache) a map
    TimedBatches t =
        TimedBatches.of(
            new long[] {20 * MS, 20 * MS, 5 * MS},
            new double[] {2_000_000, 11_000_000, 215_000},
            new int[] {64, 64, 1},
            20);
    assertArrayEquals(new int[] {64, 64, 23}, t.opsPerBatch(), "a batch of 2 maps became 64");
    assertEquals(TimedBatches.MIN_ROUNDS, t.rounds(), "a 704 ms batch, 35 times the 20 ms asked");
  }

  @Test
  void aCycleLongerThanTheBatchRoundsUpToWholeCycles() {
    TimedBatches t =
        TimedBatches.of(new long[] {20 * MS}, new double[] {100_000}, new int[] {64}, 20);
    // 200 calls asked: four cycles, 25.6 ms, within 1.5 times the batch: rounds as asked
    assertArrayEquals(new int[] {256}, t.opsPerBatch());
    assertEquals(20, t.rounds());
    TimedBatches longer =
        TimedBatches.of(new long[] {20 * MS}, new double[] {1_000_000}, new int[] {64}, 20);
    assertArrayEquals(new int[] {64}, longer.opsPerBatch());
    assertEquals(7, longer.rounds(), "64 ms a batch, 3.2 times the asked: 20 / 3.2 rounds");
  }

  @Test
  void neverMoreRoundsThanAsked() {
    TimedBatches t =
        TimedBatches.of(new long[] {20 * MS}, new double[] {10_000_000}, new int[] {64}, 2);
    assertEquals(2, t.rounds());
  }

  @Test
  void theRasterBenchmarkDeclaresItsSampleAndTheOthersAreAlike() throws Exception {
    assertEquals(64, BenchmarkInvoker.cycleOf("org.wirebench.bench.raster.RasterBenchmark.map"));
    assertEquals(
        1, BenchmarkInvoker.cycleOf("org.wirebench.bench.geo.GeoEncodingBenchmark.encode"));
    assertEquals(1, BenchmarkInvoker.cycleOf(ReferenceWorkload.class.getName() + ".run"));
    assertThrows(
        IllegalArgumentException.class,
        () -> BenchmarkInvoker.cycleOf("org.wirebench.bench.raster.RasterBenchmark.nothing"));
  }

  @Test
  void aRasterForkTimesWholeSamples() throws Throwable {
    PairWorker.ForkResult r =
        PairWorker.run(
            new PairWorker.ForkSpec(
                java.util.List.of(
                    new PairWorker.VariantSpec(
                        "direct",
                        "org.wirebench.bench.raster.RasterBenchmark.map",
                        Map.of("renderer", "direct", "srs", "EPSG:4326"))),
                10,
                2,
                20,
                3,
                0));
    assertEquals(0, r.opsPerBatch()[0] % 64, "ops " + r.opsPerBatch()[0]);
    assertEquals(r.nsPerOp().get(0).length, r.wallNsPerOp().get(0).length);
  }
}
