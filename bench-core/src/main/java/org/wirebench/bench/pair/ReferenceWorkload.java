package org.wirebench.bench.pair;

import java.util.SplittableRandom;

/**
 * The machine's yardstick: a fixed loop nest over a fixed array that compiles one way — Horner's
 * rule over 4,096 fixed coefficients at 32 points, a serial chain of double multiplies and adds
 * with no allocation, no call, no branch that depends on data. Its time is the core's speed and
 * nothing else: identical on every machine and in every version with the same {@link #NAME}. Timed
 * as the paired claims are, in every group's forks, its ns per operation says how fast this machine
 * was during this run; {@code compare} reads two runs' figures to tell a slower machine from slower
 * code. Change the work and you must change the name: a different yardstick is a different scale.
 *
 * <p>The first yardstick (format 2,000 doubles, sort 20,000 longs, 1,000 short-lived arrays) was
 * bimodal between forks: its number formatting compiled two ways (197–200 µs against 245–252 µs a
 * call, fork by fork, on this 2-core VM), the sort (77% of its time) jumped by up to 30% from one
 * round to the next, and its garbage caught whole collector pauses. This one's fork medians, timed
 * beside it in the same forks, were 217.7–218.4 µs (docs/measuring.md).
 */
public final class ReferenceWorkload {
  public static final String NAME =
      "wirebench-reference-2: Horner's rule over 4,096 fixed doubles at 32 points";

  private final double[] coefficients = new double[4_096];

  public ReferenceWorkload() {
    SplittableRandom random = new SplittableRandom(13L);
    for (int i = 0; i < coefficients.length; i++) {
      coefficients[i] = random.nextDouble(-1, 1);
    }
  }

  /** One operation; the result depends on every step, so none can be skipped. */
  public long run() {
    double sum = 0;
    for (int k = 0; k < 32; k++) {
      double x = 0.5 + k * 0.01;
      for (double c : coefficients) {
        sum = sum * x + c;
      }
    }
    return Double.doubleToLongBits(sum);
  }
}
