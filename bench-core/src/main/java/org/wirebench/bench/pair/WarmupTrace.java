package org.wirebench.bench.pair;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.StrictJson;
import org.wirebench.server.ParentWatch;

/**
 * How long a pair group's variants need to warm up: {@code scripts/warmup-trace.sh GROUP TRACE_MS
 * JVMS} runs JVMS fresh JVMs (the forks' flags), each warming the group's variants interleaved as a
 * fork does (20 ms batches in an order shuffled each round, the cost clock) for TRACE_MS of cost a
 * variant, and prints for each of the group's claims its ratio window by window against where it
 * settles ({@link WarmupWindows}); docs/measuring.md, "A group's warm-up, measured". Exit 0 when it
 * traced, 1 when a JVM failed, 2 for arguments it cannot run (one line, before any JVM).
 */
public final class WarmupTrace {
  static final String RESULT = "WIREBENCH-TRACE ";
  private static final String ONE = "--one";
  private static final long BATCH_NS = 20_000_000L;

  /** The longest trace a variant, ms of cost: a group of 10 variants then takes ~10 min a JVM. */
  static final long MAX_TRACE_MS = 60_000;

  static final int MAX_JVMS = 20;

  private static volatile long blackhole;

  private WarmupTrace() {}

  public static void main(String[] args) throws Throwable {
    boolean one = args.length == 3 && args[0].equals(ONE);
    // the one-JVM form (the tracer's own child) refused as the whole is, should a hand type it
    String refused = one ? refused(new String[] {args[1], args[2], "1"}) : refused(args);
    if (refused != null) {
      System.err.println("warmup-trace: " + refused);
      System.exit(2);
    }
    if (one) {
      ParentWatch.exitWhenEnded(System.in, "warm-up trace");
      Claims.GroupPlan g = group(args[1]);
      WarmupWindows.Trace t = trace(g, Long.parseLong(args[2]));
      System.out.println(RESULT + StrictJson.mapper().writeValueAsString(t));
      System.out.flush();
      System.exit(0);
    }
    Claims.Plan plan = Claims.full();
    Claims.GroupPlan g = group(args[0]);
    long traceMs = Long.parseLong(args[1]);
    int jvms = Integer.parseInt(args[2]);
    List<WarmupWindows.Trace> traces = new ArrayList<>();
    for (int i = 1; i <= jvms; i++) {
      try {
        traces.add(fork(g.id(), traceMs, g.variants().size()));
      } catch (IOException e) {
        System.err.println("warmup-trace: " + e.getMessage());
        System.exit(1);
      }
      System.err.printf("warmup-trace: %s JVM %d of %d traced%n", g.id(), i, jvms);
    }
    System.out.printf(
        "%s, %d JVMs, %d ms of cost a variant (now warmed %d ms); each window's ratio ÷ the"
            + " ratio from %d ms on, one figure a JVM:%n",
        g.id(), jvms, traceMs, g.warmupMs(), WarmupWindows.settledFromMs(traceMs));
    for (PairedRuns.Claim c : plan.claims()) {
      if (!c.group().equals(g.id())) {
        continue;
      }
      List<double[]> rel = new ArrayList<>();
      for (WarmupWindows.Trace t : traces) {
        rel.add(WarmupWindows.relative(t, c.a(), c.b(), traceMs));
      }
      System.out.println(WarmupWindows.line(c.a(), c.b(), rel, traceMs));
    }
  }

  /** Why the arguments cannot run, or null: GROUP TRACE_MS(300..60000) JVMS(1..20). */
  static String refused(String[] args) {
    String usage = "usage: GROUP TRACE_MS(300.." + MAX_TRACE_MS + ") JVMS(1.." + MAX_JVMS + ")";
    if (args.length != 3) {
      return "takes 3 arguments, was " + args.length + ": " + usage;
    }
    List<String> ids = Claims.full().groups().stream().map(Claims.GroupPlan::id).toList();
    if (!ids.contains(args[0])) {
      return "no pair group '" + args[0] + "'; the groups: " + String.join(", ", ids);
    }
    if (!args[1].matches("[1-9][0-9]{0,5}")
        || Long.parseLong(args[1]) < 300
        || Long.parseLong(args[1]) > MAX_TRACE_MS) {
      return "TRACE_MS must be 300.."
          + MAX_TRACE_MS
          + " (ms of cost a variant), was '"
          + args[1]
          + "'";
    }
    if (!args[2].matches("[1-9][0-9]?") || Integer.parseInt(args[2]) > MAX_JVMS) {
      return "JVMS must be 1.." + MAX_JVMS + ", was '" + args[2] + "'";
    }
    return null;
  }

  private static Claims.GroupPlan group(String id) {
    return Claims.full().groups().stream()
        .filter(g -> g.id().equals(id))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no pair group " + id));
  }

  /**
   * The group's variants warmed interleaved for {@code traceMs} of cost each, every batch kept. A
   * variant that cycles through a sample of unlike calls runs whole cycles a batch, so that its
   * batches' costs per operation are alike.
   */
  static WarmupWindows.Trace trace(Claims.GroupPlan g, long traceMs) throws Throwable {
    int k = g.variants().size();
    BenchmarkInvoker.Op[] ops = new BenchmarkInvoker.Op[k];
    int[] cycles = new int[k];
    List<String> ids = new ArrayList<>();
    for (int v = 0; v < k; v++) {
      PairedRuns.Variant variant = g.variants().get(v);
      String benchmark = g.classes().get(variant.id());
      ops[v] = BenchmarkInvoker.prepare(benchmark, variant.params());
      cycles[v] = BenchmarkInvoker.cycleOf(benchmark);
      ids.add(variant.id());
    }
    PairWorker.Clock clock = new PairWorker.Clock();
    Random order = new Random();
    int[] batch = Arrays.copyOf(cycles, k);
    long[] spentNs = new long[k];
    long traceNs = traceMs * 1_000_000L;
    long[][] at = new long[k][16];
    double[][] per = new double[k][16];
    int[] n = new int[k];
    long sink = 0;
    while (Arrays.stream(spentNs).anyMatch(s -> s < traceNs)) {
      for (int v : PairWorker.shuffled(k, order)) {
        long c0 = clock.nowNs();
        for (int i = 0; i < batch[v]; i++) {
          sink += System.identityHashCode(ops[v].call());
        }
        long spent = Math.max(1, clock.nowNs() - c0);
        spentNs[v] += spent;
        double perOp = spent / (double) batch[v];
        if (n[v] == at[v].length) {
          at[v] = Arrays.copyOf(at[v], 2 * n[v]);
          per[v] = Arrays.copyOf(per[v], 2 * n[v]);
        }
        at[v][n[v]] = spentNs[v] / 1_000_000;
        per[v][n[v]++] = perOp;
        int calls = TimedBatches.callsFor(BATCH_NS, perOp);
        batch[v] = Math.max(1, Math.round(calls / (float) cycles[v])) * cycles[v];
      }
    }
    List<long[]> costMs = new ArrayList<>();
    List<double[]> nsPerOp = new ArrayList<>();
    for (int v = 0; v < k; v++) {
      costMs.add(Arrays.copyOf(at[v], n[v]));
      nsPerOp.add(Arrays.copyOf(per[v], n[v]));
    }
    blackhole = sink;
    return new WarmupWindows.Trace(ids, costMs, nsPerOp);
  }

  /** One fresh JVM with the forks' flags tracing the group; ends with this one. */
  private static WarmupWindows.Trace fork(String group, long traceMs, int variants)
      throws IOException, InterruptedException {
    List<String> command =
        ForkedJvm.command(
            null,
            PairSettings.forkJvmArgs(),
            WarmupTrace.class,
            ONE,
            group,
            Long.toString(traceMs));
    Process p =
        new ProcessBuilder(command)
            .redirectInput(ProcessBuilder.Redirect.PIPE)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    // a child that hangs (a stuck set-up, a stuck library) must not hang the trace: ended after
    // three times its variants' trace, a busy machine's share, plus the set-up's five minutes
    long limitMs = 3 * variants * traceMs + TimeUnit.MINUTES.toMillis(5);
    ForkedJvm.endAfter(p, limitMs, "trace-watchdog");
    try {
      String result = ForkedJvm.result(p, RESULT);
      if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0 || result == null) {
        throw new IOException("a JVM tracing " + group + " failed (its error output is above)");
      }
      ObjectMapper json = StrictJson.mapper();
      try {
        return json.readValue(result, WarmupWindows.Trace.class);
      } catch (com.fasterxml.jackson.core.JacksonException e) {
        throw new IOException(
            "a JVM tracing "
                + group
                + " printed a result that is no trace: "
                + e.getOriginalMessage().lines().findFirst().orElse(""));
      }
    } finally {
      p.destroyForcibly();
    }
  }
}
