package org.wirebench.bench.pair;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The machine's yardstick: a fixed piece of work of the kind the studies time — numbers formatted
 * into text (what every encoder does), a sort (branches, memory) and short-lived objects (the
 * garbage collector) — identical on every machine and in every version with the same {@link #NAME}.
 * Timed as the paired claims are, its ns per operation says how fast this machine was during this
 * run; {@code compare} reads two runs' figures to tell a slower machine from slower code. Change
 * the work and you must change the name: a different yardstick is a different scale.
 */
public final class ReferenceWorkload {
  public static final String NAME =
      "wirebench-reference-1: format 2,000 doubles, sort 20,000 longs, 1,000 short-lived arrays";

  private final double[] numbers = new double[2_000];
  private final long[] keys = new long[20_000];
  private final long[] scratch = new long[keys.length];
  private final StringBuilder text = new StringBuilder(64 * 1024);

  public ReferenceWorkload() {
    SplittableRandom random = new SplittableRandom(20261125L);
    for (int i = 0; i < numbers.length; i++) {
      numbers[i] = random.nextDouble(-180, 180);
    }
    for (int i = 0; i < keys.length; i++) {
      keys[i] = random.nextLong();
    }
  }

  /** One operation; the result depends on all of it, so none can be skipped. */
  public long run() {
    text.setLength(0);
    for (double d : numbers) {
      text.append(d).append(' ');
    }
    System.arraycopy(keys, 0, scratch, 0, keys.length);
    Arrays.sort(scratch);
    long sum = text.length() + scratch[keys.length / 2];
    for (int i = 0; i < 1_000; i++) {
      int[] garbage = new int[16 + (i & 63)];
      garbage[i & 15] = i;
      sum += garbage[i & 15] + garbage.length;
    }
    return sum;
  }
}
