package org.wirebench.server.load.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.soap.Operation;
import org.wirebench.server.FixtureServer;

/**
 * A few seconds of each scenario against a real server on an ephemeral port, with every response
 * under load validated in full (schema and decoding for WFS, values read back for SOAP).
 */
class ScenarioIntegrationTest {
  private static FixtureServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new FixtureServer("127.0.0.1", 0, 1000).start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static ScenarioResult run(Scenario s, ScenarioSettings settings, HistogramLogWriter h)
      throws Exception {
    return new ScenarioRunner(s, settings, new PrintStream(new ByteArrayOutputStream()))
        .run(server.uri(), Map.of("url", server.uri().toString()), h);
  }

  @Test
  void wfsScenarioEveryFormatAndLayerWithoutErrors() throws Exception {
    Scenario wfs =
        new WfsScenario(
            WfsScenario.DEFAULT_LAYERS, WfsScenario.DEFAULT_FORMATS, List.of(4, 8), 200);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    HistogramLogWriter hlog = new HistogramLogWriter(new PrintStream(log));
    ScenarioResult r = run(wfs, new ScenarioSettings("test", 2, 200, 300, 0, 0, 1, 200), hlog);
    assertEquals(12, r.points().size());
    assertEquals(0, r.errorCount(), () -> r.points().toString());
    for (ScenarioResult.PointResult p : r.points()) {
      assertEquals(2, p.runs().size());
      assertTrue(p.throughput() > 0, p.id());
      assertTrue(p.meanResponseBytes() > 10_000, p.id());
    }
    HistogramLogReader reader =
        new HistogramLogReader(
            new java.io.ByteArrayInputStream(log.toString(StandardCharsets.UTF_8).getBytes()));
    int histograms = 0;
    while (reader.nextIntervalHistogram() != null) {
      histograms++;
    }
    assertEquals(24, histograms, "one tagged histogram per point and run");
  }

  @Test
  void soapScenarioEveryStackAndOperationWithoutErrors() throws Exception {
    Scenario soap =
        new SoapScenario(
            List.of("axis2-adb", "axis2-jaxb", "cxf-jaxb"),
            List.of(Operation.values()),
            List.of(1, 100),
            SoapScenario.STUDY_USERS);
    ScenarioResult r = run(soap, new ScenarioSettings("test", 1, 0, 0, 50, 100, 1, 0), null);
    assertEquals(3 * (1 + 6 * 2), r.points().size());
    assertEquals(0, r.errorCount(), () -> r.points().toString());
    for (ScenarioResult.PointResult p : r.points()) {
      assertEquals(100, p.runs().get(0).requests(), p.id());
    }
  }

  @Test
  void aResponseThatDoesNotValidateStopsTheRunBeforeLoad() {
    Scenario wrongCount =
        new Scenario() {
          @Override
          public String name() {
            return "planted";
          }

          @Override
          public List<Point> points() {
            Point real =
                new WfsScenario(List.of("osm_places"), List.of("geojson"), List.of(2), 5)
                    .points()
                    .get(0);
            return List.of(
                new Point(real.id(), real.params(), real.plan(), body -> "planted problem"));
          }
        };
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            java.io.IOException.class,
            () -> run(wrongCount, new ScenarioSettings("test", 1, 100, 100, 0, 0, 0, 0), null));
    assertTrue(e.getMessage().contains("planted problem"), e.getMessage());
  }
}
