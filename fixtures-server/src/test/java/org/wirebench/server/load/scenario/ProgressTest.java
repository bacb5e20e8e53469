package org.wirebench.server.load.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.server.FixtureServer;

/**
 * A scenario says where it is: "point k of n", its users, the time elapsed and an ETA, as each
 * point starts and ends, in order (a tiny scenario on loopback; what is asserted is the order and
 * the content of the lines, never a time).
 */
class ProgressTest {
  private static FixtureServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new FixtureServer(FixtureServer.Settings.defaults()).start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static List<String> progress(ScenarioSettings settings) throws Exception {
    List<Scenario.Point> points =
        WfsScenario.points(List.of("osm_places"), List.of("geojson"), List.of(1, 2), 5);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    new ScenarioRunner(
            new WfsScenario(), points, settings, new PrintStream(log, true, StandardCharsets.UTF_8))
        .run(server.uri(), Map.of("url", server.uri().toString()), null);
    return log.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains(" point ")).toList();
  }

  @Test
  void eachPointSaysWhenItStartsAndEndsInOrderWithAnEta() throws Exception {
    List<String> lines =
        progress(
            ScenarioSettings.timed(
                "quick", 1, Duration.ZERO, Duration.ofMillis(200), Duration.ZERO));
    assertEquals(4, lines.size(), lines::toString);
    assertTrue(lines.get(0).startsWith("wfs: point 1 of 2 ("), lines::toString);
    assertTrue(lines.get(0).contains("1 user) started; elapsed "), lines::toString);
    assertTrue(lines.get(1).startsWith("wfs: point 1 of 2 ("), lines::toString);
    assertTrue(lines.get(1).contains(") done in "), lines::toString);
    assertTrue(lines.get(2).startsWith("wfs: point 2 of 2 ("), lines::toString);
    assertTrue(lines.get(2).contains("2 users) started"), lines::toString);
    assertTrue(lines.get(3).startsWith("wfs: point 2 of 2 (") && lines.get(3).contains("done"));
    for (String l : lines) {
      assertTrue(l.matches(".*; elapsed \\d+s, ETA \\d+s"), l);
    }
    // the plan's time is known: nothing is left after the last point
    assertTrue(lines.get(3).endsWith("ETA 0s"), lines::toString);
  }

  @Test
  void aCountedPointsEtaIsUnknownUntilOneHasRun() throws Exception {
    List<String> lines = progress(ScenarioSettings.counted("quick", 1, 0, 10, Duration.ZERO));
    assertEquals(4, lines.size(), lines::toString);
    assertTrue(lines.get(0).endsWith("ETA unknown until a point has run"), lines::toString);
    assertTrue(lines.get(1).matches(".*done in \\d+s; elapsed \\d+s, ETA \\d+s"), lines::toString);
  }

  @Test
  void durationsReadAsMinutesAndHours() {
    assertEquals("45s", Progress.format(45_000));
    assertEquals("3m05s", Progress.format(185_000));
    assertEquals("1h02m", Progress.format(3_720_000));
  }
}
