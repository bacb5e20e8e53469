package org.wirebench.bench.pair;

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

  /** Which cycling variant ran, each time a cycling call runs on another thread than the last. */
  static final List<String> CHUNKS = new CopyOnWriteArrayList<>();

  private static volatile Thread lastCycling;

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

  private static long cycled(String variant) {
    Thread t = Thread.currentThread();
    if (t != lastCycling) {
      lastCycling = t;
      CHUNKS.add(variant);
    }
    CYCLE_CALLS.computeIfAbsent(t, x -> new AtomicInteger()).incrementAndGet();
    return t.getId();
  }
}
