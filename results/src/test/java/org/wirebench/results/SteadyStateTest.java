package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateTest {
  private final ScenarioSettings.SteadyState tenPercent =
      new ScenarioSettings.SteadyState(1000, 10_000, 0.10);

  @Test
  void theLastThreeWindowsMustAgreeWithinTheTolerance() {
    assertTrue(tenPercent.steady(List.of(10.0, 500.0, 1000.0, 1050.0, 980.0)));
    assertFalse(tenPercent.steady(List.of(880.0, 1000.0, 1200.0)), "±15% is not ±10%");
    assertFalse(tenPercent.steady(List.of(1000.0, 1000.0)), "two windows are not three");
    assertFalse(tenPercent.steady(List.of(0.0, 0.0, 0.0)), "nothing served is not steady");
  }
}
