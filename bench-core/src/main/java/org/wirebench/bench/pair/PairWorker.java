package org.wirebench.bench.pair;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.wirebench.results.StrictJson;
import org.wirebench.server.ParentWatch;

/**
 * One fork of a paired group, in its own JVM: sets up every variant (JMH's validation included),
 * warms them up interleaved, then times {@code rounds} rounds (fewer when a variant's batches are
 * whole cycles of unlike calls: {@link TimedBatches}) in which each variant runs its batch once, in
 * an order shuffled anew every round; the batches of variants that cycle through a sample are taken
 * in turns, chunk by chunk ({@link #timeInterleaved}). Prints one line, {@value #RESULT} and the
 * fork as JSON, on standard output. Ends when its parent does: it reads standard input, which the
 * parent holds open, and halts at end of input.
 */
public final class PairWorker {
  static final String RESULT = "WIREBENCH-FORK ";

  /**
   * @param id the variant's id in its group
   * @param benchmark "fully.qualified.Class.method"
   */
  record VariantSpec(String id, String benchmark, Map<String, String> params) {}

  /**
   * What the parent asks of one fork.
   *
   * @param warmupMs per variant, on the cost clock ({@link Clock})
   * @param referenceBatchMs above 0: the {@link ReferenceWorkload} runs too, as one more variant
   *     shuffled into every round with batches of this cost, so the machine's calibration is
   *     sampled in every group's forks, all through the run; 0: not
   */
  record ForkSpec(
      List<VariantSpec> variants,
      int warmupMs,
      int batchMs,
      int rounds,
      long seed,
      int referenceBatchMs) {}

  /**
   * What one fork measured: per variant its batch size and, each round, its cost per operation
   * ({@link Clock}) and its wall time per operation; the reference workload's cost per operation
   * each round (null when it did not run).
   */
  record ForkResult(
      int[] opsPerBatch,
      List<double[]> nsPerOp,
      List<double[]> wallNsPerOp,
      double[] referenceNsPerOp) {}

  /**
   * The cost of a batch: the CPU time of the thread that ran it, plus the time the collector held
   * it stopped. Unlike wall time, neither counts what other processes took from this one meanwhile
   * (on a 2-core VM shared with a build, a 20 ms batch is often descheduled for longer than it
   * runs); the pauses put the garbage an operation makes back into its cost, which the thread's CPU
   * time alone would leave out.
   */
  static final class Clock {
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final List<GarbageCollectorMXBean> collectors =
        ManagementFactory.getGarbageCollectorMXBeans();

    long nowNs() {
      long pausedMs = 0;
      for (GarbageCollectorMXBean c : collectors) {
        pausedMs += Math.max(0, c.getCollectionTime());
      }
      return threads.getCurrentThreadCpuTime() + pausedMs * 1_000_000;
    }
  }

  private static volatile long blackhole;

  private PairWorker() {}

  public static void main(String[] args) throws Throwable {
    ParentWatch.exitWhenEnded(System.in, "pair fork");
    ObjectMapper json = StrictJson.mapper();
    // the spec as its one argument, not a file: a temporary file outlived a killed suite
    ForkSpec spec = json.readValue(args[0], ForkSpec.class);
    ForkResult result = run(spec);
    System.out.println(RESULT + json.writeValueAsString(result));
    System.out.flush();
    System.exit(0);
  }

  static ForkResult run(ForkSpec spec) throws Throwable {
    int variants = spec.variants().size();
    boolean reference = spec.referenceBatchMs() > 0;
    // the reference workload, when asked for, is the last op: shuffled in like any variant
    int k = variants + (reference ? 1 : 0);
    BenchmarkInvoker.Op[] ops = new BenchmarkInvoker.Op[k];
    long[] batchNs = new long[k];
    long[] warmNs = new long[k];
    Arrays.fill(batchNs, spec.batchMs() * 1_000_000L);
    // warm-up measured on the cost clock, per variant: on a machine busy with other work, wall
    // time would leave some forks' code still compiling when the measured rounds begin
    Arrays.fill(warmNs, spec.warmupMs() * 1_000_000L);
    if (reference) {
      ReferenceWorkload workload = new ReferenceWorkload();
      ops[variants] = workload::run;
      batchNs[variants] = spec.referenceBatchMs() * 1_000_000L;
      // one loop nest without calls compiles in its first few calls; it needs no more warming
      // than its share of the rounds gives it
      warmNs[variants] = 0;
    }
    String plant = System.getProperty(PlantedSlowdown.PROPERTY, "");
    int[] cycles = new int[k];
    Arrays.fill(cycles, 1);
    for (int i = 0; i < variants; i++) {
      VariantSpec v = spec.variants().get(i);
      ops[i] = BenchmarkInvoker.prepare(v.benchmark(), v.params());
      cycles[i] = BenchmarkInvoker.cycleOf(v.benchmark());
      if (plant.startsWith(v.id() + ":")) {
        if (cycles[i] > 1) {
          // the parent refuses this before any fork (PlantedSlowdown.refused); a fork run by hand
          // still must
          throw new IllegalArgumentException(
              PlantedSlowdown.PROPERTY + ": " + v.id() + " cycles through a sample");
        }
        ops[i] =
            PlantedSlowdown.planted(ops[i], Integer.parseInt(plant.substring(v.id().length() + 1)));
      }
    }
    Random order = new Random(spec.seed());
    int[] batch = new int[k];
    Arrays.fill(batch, 1);
    long[] warmed = new long[k];
    double[] perOpNs = new double[k];
    long sink = 0;
    Clock clock = new Clock();
    for (int round = 0; round < 3 || !warm(warmed, warmNs); round++) {
      for (int v : shuffled(k, order)) {
        long c0 = clock.nowNs();
        sink += time(ops[v], batch[v]);
        long spent = Math.max(1, clock.nowNs() - c0);
        warmed[v] += spent;
        perOpNs[v] = spent / (double) batch[v];
        batch[v] = TimedBatches.callsFor(batchNs[v], perOpNs[v]);
      }
    }
    TimedBatches timed = TimedBatches.of(batchNs, perOpNs, cycles, spec.rounds());
    batch = timed.opsPerBatch();
    int rounds = timed.rounds();
    List<double[]> cost = new ArrayList<>();
    List<double[]> wall = new ArrayList<>();
    for (int v = 0; v < k; v++) {
      cost.add(new double[rounds]);
      wall.add(new double[rounds]);
    }
    for (int r = 0; r < rounds; r++) {
      int round = r;
      int[] shuffled = shuffled(k, order);
      int[] timedBatch = batch;
      sink +=
          onFreshThread(
              () -> {
                long s = 0;
                // the thread's own state (a reader, a buffer) made before anything is timed here; a
                // cycling variant is timed on threads of its own (timeInterleaved), not on this one
                for (int v : shuffled) {
                  if (cycles[v] == 1) {
                    s += System.identityHashCode(ops[v].call());
                  }
                }
                long[][] interleaved = null;
                for (int v : shuffled) {
                  if (cycles[v] > 1 && interleaved == null) {
                    interleaved = timeInterleaved(ops, cycles, timedBatch, order, clock);
                  }
                  long[] spent =
                      cycles[v] > 1 ? interleaved[v] : timeHere(ops[v], timedBatch[v], clock);
                  cost.get(v)[round] = (double) spent[0] / timedBatch[v];
                  wall.get(v)[round] = (double) spent[1] / timedBatch[v];
                  s += spent[2];
                }
                return s;
              });
    }
    blackhole = sink;
    if (!reference) {
      return new ForkResult(batch, cost, wall, null);
    }
    return new ForkResult(
        Arrays.copyOf(batch, variants),
        List.copyOf(cost.subList(0, variants)),
        List.copyOf(wall.subList(0, variants)),
        cost.get(variants));
  }

  private static boolean warm(long[] warmed, long[] target) {
    for (int v = 0; v < warmed.length; v++) {
      if (warmed[v] < target[v]) {
        return false;
      }
    }
    return true;
  }

  /** What a round runs: its calls' values folded into one. */
  @FunctionalInterface
  interface Round {
    long run() throws Throwable;
  }

  /**
   * Runs {@code round} on a thread of its own and waits for it. A thread's native state is a draw
   * of the process: the JDK's JPEG reader decodes a tile in 0.41 or 0.52 ms depending on the thread
   * it runs on (its C code copies each scanline out of a buffer it mallocs, most likely placed by
   * the thread's arena; measured thread by thread in one JVM, docs/measuring.md), and a fork that
   * kept one thread carried one draw into every round. A thread per round makes each fork's mean a
   * mean over draws, as a server's pool of threads is.
   */
  static long onFreshThread(Round round) throws Throwable {
    long[] value = new long[1];
    Throwable[] failed = new Throwable[1];
    Thread thread =
        new Thread(
            () -> {
              try {
                value[0] = round.run();
              } catch (Throwable t) {
                failed[0] = t;
              }
            },
            "pair-round");
    thread.start();
    thread.join();
    if (failed[0] != null) {
      throw failed[0];
    }
    return value[0];
  }

  /**
   * Threads a cycling variant's batch is spread over: a batch of whole cycles is a long one
   * (RasterBenchmark's 64 maps, 0.13–0.9 s), and the tile cache's speed is the thread's (see {@link
   * #onFreshThread}), so its batch runs in eighths, each on a thread of its own: 8 draws a batch
   * where a round gives one.
   */
  static final int THREADS_A_BATCH = 8;

  /**
   * Calls in chunk {@code slot} (0-based) of a cycling variant's batch of {@code batch} calls: the
   * batch cut into {@value #THREADS_A_BATCH} near-equal chunks (sizes differ by at most one), so
   * every variant of {@value #THREADS_A_BATCH} calls or more has exactly that many and the variants
   * take turns to the end of the round, whatever their batches; a smaller batch has one call in
   * each of {@code batch} chunks and 0, to be skipped, in the others. 0 past the last slot.
   */
  static int chunkOf(int batch, int slot) {
    if (slot < 0 || slot >= THREADS_A_BATCH) {
      return 0;
    }
    long b = batch;
    return (int) (b * (slot + 1) / THREADS_A_BATCH - b * slot / THREADS_A_BATCH);
  }

  /** Cost, wall time and the folded values of {@code n} calls on this thread. */
  private static long[] timeHere(BenchmarkInvoker.Op op, int n, Clock clock) throws Throwable {
    long c0 = clock.nowNs();
    long t0 = System.nanoTime();
    long sink = time(op, n);
    long t1 = System.nanoTime();
    return new long[] {clock.nowNs() - c0, t1 - t0, sink};
  }

  /**
   * The round's cycling variants, their batches interleaved: each variant's first chunk ({@link
   * #chunkOf}), in a random order, then each one's second, and so on, each chunk on a fresh thread
   * and the chunks' costs and wall times summed. Nothing is called untimed first: that would skip a
   * sample's call and leave the batch no longer whole; what a thread makes for itself on its first
   * call (the JPEG reader: about 0.2 ms, against the 70–110 ms of a chunk of 8 tile-cache maps) is
   * timed. Timed one whole batch after another, a raster round's four batches (0.14–0.9 s each) met
   * the VM's slow spells at different times (a direct map's cost moved by up to 27% from one round
   * to the next within a fork); taking turns, the two sides of a pair run within tens of
   * milliseconds of each other all through the round: the rounds' noise fell by about a third
   * (docs/measuring.md).
   *
   * @return per variant (null where it does not cycle): cost, wall time and the folded values
   */
  static long[][] timeInterleaved(
      BenchmarkInvoker.Op[] ops, int[] cycles, int[] batch, Random order, Clock clock)
      throws Throwable {
    int k = ops.length;
    long[][] total = new long[k][];
    for (int v = 0; v < k; v++) {
      if (cycles[v] > 1) {
        total[v] = new long[3];
      }
    }
    for (int slot = 0; slot < THREADS_A_BATCH; slot++) {
      for (int v : shuffled(k, order)) {
        int calls = cycles[v] > 1 ? chunkOf(batch[v], slot) : 0;
        if (calls == 0) {
          continue;
        }
        BenchmarkInvoker.Op op = ops[v];
        long[][] spent = new long[1][];
        onFreshThread(
            () -> {
              spent[0] = timeHere(op, calls, clock);
              return 0;
            });
        for (int i = 0; i < 3; i++) {
          total[v][i] += spent[0][i];
        }
      }
    }
    return total;
  }

  /** Runs one batch; what the calls return is folded into a value the caller keeps. */
  private static long time(BenchmarkInvoker.Op op, int n) throws Throwable {
    long sink = 0;
    for (int i = 0; i < n; i++) {
      sink += System.identityHashCode(op.call());
    }
    return sink;
  }

  /** 0..k-1 in a random order (Fisher–Yates). */
  static int[] shuffled(int k, Random random) {
    int[] order = new int[k];
    for (int i = 0; i < k; i++) {
      order[i] = i;
    }
    for (int i = k - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }
}
