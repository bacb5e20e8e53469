package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** One client's share of the memory for request bodies, at the edges of the settings. */
class BodyBudgetTest {
  private static final long MIB = 1L << 20;

  /**
   * With a share of threads above half (150 of 200), a client taking all it can still leaves the
   * others room for one body at the limit. Before, --max-body-bytes 200 MiB (budget 400 MiB) with
   * --threads-per-client 150 let one client hold 300 MiB, and another's 200 MiB body got 503.
   */
  @Test
  void theOthersKeepRoomForOneBodyAtTheLimit() {
    for (long max : new long[] {200 * MIB, 16 * MIB, 1000}) {
      for (long budget : new long[] {2 * max, 3 * max, 10 * max}) {
        for (int threads = 1; threads <= ClientThreads.MAX_LIMIT; threads++) {
          BodyBudget b = new BodyBudget(max, budget);
          b.threadsPerClient(threads);
          String what = "max " + max + ", budget " + budget + ", threads " + threads;
          assertEquals(BodyBudget.Outcome.TAKEN, b.reserve("a", max), what);
          long step = Math.max(1, max / 64);
          while (b.reserve("a", step) == BodyBudget.Outcome.TAKEN) {
            // a takes all it may
          }
          assertEquals(BodyBudget.Outcome.TAKEN, b.reserve("b", max), what);
        }
      }
    }
  }

  /** The share follows the threads where that leaves the others their room. */
  @Test
  void theShareFollowsTheThreadsBelowTheEdge() {
    BodyBudget b = new BodyBudget(16 * MIB, 400 * MIB);
    b.threadsPerClient(100);
    assertEquals(200 * MIB, b.clientBytes());
    b.threadsPerClient(150);
    assertEquals(300 * MIB, b.clientBytes());
    b.threadsPerClient(1);
    assertEquals(16 * MIB, b.clientBytes());
    BodyBudget edge = new BodyBudget(200 * MIB, 400 * MIB);
    edge.threadsPerClient(150);
    assertEquals(200 * MIB, edge.clientBytes());
  }
}
