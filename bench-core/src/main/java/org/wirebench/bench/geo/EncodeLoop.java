package org.wirebench.bench.geo;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.wirebench.bench.ByteSink;
import org.wirebench.bench.ThreadSink;

/**
 * {@link GeoEncodingBenchmark#encode} outside JMH, in windows a caller starts: the codec's side of
 * issue 27's target ratio (server CPU a WFS GetFeature ÷ the encoder's cost), measured in the same
 * rounds as the server's windows by {@code scripts/server-cpu-pair.sh --codec yes}.
 *
 * <p>The inputs are the benchmark's own: its trial setup builds and validates them (OGC schema,
 * round trip, deterministic bytes) before anything is timed. Each worker thread writes into its own
 * reused {@link ThreadSink}, as the benchmark's threads do, and every encode's length is checked
 * against the validated bytes' (a codec that wrote something else fails the window).
 */
public final class EncodeLoop implements AutoCloseable {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final GeoEncodingBenchmark state;
  private final int bytes;
  private final int threads;
  private final ExecutorService pool;
  private final ThreadLocal<ThreadSink> sinks = ThreadLocal.withInitial(ThreadSink::new);

  /** One window: encodes done by all workers, and the workers' own thread CPU time summed (ns). */
  public record Window(long operations, long workerCpuNanos) {}

  private EncodeLoop(GeoEncodingBenchmark state, int bytes, int threads) {
    this.state = state;
    this.bytes = bytes;
    this.threads = threads;
    this.pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "encode-loop");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * The benchmark's state for these {@code @Param} values, set up (and validated) as JMH's trial
   * setup does; unknown names throw {@link org.wirebench.formats.registry.UnknownNameException}.
   */
  public static EncodeLoop of(String dataset, String codec, int count, int threads)
      throws IOException {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, was " + threads);
    }
    GeoEncodingBenchmark state = new GeoEncodingBenchmark();
    state.dataset = dataset;
    state.codec = codec;
    state.count = count;
    state.setUp();
    ByteSink once = new ByteSink(64 * 1024);
    state.encoder.encode(state.collection, once);
    return new EncodeLoop(state, once.size(), threads);
  }

  /** The length of one encode, bytes (the validated output's). */
  public int bytes() {
    return bytes;
  }

  /**
   * Encodes on every worker until {@code millis} have passed (each worker at least once).
   *
   * @throws IllegalStateException if an encode wrote a length other than the validated one
   */
  public Window run(long millis) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + millis * 1_000_000L;
    List<Future<long[]>> running = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      running.add(pool.submit(() -> work(deadline)));
    }
    long operations = 0;
    long cpu = 0;
    for (Future<long[]> f : running) {
      try {
        long[] got = f.get();
        operations += got[0];
        cpu += got[1];
      } catch (ExecutionException e) {
        if (e.getCause() instanceof IOException io) {
          throw io;
        }
        if (e.getCause() instanceof RuntimeException re) {
          throw re;
        }
        throw new IllegalStateException(e.getCause());
      }
    }
    return new Window(operations, cpu);
  }

  private long[] work(long deadline) throws IOException {
    ByteSink sink = sinks.get().bytes;
    long cpu0 = THREADS.getCurrentThreadCpuTime();
    long operations = 0;
    do {
      sink.reset();
      state.encoder.encode(state.collection, sink);
      if (sink.size() != bytes) {
        throw new IllegalStateException(
            state.codec + " wrote " + sink.size() + " bytes, not the validated " + bytes);
      }
      operations++;
    } while (System.nanoTime() - deadline < 0);
    return new long[] {operations, THREADS.getCurrentThreadCpuTime() - cpu0};
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
