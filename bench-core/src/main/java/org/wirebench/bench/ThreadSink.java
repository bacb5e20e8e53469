package org.wirebench.bench;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Where one benchmark thread writes its output: a response buffer of its own, reset between calls
 * and grown (once, during warm-up) to the largest output, as a server keeps a buffer per
 * connection. Shared inputs stay in the benchmark's {@code Scope.Benchmark} state; this is the
 * per-thread sink JMHSample_03_States separates from them, so {@code -t 2} never races.
 */
@State(Scope.Thread)
public class ThreadSink {
  public final ByteSink bytes = new ByteSink(64 * 1024);
}
