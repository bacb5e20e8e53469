package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every axis and colour loop of the charts ends for any finite data — zero, subnormal, huge, one
 * value, negative — with a bounded number of ticks (a subnormal throughput once spun forever in
 * {@link Axis#linearTicks} and filled the heap). The timeout is only the safety net, counted in the
 * CPU time of the thread doing the work ({@link CpuTimeGuard}), so that a machine busy with other
 * builds does not fail it: a 10 s wall-clock one did, once, with four builds beside it.
 */
class AxisBoundsTest {
  private static final double[] VALUES = {
    0,
    Double.MIN_VALUE,
    5e-324,
    1e-320,
    Double.MIN_NORMAL,
    1e-300,
    1e-9,
    0.5,
    1,
    3,
    1000,
    1e15,
    1e17,
    1e300,
    Double.MAX_VALUE / 2,
    Double.MAX_VALUE,
    -Double.MIN_VALUE,
    -1,
    -1e300,
    -Double.MAX_VALUE
  };

  @Test
  void everyLinearAxisEndsWithFewTicksWithinItsEnds() {
    CpuTimeGuard.within(
        Duration.ofSeconds(10),
        () -> {
          for (double a : VALUES) {
            for (double b : VALUES) {
              for (boolean fromZero : new boolean[] {true, false}) {
                Axis axis = Axis.linear(Math.min(a, b), Math.max(a, b), fromZero);
                String what = a + " .. " + b + " " + axis;
                assertTrue(axis.ticks().size() <= Axis.MAX_TICKS, what);
                assertTrue(Double.isFinite(axis.lo()) && Double.isFinite(axis.hi()), what);
                for (double t : axis.ticks()) {
                  assertTrue(t >= axis.lo() && t <= axis.hi(), what);
                  double f = axis.fraction(t);
                  assertTrue(f >= 0 && f <= 1, what + " fraction " + f);
                }
              }
            }
          }
        });
  }

  @Test
  void aSubnormalRateGetsAnAxis() {
    // the probe's load-wfs.json: every throughput 5e-324
    Axis axis =
        CpuTimeGuard.within(Duration.ofSeconds(10), () -> Axis.linear(5e-324, 5e-324, true));
    assertTrue(axis.ticks().size() <= Axis.MAX_TICKS, axis::toString);
    assertEquals(List.of(), Axis.linearTicks(0, 5e-324));
  }

  @Test
  void everyLogAxisEndsWithinTheDecadesOfADouble() {
    CpuTimeGuard.within(
        Duration.ofSeconds(10),
        () -> {
          for (double a : VALUES) {
            for (double b : VALUES) {
              if (a > 0 && b > 0) {
                Axis axis = Axis.log(Math.min(a, b), Math.max(a, b));
                String what = a + " .. " + b + " " + axis;
                assertTrue(axis.ticks().size() + axis.minor().size() <= 3 * 700, what);
                assertTrue(axis.lo() > 0 && axis.hi() < Double.POSITIVE_INFINITY, what);
              }
            }
          }
        });
  }

  @Test
  void thousandsOfNamesStillGetColours() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      names.add("codec-" + i);
    }
    Map<String, String> colours =
        CpuTimeGuard.within(Duration.ofSeconds(10), () -> Palette.assign(names));
    assertEquals(3000, colours.size());
    assertTrue(new HashSet<>(colours.values()).size() > 1000, "distinct colours first");
  }
}
