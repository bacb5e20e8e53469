package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One chart axis: where it starts and ends (a little past the data, never below 0 for data that is
 * not) and its ticks at round values — 1-2-5 steps on a linear axis (5, 10, 15 … or 200, 400 …), 1,
 * 2, 5 of each decade on a log axis (10, 20, 50, 100 …; only the powers of ten, with 2 and 5 as
 * unlabelled minor ticks, when a dozen labels would crowd it).
 *
 * @param lo where the axis starts, in data units
 * @param hi where it ends
 * @param log whether positions are proportional to log10
 * @param ticks labelled ticks, ascending, within [lo, hi]
 * @param minor unlabelled ticks (log axes with many decades)
 */
record Axis(double lo, double hi, boolean log, List<Double> ticks, List<Double> minor) {
  /** At most this many labelled ticks on a linear axis. */
  static final int MAX_TICKS = 7;

  /** At most this many 1-2-5 labels on a log axis before it falls back to powers of ten. */
  static final int MAX_LOG_TICKS = 10;

  /** Past the data at each end, as a share of the span (linear) or of the decades (log). */
  private static final double PAD = 0.04;

  /**
   * A linear axis over {@code [dataLo, dataHi]}; from 0 when {@code fromZero} (a bar's length or a
   * rate), otherwise padded at both ends but never into negatives for non-negative data.
   */
  static Axis linear(double dataLo, double dataHi, boolean fromZero) {
    double lo = fromZero ? Math.min(0, dataLo) : dataLo;
    double hi = dataHi;
    if (!(hi > lo)) { // one value, or none: give it room
      double a = Math.abs(hi) > 0 ? Math.abs(hi) : 1;
      lo = fromZero ? Math.min(0, lo) : lo - a * 0.1;
      hi = hi + a * 0.1;
    }
    double span = hi - lo;
    if (!fromZero) {
      double padded = lo - span * PAD;
      lo = dataLo >= 0 && padded < 0 ? 0 : padded;
    }
    hi += span * PAD;
    // data near the largest double: padded ends stay finite
    lo = Math.max(-Double.MAX_VALUE, lo);
    hi = Math.min(Double.MAX_VALUE, hi);
    return new Axis(lo, hi, false, linearTicks(lo, hi), List.of());
  }

  /** A log axis over {@code [dataLo, dataHi]}, both above 0. */
  static Axis log(double dataLo, double dataHi) {
    if (!(dataLo > 0) || !(dataHi > 0)) {
      throw new IllegalArgumentException(
          "a log axis needs values above 0, got " + dataLo + " .. " + dataHi);
    }
    double a = Math.log10(dataLo);
    double b = Math.log10(dataHi);
    double pad = Math.max(0.02, (b - a) * PAD);
    // padded ends stay finite doubles above 0, so the decades below are at most ~630
    double lo = Math.max(Double.MIN_VALUE, Math.pow(10, a - pad));
    double hi = Math.min(Double.MAX_VALUE, Math.pow(10, b + pad));
    List<Double> all = new ArrayList<>();
    List<Double> decades = new ArrayList<>();
    for (int d = (int) Math.floor(Math.log10(lo)); d <= (int) Math.ceil(Math.log10(hi)); d++) {
      for (int m : new int[] {1, 2, 5}) {
        double v = m * Math.pow(10, d);
        v = Double.parseDouble(String.format(Locale.ROOT, "%.12g", v)); // 0.30000000000000004
        if (v >= lo && v <= hi) {
          all.add(v);
          if (m == 1) {
            decades.add(v);
          }
        }
      }
    }
    if (all.size() < 3) { // within a 1-2-5 step or two (90..350): round values of a linear step
      return new Axis(lo, hi, true, linearTicks(lo, hi), List.of());
    }
    if (all.size() <= MAX_LOG_TICKS || decades.size() < 2) {
      return new Axis(lo, hi, true, all, List.of());
    }
    List<Double> minor = new ArrayList<>(all);
    minor.removeAll(decades);
    return new Axis(lo, hi, true, decades, minor);
  }

  /**
   * The smallest 1-2-5 step that puts at most {@link #MAX_TICKS} ticks within [lo, hi]; none when
   * the span has no such step a double can count in (not finite, zero or subnormal, or too narrow
   * for the magnitude of its ends), rather than a loop that never ends.
   */
  static List<Double> linearTicks(double lo, double hi) {
    double step = Math.pow(10, Math.floor(Math.log10((hi - lo) / (MAX_TICKS * 2.0))));
    if (!(step >= Double.MIN_NORMAL && step < Double.POSITIVE_INFINITY)) {
      return List.of();
    }
    int[] mantissas = {1, 2, 5};
    // the first step is at most a fourteenth of the span: ten times it and more gives 7 ticks
    for (int i = 0; i < 3 * 4; i++) {
      double s = mantissas[i % 3] * step * Math.pow(10, i / 3);
      double first = Math.ceil(lo / s - 1e-9);
      if (!(Math.abs(first) < 0x1p52)) { // k * s would no longer step by s
        return List.of();
      }
      List<Double> ticks = new ArrayList<>();
      for (long k = (long) first; k * s <= hi + 1e-9 * s && ticks.size() <= MAX_TICKS; k++) {
        ticks.add(Double.parseDouble(String.format(Locale.ROOT, "%.12g", k * s)));
      }
      if (ticks.size() <= MAX_TICKS) {
        return ticks;
      }
    }
    return List.of();
  }

  /** Where {@code v} falls, 0 at {@code lo} to 1 at {@code hi}. */
  double fraction(double v) {
    return log
        ? (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))
        : (v * 0.5 - lo * 0.5) / (hi * 0.5 - lo * 0.5); // halves: hi - lo may overflow
  }

  /**
   * A tick's label, thousands grouped (1,000): on a linear axis with as many decimals as its ticks
   * need (0.5, 1.0, 1.5), on a log axis as many as the value needs (0.2, 1, 50).
   */
  String label(double v) {
    int decimals = log ? decimalsOf(v) : 0;
    for (double t : log ? List.<Double>of() : ticks) {
      decimals = Math.max(decimals, decimalsOf(t));
    }
    return String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }

  private static int decimalsOf(double v) {
    for (int d = 0; d < 12; d++) {
      double scaled = v * Math.pow(10, d);
      if (Math.abs(scaled - Math.rint(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled))) {
        return d;
      }
    }
    return 12;
  }
}
