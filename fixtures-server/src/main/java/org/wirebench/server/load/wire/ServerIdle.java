package org.wirebench.server.load.wire;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Waits until the server JVM is idle before anything is timed. Its first WFS request starts a
 * background build of every layer's spatial index (about 25 s of one core here, 16.8 s for
 * osm_mainroads alone in the first trial run), and its JIT compiles on after the warm-up: either
 * takes the CPU that the relay and the client time with on 2 cores (in that trial, one client's
 * answers over 100 Mbit/s and 20 ms took a median 62 ms beside it; 35 ms alone).
 */
final class ServerIdle {
  /** CPU a server may use and still count as idle: 5% of a core over each 1 s window. */
  static final double IDLE_SHARE = 0.05;

  /** How long a run waits at most; the tests of the mechanics need no idle server. */
  static final long MAX_WAIT_S = 120;

  private ServerIdle() {}

  /**
   * Two 1 s windows in a row under {@link #IDLE_SHARE} of a core, at most {@code maxWaitS}.
   *
   * @return what was seen, for the record: "idle after N s" or "still busy after N s"
   */
  static String await(long pid, long maxWaitS) throws IOException, InterruptedException {
    Path stat = Path.of("/proc", String.valueOf(pid), "stat");
    long start = System.nanoTime();
    long last = ProcessCpu.statTicks(stat);
    int quiet = 0;
    while (quiet < 2 && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(maxWaitS)) {
      Thread.sleep(1000);
      long now = ProcessCpu.statTicks(stat);
      // Linux counts a process's CPU time in USER_HZ ticks, 100 a second
      quiet = now - last < IDLE_SHARE * 100 ? quiet + 1 : 0;
      last = now;
    }
    long s = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    return quiet >= 2 ? "idle after " + s + " s" : "still busy after " + s + " s";
  }
}
