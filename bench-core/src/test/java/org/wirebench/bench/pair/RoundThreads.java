package org.wirebench.bench.pair;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.wirebench.bench.OperationCycle;

/** Variants that note the threads they run on, for the tests of where a fork's calls run. */
public final class RoundThreads {
  static final List<Thread> CALLED_ON = new CopyOnWriteArrayList<>();
  static final Map<Thread, AtomicInteger> CYCLE_CALLS = new ConcurrentHashMap<>();

  /** A run of one cycling variant's calls on one thread, and how many calls it made. */
  record Chunk(String variant, Thread thread, AtomicInteger calls) {}

  /**
   * The cycling variants' chunks in the order they ran: a new one each time a cycling call runs on
   * another thread, or for another variant, than the last.
   */
  static final List<Chunk> CHUNKS = new CopyOnWriteArrayList<>();

  /**
   * CPU time a call of the slow cycling variants takes: more than a third of a 1 ms batch, so the
   * fork's batch of them is one cycle whatever the machine's speed (TimedBatches).
   */
  static final long SLOW_CALL_NS = 400_000;

  /** Forgets every call noted so far: for a test's start, as the notes are static. */
  static void reset() {
    CALLED_ON.clear();
    CYCLE_CALLS.clear();
    CHUNKS.clear();
  }

  public long call() {
    Thread t = Thread.currentThread();
    if (CALLED_ON.isEmpty() || CALLED_ON.get(CALLED_ON.size() - 1) != t) {
      CALLED_ON.add(t);
    }
    return t.getId();
  }

  /** A sample of 16 unlike calls, as RasterBenchmark.map's 64 maps. */
  @OperationCycle(16)
  public long cycling() {
    return cycled("cycling");
  }

  /** A second sample, for a group of two cycling variants. */
  @OperationCycle(16)
  public long cyclingToo() {
    return cycled("cyclingToo");
  }

  /** A slow sample of 9 calls: its batch is one cycle, 9 calls, no multiple of 8. */
  @OperationCycle(9)
  public long slowNine() {
    spin(SLOW_CALL_NS);
    return cycled("slowNine");
  }

  /** A slow sample of 12 calls: its batch is one cycle, 12 calls, no multiple of 8. */
  @OperationCycle(12)
  public long slowTwelve() {
    spin(SLOW_CALL_NS);
    return cycled("slowTwelve");
  }

  /** Busy for {@code ns} of this thread's CPU time: the cost the fork's clock sees. */
  private static void spin(long ns) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (!threads.isCurrentThreadCpuTimeSupported()) {
      throw new IllegalStateException("this JVM measures no thread's CPU time");
    }
    long end = threads.getCurrentThreadCpuTime() + ns;
    while (threads.getCurrentThreadCpuTime() < end) {
      Thread.onSpinWait();
    }
  }

  private static long cycled(String variant) {
    Thread t = Thread.currentThread();
    Chunk last = CHUNKS.isEmpty() ? null : CHUNKS.get(CHUNKS.size() - 1);
    if (last == null || last.thread() != t || !last.variant().equals(variant)) {
      last = new Chunk(variant, t, new AtomicInteger());
      CHUNKS.add(last);
    }
    last.calls().incrementAndGet();
    CYCLE_CALLS.computeIfAbsent(t, x -> new AtomicInteger()).incrementAndGet();
    return t.getId();
  }
}
