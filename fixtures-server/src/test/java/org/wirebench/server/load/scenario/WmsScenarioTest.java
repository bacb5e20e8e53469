package org.wirebench.server.load.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.raster.JpegEncoder;
import org.wirebench.formats.raster.WmsRequestList;
import org.wirebench.results.ScenarioResult;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.load.LoadPlan;
import picocli.CommandLine;

/**
 * The wms scenario sends each URL of the seeded list once per run, to /wms or /tiled/wms, checks
 * each answer's size, and keeps the best run; run for real against a live server on a short list.
 */
class WmsScenarioTest {
  @Test
  void pointsCoverTheListOnceEachAndRefuseBadOptions() {
    ScenarioOptions o = new ScenarioOptions();
    new CommandLine(o).parseArgs("--quick");
    List<Scenario.Point> quick = new WmsScenario().points(o);
    assertEquals(8, quick.size());
    Scenario.Point first = quick.get(0);
    assertEquals("EPSG:4326/direct/2", first.id());
    LoadPlan plan = first.plan().apply(URI.create("http://127.0.0.1:1/"));
    assertEquals(200, plan.targetCount());
    assertTrue(plan.target().toString().startsWith("http://127.0.0.1:1/wms?SERVICE=WMS"));
    assertTrue(
        quick.get(2).plan().apply(URI.create("http://h/")).target().getPath().equals("/tiled/wms"));
    ScenarioOptions full = new ScenarioOptions();
    new CommandLine(full).parseArgs();
    assertEquals(20, new WmsScenario().points(full).size());
    assertEquals(
        2000,
        new WmsScenario().points(full).get(0).plan().apply(URI.create("http://h/")).targetCount());
    for (String[] bad :
        new String[][] {
          {"--wms-renderers", "mapnik"},
          {"--wms-srs", "EPSG:2056"},
          {"--users", "0"},
          {"--requests", "0"}
        }) {
      ScenarioOptions b = new ScenarioOptions();
      new CommandLine(b).parseArgs(bad);
      assertThrows(IllegalArgumentException.class, () -> new WmsScenario().points(b), bad[0]);
    }
  }

  @Test
  void theValidatorChecksEachAnswersSize() throws Exception {
    Scenario.Point p =
        WmsScenario.points(
                List.of("direct"), List.of(WmsRequestList.Srs.EPSG_4326), List.of(1), 3, 1)
            .get(0);
    WmsRequestList.Request r = WmsRequestList.generate(WmsRequestList.Srs.EPSG_4326, 3, 1).get(1);
    ByteArrayOutputStream jpeg = new ByteArrayOutputStream();
    new JpegEncoder().encode(new int[r.width() * r.height()], r.width(), r.height(), jpeg);
    assertNull(p.validator().problem(1, jpeg.toByteArray()));
    assertNotNull(p.validator().problem(0, jpeg.toByteArray()), "request 0 has another size");
    assertNotNull(p.validator().problem(1, "<ServiceExceptionReport/>".getBytes()));
  }

  @Test
  void aShortListRunsAgainstALiveServerAndKeepsTheBestRun() throws Exception {
    try (FixtureServer server = new FixtureServer(FixtureServer.Settings.defaults()).start()) {
      List<Scenario.Point> points =
          WmsScenario.points(
              List.of("direct", "tilecache"),
              List.of(WmsRequestList.Srs.EPSG_3857),
              List.of(2),
              12,
              5);
      var settings =
          new WmsScenario().settings(true).withCounts(0L, 12L).withRuns(2).withSteadyState(null);
      ScenarioResult result =
          new ScenarioRunner(new WmsScenario(), points, settings, System.err)
              .run(server.uri(), java.util.Map.of(), null);
      assertEquals(2, result.points().size());
      for (ScenarioResult.PointResult pr : result.points()) {
        assertEquals(0, pr.errors(), pr.id());
        assertEquals(2, pr.runs().size());
        double best = Math.max(pr.runs().get(0).throughput(), pr.runs().get(1).throughput());
        assertEquals(best, pr.throughput(), 1e-9, pr.id());
        pr.runs().forEach(run -> assertEquals(12, run.requests(), pr.id()));
      }
      assertTrue(result.settings().keepsBest());
    }
  }
}
