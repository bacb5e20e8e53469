package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The suite's options refuse what their documented ranges exclude when they are made. */
class SuiteOptionsTest {

  @Test
  void theSuitesAndTheirWithersAreWithinRange() {
    SuiteOptions q = SuiteOptions.quick("GeoEncodingBenchmark");
    assertEquals(3, q.withForks(3).forks());
    assertEquals(7, q.withWarmupIterations(7).warmup().count());
    assertEquals(1000, q.withWarmupIterations(7).warmup().durationMs());
    assertEquals(9, SuiteOptions.full("x").withMeasurementIterations(9).measurement().count());
  }

  @Test
  void outOfRangeValuesAreRefused() {
    SuiteOptions q = SuiteOptions.quick("GeoEncodingBenchmark");
    refused("forks", () -> q.withForks(-1));
    refused("forks", () -> q.withForks(101));
    refused("iterations", () -> q.withWarmupIterations(-1));
    refused("iterations", () -> q.withMeasurementIterations(1001));
    refused("iteration time ms", () -> new SuiteOptions.Iterations(1, 0));
    refused("iteration time ms", () -> new SuiteOptions.Iterations(1, 600_001));
    refused("a suite needs a name", () -> q.named(" "));
    refused(
        "a suite needs a name",
        () ->
            new SuiteOptions("x", "", 1, q.warmup(), q.measurement(), Map.<String, String[]>of()));
  }

  private static void refused(String start, Executable e) {
    IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
    assertTrue(x.getMessage().startsWith(start), x.getMessage());
  }
}
