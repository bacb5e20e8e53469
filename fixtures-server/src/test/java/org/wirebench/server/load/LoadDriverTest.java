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
    // every success is in the histogram once, with a real latency
    assertTrue(r.latency("p50") > 0, r.latencyMs()::toString);
    assertTrue(r.latency("max") < 5_000, r.latencyMs()::toString);
    assertEquals(50 * r.meanResponseBytes(), 50 * r.bytesPerSecond() / r.throughput(), 50);
    assertEquals("closed", r.model());
  }

  /**
   * The open model sends on a schedule, not when answers come back: over 1 s at 200/s it sends
   * exactly 200 requests in the measured window (give or take the boundary), however fast the
   * shared machine answers them.
   */
  @Test
  void openModelSendsOnItsSchedule() throws Exception {
    LoadResult r = load(server.uri().resolve("/static/1024"), 8, 200, 200);
    assertEquals(0, r.errorCount(), r.errors()::toString);
    assertEquals(200, r.requests(), 1);
    assertTrue(r.throughput() <= 201, () -> "faster than its schedule: " + r.throughput());
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
    assertEquals("planted failure", driver.firstProblems().get("validation"));
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

  /** Against a closed port, users back off instead of retrying hundreds of thousands of times. */
  @Test
  void closedUsersBackOffFromARefusedConnection() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    LoadDriver driver =
        new LoadDriver(
            new LoadPlan(URI.create("http://127.0.0.1:" + port + "/"))
                .users(8)
                .timed(Duration.ZERO, Duration.ofSeconds(2)));
    LoadResult r = driver.run(null);
    long connect = r.errors().get("connect");
    // no back-off: tens of thousands in 2 s; back-off to 1 s: 8 users × ~8 tries each
    assertTrue(connect > 0 && connect < 500, () -> connect + " connect errors in 2 s");
    assertTrue(
        driver.firstProblems().get("connect").contains("connection refused"),
        driver.firstProblems()::toString);
  }

  /** A server that accepts and never answers: counted as errors, and the run ends on time. */
  @Test
  void aServerThatNeverAnswersIsCountedNotWaitedForForever() throws Exception {
    try (ServerSocket silent = new ServerSocket(0)) {
      Thread acceptor =
          new Thread(
              () -> {
                java.util.List<java.net.Socket> held = new java.util.ArrayList<>();
                try {
                  while (true) {
                    held.add(silent.accept());
                  }
                } catch (java.io.IOException closed) {
                  // the test is over
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      long start = System.nanoTime();
      LoadResult r =
          new LoadDriver(
                  new LoadPlan(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/"))
                      .users(2)
                      // every request is sent in the warm-up and times out after the window
                      .timed(Duration.ofMillis(1000), Duration.ofMillis(500))
                      .timeout(Duration.ofMillis(2000)))
              .run(null);
      double seconds = (System.nanoTime() - start) / 1e9;
      assertEquals(0, r.requests());
      assertTrue(
          r.errorCount() + r.warmupErrorCount() > 0, () -> r.errors() + " " + r.warmupErrors());
      assertTrue(seconds < 6, () -> "took " + seconds + " s");
    }
  }

  @Test
  void thinkingUsersHoldNoThread() throws Exception {
    // 200 users pausing 500 ms each: ~400 req/s. Parked pool threads (64 at most) allowed 128.
    LoadResult r =
        new LoadDriver(
                new LoadPlan(server.uri().resolve("/static/10"))
                    .users(200)
                    .thinkTime(500, 50)
                    .rampUp(Duration.ofMillis(500))
                    .timed(Duration.ofMillis(1000), Duration.ofSeconds(3)))
            .run(null);
    assertEquals(0, r.errorCount(), r.errors()::toString);
    assertTrue(r.throughput() > 250, "only " + r.throughput() + " req/s with 200 thinking users");
    assertTrue(r.throughput() < 450, r.throughput() + " req/s: the users did not think");
    assertTrue(r.latency("min") > 0 && r.latency("stddev") >= 0, r.latencyMs()::toString);
  }
}
