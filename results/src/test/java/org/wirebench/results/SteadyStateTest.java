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

  @Test
  void aMeasurementThatLeavesTheAgreedRateIsNotSteady() {
    // a slow climb: three windows within ±10% of 1,050, then measured at 1,400 (the 2026-11-23
    // 11:36 run's first wfs point did this at half its later speed)
    List<Double> climbing = List.of(400.0, 1000.0, 1050.0, 1100.0);
    assertTrue(tenPercent.steady(climbing));
    assertFalse(tenPercent.kept(climbing, 1400.0), "+33% after agreeing windows");
    assertFalse(tenPercent.kept(climbing, 270.0), "a state that ended (0.26x)");
    assertTrue(tenPercent.kept(climbing, 1200.0), "+14% is within twice the tolerance");
    assertTrue(tenPercent.kept(climbing, 860.0), "-18% too");
    assertFalse(tenPercent.kept(List.of(1000.0, 1000.0), 1000.0), "two windows are not three");
    assertFalse(tenPercent.kept(List.of(0.0, 0.0, 0.0), 0.0), "nothing served");

    ScenarioResult.Warmup agreed = new ScenarioResult.Warmup(1000, climbing, true);
    assertTrue(agreed.measured(tenPercent, 1050.0).converged());
    assertFalse(agreed.measured(tenPercent, 1400.0).converged());
    ScenarioResult.Warmup never = new ScenarioResult.Warmup(1000, List.of(1.0, 500.0, 9.0), false);
    assertFalse(never.measured(tenPercent, 500.0).converged(), "measuring cannot mend windows");
  }
}
