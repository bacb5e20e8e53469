package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wirebench.results.LoadResult;
import org.wirebench.server.FixtureServer;

/** A few seconds of real load against a real server: counts must add up, errors must show. */
class LoadDriverTest {
  private static FixtureServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new FixtureServer("127.0.0.1", 0, 1000).start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static LoadResult load(URI target, int users, double rate, int expectStatus)
      throws Exception {
    return new LoadDriver(
            new LoadPlan(target)
                .users(users)
                .rate(rate)
                .timed(Duration.ofMillis(500), Duration.ofSeconds(1))
                .expectStatus(expectStatus)
                .timeout(Duration.ofSeconds(5)))
        .run(null);
  }

  @Test
  void closedModelAgainstWfsGeoJson() throws Exception {
    LoadResult r =
        load(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:osm_places"
                        + "&count=50&outputFormat=application/json"),
            4,
            0,
            200);
    assertEquals(0, r.errorCount(), r.errors()::toString);
    assertTrue(r.requests() > 10, () -> "only " + r.requests());
    assertTrue(r.latencyMs().get("p99") >= r.latencyMs().get("p50"));
    assertEquals("closed", r.model());
  }

  @Test
  void openModelKeepsItsRate() throws Exception {
    LoadResult r = load(server.uri().resolve("/static/1024"), 8, 200, 200);
    assertEquals(0, r.errorCount(), r.errors()::toString);
    assertEquals(200, r.throughput(), 30);
    assertEquals("open", r.model());
  }

  @Test
  void aWrongStatusIsAnErrorNotASuccess() throws Exception {
    LoadResult r = load(server.uri().resolve("/static/-1"), 2, 0, 200);
    assertEquals(0, r.requests());
    assertTrue(r.errors().get("status") > 0, r.errors()::toString);
  }

  @Test
  void countedRunSendsExactlyThatManyAfterItsWarmUp() throws Exception {
    LoadResult r =
        new LoadDriver(new LoadPlan(server.uri().resolve("/static/100")).users(3).counted(20, 50))
            .run(null);
    assertEquals(50, r.requests());
    assertEquals(0, r.errorCount(), r.errors()::toString);
    assertEquals(100, r.meanResponseBytes(), 0);
  }

  @Test
  void aBodyThatFailsValidationIsAnError() throws Exception {
    LoadDriver driver =
        new LoadDriver(
            new LoadPlan(server.uri().resolve("/static/10"))
                .users(2)
                .counted(0, 10)
                .validate(2, body -> body.length == 10 ? "planted failure" : null));
    LoadResult r = driver.run(null);
    assertEquals(5, r.requests());
    assertEquals(5, r.errors().get("validation"));
    assertEquals("planted failure", driver.firstProblem());
  }

  @Test
  void aDeadPortIsAConnectError() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    LoadResult r = load(URI.create("http://127.0.0.1:" + port + "/"), 2, 50, 200);
    assertEquals(0, r.requests());
    assertTrue(r.errors().get("connect") > 0, r.errors()::toString);
  }
}
