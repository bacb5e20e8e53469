package org.wirebench.bench.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wirebench.results.PairedRuns;

/** What -Dwirebench.plant may name; the suite's own refusals are in SuiteUsageErrorsTest. */
class PlantedSlowdownTest {
  private static final String CALLS = RoundThreads.class.getName() + ".call";
  private static final String CYCLES = RoundThreads.class.getName() + ".cycling";

  private static Claims.GroupPlan group(String id, String variant, String benchmark) {
    return new Claims.GroupPlan(
        id,
        List.of(new PairedRuns.Variant(variant, benchmark, Map.of())),
        Map.of(variant, benchmark),
        1);
  }

  /**
   * The forks plant an id in every group holding it; the check looked at the first only, so an id
   * plain in one group and cycling in a later one passed, and that group's fork failed mid-run.
   */
  @Test
  void everyGroupHoldingTheIdIsChecked() {
    Claims.Plan plan =
        new Claims.Plan(List.of(group("one", "x", CALLS), group("two", "x", CYCLES)), List.of());
    assertEquals(
        "-Dwirebench.plant: x cycles through a sample; a doubled call would take the next of it and"
            + " leave its batches no longer whole",
        PlantedSlowdown.refused("x:10", plan));
    Claims.Plan lost =
        new Claims.Plan(
            List.of(group("one", "x", CALLS), group("two", "x", "no.Such.method")), List.of());
    assertEquals(
        "-Dwirebench.plant: x's benchmark no.Such.method is not found",
        PlantedSlowdown.refused("x:10", lost));
    Claims.Plan plain =
        new Claims.Plan(List.of(group("one", "x", CALLS), group("two", "x", CALLS)), List.of());
    assertNull(PlantedSlowdown.refused("x:10", plain));
    assertNull(PlantedSlowdown.refused(null, plain));
  }
}
