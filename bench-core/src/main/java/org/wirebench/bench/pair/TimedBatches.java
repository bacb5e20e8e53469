package org.wirebench.bench.pair;

/**
 * The timed rounds' batches, from what the warm-up measured: each variant's batch costs about the
 * batch time asked for, except that a benchmark cycling through a sample of unlike calls ({@link
 * org.wirebench.bench.OperationCycle}) runs whole cycles a batch — a batch of 2 of
 * RasterBenchmark's 64 maps, whose costs span 1.3–25 ms, made the round's ratio a draw of which
 * maps fell into it (docs/measuring.md, "Benchmarks that cycle through a sample"). Such batches are
 * longer than asked; the fork then times fewer rounds, so that it costs about what the rounds asked
 * for would, but at least {@value #MIN_ROUNDS}: rounds of whole samples differ little (a round's
 * log ratio spread 0.01–0.03 in RasterBenchmark's forks, against 0.3–0.6 with 2-map batches), and
 * the interval is over forks, whose means differ by more.
 *
 * @param opsPerBatch per variant, calls a batch
 * @param rounds rounds to time
 */
record TimedBatches(int[] opsPerBatch, int rounds) {
  static final int MIN_ROUNDS = 3;

  /** The most calls a batch; the warm-up's cap too. */
  static final int MAX_OPS = 10_000_000;

  /** Calls of {@code perOpNs} each that make a batch of about {@code batchNs}, 1..MAX_OPS. */
  static int callsFor(long batchNs, double perOpNs) {
    return (int) Math.max(1, Math.min(MAX_OPS, Math.round(batchNs / perOpNs)));
  }

  /**
   * @param batchNs per variant, the cost a batch is asked to take
   * @param perOpNs per variant, the cost of a call as the warm-up last measured it (above 0)
   * @param cycles per variant, calls a cycle (1: calls alike)
   * @param rounds the rounds asked for
   */
  static TimedBatches of(long[] batchNs, double[] perOpNs, int[] cycles, int rounds) {
    int k = batchNs.length;
    int[] ops = new int[k];
    double stretch = 1; // the most a batch's cost exceeds what was asked of it
    for (int v = 0; v < k; v++) {
      long calls = callsFor(batchNs[v], perOpNs[v]);
      if (cycles[v] > 1) {
        long whole = Math.max(1, (calls + cycles[v] - 1) / cycles[v]);
        calls = Math.min(whole, MAX_OPS / cycles[v]) * cycles[v];
        stretch = Math.max(stretch, calls * perOpNs[v] / batchNs[v]);
      }
      ops[v] = (int) calls;
    }
    if (stretch <= 1.5) {
      return new TimedBatches(ops, rounds);
    }
    int fewer = (int) Math.ceil(rounds / stretch);
    return new TimedBatches(ops, Math.min(rounds, Math.max(MIN_ROUNDS, fewer)));
  }
}
