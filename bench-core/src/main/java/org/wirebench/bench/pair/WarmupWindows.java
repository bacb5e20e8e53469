package org.wirebench.bench.pair;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How far a pair's ratio is from where it settles, window by window of warm-up: the input to a
 * group's warm-up ({@link Warmups}). Each trace is one JVM warming a group's variants interleaved
 * as a fork does; per variant, each batch's cost so far and its cost per operation. In each window
 * of cost a variant's median batch is taken, the pair's ratio is the two medians' ratio, and it is
 * divided by the same ratio in the trace's last fifth: what the machine does to both sides cancels
 * as it does in a fork's rounds.
 */
final class WarmupWindows {
  private WarmupWindows() {}

  /**
   * One JVM's trace.
   *
   * @param costMs per variant, the cost spent so far at the end of each batch, ms
   * @param nsPerOp per variant, each batch's cost per operation, ns
   */
  record Trace(List<String> variants, List<long[]> costMs, List<double[]> nsPerOp) {
    int index(String variant) {
      int i = variants.indexOf(variant);
      if (i < 0) {
        throw new IllegalArgumentException("the trace has no variant " + variant);
      }
      return i;
    }
  }

  /**
   * The windows of a trace of {@code traceMs}: 150 ms apart up to 900, then 300 ms apart, up to its
   * last fifth; a piece left at the end shorter than half a step joins the window before it.
   */
  static List<long[]> windows(long traceMs) {
    long settled = settledFromMs(traceMs);
    List<long[]> w = new ArrayList<>();
    long from = 0;
    while (from < settled) {
      long step = from < 900 ? 150 : 300;
      long to = Math.min(settled, from + step);
      if (to - from < step / 2 && !w.isEmpty()) {
        w.get(w.size() - 1)[1] = to;
      } else {
        w.add(new long[] {from, to});
      }
      from = to;
    }
    return w;
  }

  /** Where the trace's last fifth, the ratio every window is divided by, begins. */
  static long settledFromMs(long traceMs) {
    return traceMs * 4 / 5;
  }

  /** The median cost per operation of the variant's batches ending in [fromMs, toMs), or NaN. */
  static double median(Trace t, int v, long fromMs, long toMs) {
    long[] at = t.costMs().get(v);
    double[] ns = t.nsPerOp().get(v);
    double[] in = new double[ns.length];
    int n = 0;
    for (int i = 0; i < ns.length; i++) {
      if (at[i] >= fromMs && at[i] < toMs) {
        in[n++] = ns[i];
      }
    }
    if (n == 0) {
      return Double.NaN;
    }
    double[] sorted = Arrays.copyOf(in, n);
    Arrays.sort(sorted);
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /**
   * Per window, the pair's ratio ÷ its settled ratio ({@code a} over {@code b}); NaN where a side
   * has no batch in the window.
   */
  static double[] relative(Trace t, String a, String b, long traceMs) {
    int ia = t.index(a);
    int ib = t.index(b);
    long end = Long.MAX_VALUE;
    long settled = settledFromMs(traceMs);
    double last = median(t, ia, settled, end) / median(t, ib, settled, end);
    List<long[]> windows = windows(traceMs);
    double[] r = new double[windows.size()];
    for (int w = 0; w < r.length; w++) {
      long[] win = windows.get(w);
      r[w] = median(t, ia, win[0], win[1]) / median(t, ib, win[0], win[1]) / last;
    }
    return r;
  }

  /**
   * The first window's start from which every later window of every trace is within {@code
   * tolerance} of the settled ratio (0.05: ±5%), or -1 when none is.
   */
  static long settlesFromMs(
      List<double[]> relativeByTrace, List<long[]> windows, double tolerance) {
    for (int w = 0; w < windows.size(); w++) {
      boolean all = true;
      for (double[] r : relativeByTrace) {
        for (int x = w; x < r.length && all; x++) {
          all = Double.isFinite(r[x]) && Math.abs(r[x] - 1) <= tolerance;
        }
      }
      if (all) {
        return windows.get(w)[0];
      }
    }
    return -1;
  }

  /** One line a pair: each window with one figure a trace, then where every trace settles. */
  static String line(String a, String b, List<double[]> relativeByTrace, long traceMs) {
    List<long[]> windows = windows(traceMs);
    StringBuilder s = new StringBuilder(a + " ÷ " + b + ":");
    for (int w = 0; w < windows.size(); w++) {
      s.append(String.format(Locale.ROOT, "  %d–%d ms", windows.get(w)[0], windows.get(w)[1]));
      for (double[] r : relativeByTrace) {
        // a window in which a side ran no batch (a batch of whole samples can be longer)
        s.append(Double.isFinite(r[w]) ? String.format(Locale.ROOT, " %.2f", r[w]) : " —");
      }
    }
    long from = settlesFromMs(relativeByTrace, windows, 0.05);
    s.append(
        from < 0
            ? "  — not within ±5% in every JVM before the last fifth (— : no batch of a side"
                + " ended in the window; a longer trace gives each window more)"
            : String.format(Locale.ROOT, "  — within ±5%% in every JVM from %d ms on", from));
    return s.toString();
  }
}
