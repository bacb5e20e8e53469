package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How PairWorker cuts a cycling variant's batch into chunks, each timed on a thread of its own. */
class InterleavedChunksTest {
  /**
   * Every batch's calls, each once, in min(8, batch) chunks whose sizes differ by at most one: so
   * cycling variants of any batches of 8 calls or more take turns to the end of a round.
   */
  @Test
  void aBatchIsCutIntoAtMostEightNearEqualChunks() {
    List<Integer> batches = new ArrayList<>();
    for (int b = 1; b <= 4096; b++) {
      batches.add(b);
    }
    batches.addAll(List.of(TimedBatches.MAX_OPS - 1, TimedBatches.MAX_OPS));
    for (int batch : batches) {
      List<Integer> chunks = new ArrayList<>();
      int sum = 0;
      for (int slot = 0; slot < PairWorker.THREADS_A_BATCH; slot++) {
        int calls = PairWorker.chunkOf(batch, slot);
        sum += calls;
        if (calls > 0) {
          chunks.add(calls);
        }
      }
      assertEquals(batch, sum, "every call, once: " + batch);
      assertEquals(Math.min(8, batch), chunks.size(), batch + ": " + chunks);
      assertTrue(Collections.max(chunks) - Collections.min(chunks) <= 1, batch + ": " + chunks);
      assertEquals(0, PairWorker.chunkOf(batch, PairWorker.THREADS_A_BATCH));
    }
  }
}
