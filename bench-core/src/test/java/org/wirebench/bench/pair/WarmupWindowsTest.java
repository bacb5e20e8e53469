package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The warm-up trace's windows and ratios, on traces made by hand. */
class WarmupWindowsTest {
  /**
   * Variant a costs 2× its final cost until 300 ms, then settles; b settles at once. Both run on a
   * machine that slows by 30% after 600 ms, which the ratio does not see.
   */
  private static WarmupWindows.Trace trace() {
    int n = 150;
    long[] at = new long[n];
    double[] a = new double[n];
    double[] b = new double[n];
    for (int i = 0; i < n; i++) {
      at[i] = 10L * (i + 1);
      double machine = at[i] > 600 ? 1.3 : 1.0;
      a[i] = (at[i] < 300 ? 200 : 100) * machine;
      b[i] = 50 * machine;
    }
    return new WarmupWindows.Trace(List.of("a", "b"), List.of(at, at), List.of(a, b));
  }

  @Test
  void windowsAre150MsUpTo900Then300UpToTheLastFifth() {
    List<long[]> w = WarmupWindows.windows(1500);
    assertEquals(7, w.size());
    assertEquals(List.of(0L, 150L), List.of(w.get(0)[0], w.get(0)[1]));
    assertEquals(List.of(900L, 1200L), List.of(w.get(6)[0], w.get(6)[1]));
    assertEquals(1200, WarmupWindows.settledFromMs(1500));
  }

  @Test
  void theRatioAgainstItsSettledOneCancelsTheMachine() {
    double[] r = WarmupWindows.relative(trace(), "a", "b", 1500);
    assertEquals(2.0, r[0], 1e-9);
    assertEquals(2.0, r[1], 1e-9);
    for (int w = 2; w < r.length; w++) {
      assertEquals(1.0, r[w], 1e-9, "window " + w);
    }
    assertEquals(300, WarmupWindows.settlesFromMs(List.of(r), WarmupWindows.windows(1500), 0.05));
  }

  @Test
  void aTraceThatNeverSettlesSaysSo() {
    double[] settled = {1.0, 1.0, 1.0};
    double[] wandering = {1.0, 1.2, 1.0};
    List<long[]> w = WarmupWindows.windows(600);
    assertEquals(3, w.size());
    assertEquals(300, WarmupWindows.settlesFromMs(List.of(settled, wandering), w, 0.05));
    double[] noBatch = {Double.NaN, 1.0, 1.0};
    assertEquals(150, WarmupWindows.settlesFromMs(List.of(noBatch), w, 0.05));
    assertTrue(
        WarmupWindows.line("a", "b", List.of(noBatch), 600).contains("0–150 ms —  150–300 ms 1.00"),
        WarmupWindows.line("a", "b", List.of(noBatch), 600));
    double[] late = {1.0, 1.0, 1.2};
    assertEquals(-1, WarmupWindows.settlesFromMs(List.of(late), w, 0.05));
    assertTrue(
        WarmupWindows.line("a", "b", List.of(late), 600).contains("before the last fifth"),
        WarmupWindows.line("a", "b", List.of(late), 600));
  }
}
