package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadModel;
import org.wirebench.results.LoadResult;
import org.wirebench.results.Statistic;
import org.wirebench.server.DeadPort;
import org.wirebench.server.FixtureServer;

/** A few seconds of real load against a real server: counts must add up, errors must show. */
class LoadDriverTest {
  private static FixtureServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new FixtureServer(FixtureServer.Settings.defaults()).start();
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
                // a bound for a stalled machine, not a speed limit: nothing here is slow
                .timeout(Duration.ofSeconds(30)))
        .run(null);
  }

  @Test
  void closedModelAgainstWfsGeoJson() throws Exception {
    URI target =
        server
            .uri()
            .resolve(
                "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:osm_places"
                    + "&count=50&outputFormat=application/json");
    byte[] body;
    try (java.io.InputStream in = target.toURL().openStream()) {
      body = in.readAllBytes();
    }
    // counted, so that the count is exact on any machine: 4 users, 8 thrown away, 40 measured
    LoadDriver driver =
        new LoadDriver(
            new LoadPlan(target).users(4).counted(8, 40).timeout(Duration.ofSeconds(30)));
    LoadResult r = driver.run(null);
    assertEquals(0, r.errorCount(), r.errors()::toString);
    assertEquals(40, r.requests());
    // every success is in the histogram once, with a real latency, and counted at its body's size
    assertEquals(40, driver.histogram().getTotalCount());
    assertTrue(r.latency(Statistic.MIN) > 0, r.latencyMs()::toString);
    assertEquals(body.length, r.meanResponseBytes(), 0.0, "bytes counted per answer");
    assertEquals(LoadModel.CLOSED, r.model());
  }

  /**
   * The open model sends on a schedule, not when answers come back: over 1 s at 200/s it sends
   * exactly 200 requests in the measured window (give or take the boundary), however fast the
   * shared machine answers them: a request belongs to the window its intended send time is in.
   */
  @Test
  void openModelSendsOnItsSchedule() throws Exception {
    LoadResult r = load(server.uri().resolve("/static/1024"), 8, 200, 200);
    assertEquals(0, r.errorCount(), r.errors()::toString);
    assertEquals(200, r.requests(), 1);
    assertEquals(LoadModel.OPEN, r.model());
  }

  @Test
  void aWrongStatusIsAnErrorNotASuccess() throws Exception {
    LoadResult r = load(server.uri().resolve("/static/-1"), 2, 0, 200);
    assertEquals(0, r.requests());
    assertTrue(r.errors().get(ErrorKind.STATUS) > 0, r.errors()::toString);
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
    assertEquals(5, r.errors().get(ErrorKind.VALIDATION));
    assertEquals("planted failure", driver.firstProblems().get(ErrorKind.VALIDATION));
  }

  @Test
  void aDeadPortIsAConnectError() throws Exception {
    try (DeadPort dead = new DeadPort()) {
      LoadResult r = load(URI.create(dead.url()), 2, 50, 200);
      assertEquals(0, r.requests());
      assertTrue(r.errors().get(ErrorKind.CONNECT) > 0, r.errors()::toString);
    }
  }

  /** Against a closed port, users back off instead of retrying hundreds of thousands of times. */
  @Test
  void closedUsersBackOffFromARefusedConnection() throws Exception {
    try (DeadPort dead = new DeadPort()) {
      LoadDriver driver =
          new LoadDriver(
              new LoadPlan(URI.create(dead.url()))
                  .users(8)
                  .timed(Duration.ZERO, Duration.ofSeconds(2)));
      LoadResult r = driver.run(null);
      long connect = r.errors().get(ErrorKind.CONNECT);
      // no back-off: tens of thousands in 2 s; back-off to 1 s: 8 users × ~8 tries each
      assertTrue(connect > 0 && connect < 500, () -> connect + " connect errors in 2 s");
      assertTrue(
          driver.firstProblems().get(ErrorKind.CONNECT).contains("connection refused"),
          driver.firstProblems()::toString);
    }
  }

  /**
   * A server that accepts and never answers: each request is counted as a timeout, none is waited
   * for forever, and the run ends (the JUnit timeout guards a hang; it is not a speed limit: the
   * driver gives up 2 s after its window plus its 2 s request timeout).
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
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
      LoadDriver driver =
          new LoadDriver(
              new LoadPlan(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/"))
                  .users(2)
                  // each user's one request times out after the window has ended
                  .timed(Duration.ofMillis(1000), Duration.ofMillis(500))
                  .timeout(Duration.ofMillis(2000)));
      LoadResult r = driver.run(null);
      assertEquals(0, r.requests());
      // each user's one request counted once: a timeout, or unfinished if the run stopped waiting
      // before the client's timeout fired (a starved machine)
      long timeouts = r.errors().get(ErrorKind.TIMEOUT) + r.warmupErrors().get(ErrorKind.TIMEOUT);
      assertEquals(
          2,
          timeouts + r.errors().get(ErrorKind.UNFINISHED),
          () -> r.errors() + " " + r.warmupErrors());
      if (timeouts > 0) {
        assertEquals("no answer within 2000 ms", driver.firstProblems().get(ErrorKind.TIMEOUT));
      }
    }
  }

  /**
   * 200 users sending one request each and then thinking 3 s: while they all think, no thread is
   * parked in the driver's code (think time once parked a pool thread per user: 64 at most thought
   * at once, whatever the machine's speed). Judged by the threads' state while the server has seen
   * every user's request, not by a rate: a counted run, so the count is exact on any machine.
   */
  @Test
  @org.junit.jupiter.api.Timeout(120)
  void thinkingUsersHoldNoThread() throws Exception {
    int users = 200;
    java.util.concurrent.atomic.AtomicInteger seen =
        new java.util.concurrent.atomic.AtomicInteger();
    org.eclipse.jetty.server.Server counting = new org.eclipse.jetty.server.Server();
    org.eclipse.jetty.server.ServerConnector connector =
        new org.eclipse.jetty.server.ServerConnector(counting);
    connector.setHost("127.0.0.1");
    counting.addConnector(connector);
    counting.setHandler(
        new org.eclipse.jetty.server.Handler.Abstract.NonBlocking() {
          @Override
          public boolean handle(
              org.eclipse.jetty.server.Request request,
              org.eclipse.jetty.server.Response response,
              org.eclipse.jetty.util.Callback callback) {
            seen.incrementAndGet();
            response.write(true, java.nio.ByteBuffer.wrap(new byte[10]), callback);
            return true;
          }
        });
    counting.start();
    try {
      LoadDriver driver =
          new LoadDriver(
              new LoadPlan(URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/"))
                  .users(users)
                  .thinkTimeMs(3000)
                  .counted(0, users)
                  .timeout(Duration.ofSeconds(30)));
      long start = System.nanoTime();
      java.util.concurrent.atomic.AtomicReference<Thread> runner =
          new java.util.concurrent.atomic.AtomicReference<>();
      java.util.concurrent.CompletableFuture<LoadResult> run =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () -> {
                runner.set(Thread.currentThread());
                try {
                  return driver.run(null);
                } catch (Exception e) {
                  throw new java.util.concurrent.CompletionException(e);
                }
              });
      while (seen.get() < users && !run.isDone()) {
        Thread.sleep(10);
      }
      // every user has had its answer or is about to: from now until the run ends, each of them
      // thinks before finding no request left to send
      int samples = 0;
      int parked = 0;
      java.util.List<String> where = new java.util.ArrayList<>();
      while (!run.isDone()) {
        parked = Math.max(parked, parkedInDriver(runner.get(), where));
        samples++;
        Thread.sleep(20);
      }
      LoadResult r = run.join();
      double seconds = (System.nanoTime() - start) / 1e9;
      assertEquals(0, r.errorCount(), r.errors()::toString);
      assertEquals(users, r.requests());
      assertEquals(users, seen.get());
      assertTrue(samples > 0, "the threads were never looked at while the users thought");
      assertEquals(
          0, parked, () -> "threads parked in the driver while its users thought: " + where);
      // a lower bound, which no slowness can break: the users did think before they ended
      assertTrue(seconds >= 3, "the run ended after " + seconds + " s, within the think time");
    } finally {
      counting.stop();
    }
  }

  /**
   * A closed-model user keeps its own connection, as each of wrk's connections is one user: 4 users
   * started 150 ms apart, each sending one request then thinking 1 s, open 4 connections. Through
   * the client's pool, a later user took the connection an earlier one had released (3 connections
   * for the four in a run by hand of the old driver, how many depending on the machine's speed), so
   * "512 users" could be fewer connections than that. Counted, so the count here does not.
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void eachClosedModelUserKeepsItsOwnConnection() throws Exception {
    try (CountingServer counting = new CountingServer(false)) {
      LoadResult r =
          new LoadDriver(
                  new LoadPlan(counting.uri())
                      .users(4)
                      .rampUp(Duration.ofMillis(600))
                      .thinkTimeMs(1000)
                      .counted(0, 4)
                      .timeout(Duration.ofSeconds(30)))
              .run(null);
      assertEquals(0, r.errorCount(), r.errors()::toString);
      assertEquals(4, r.requests());
      assertEquals(4, counting.requests.get());
      assertEquals(4, counting.connections.get(), "connections opened for 4 users");
    }
  }

  /**
   * A server that closes each connection after its answer: the user connects again for its next
   * request, every answer counts, and a closed connection is no error.
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aUserWhoseConnectionTheServerClosedConnectsAgain() throws Exception {
    try (CountingServer closing = new CountingServer(true)) {
      LoadResult r =
          new LoadDriver(
                  new LoadPlan(closing.uri())
                      .users(3)
                      .counted(0, 30)
                      .timeout(Duration.ofSeconds(30)))
              .run(null);
      assertEquals(0, r.errorCount(), r.errors()::toString);
      assertEquals(30, r.requests());
      assertEquals(30, closing.requests.get());
      assertEquals(30, closing.connections.get(), "one connection a request");
    }
  }

  @Test
  void rotatedTargetsOnAnotherServerAreRefused() {
    LoadPlan plan = new LoadPlan(URI.create("http://127.0.0.1:8081/a"));
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () ->
                plan.rotate(
                    java.util.List.of(
                        URI.create("http://127.0.0.1:8081/b"),
                        URI.create("http://127.0.0.1:8082/b"))));
    assertTrue(e.getMessage().contains("http://127.0.0.1:8082/b"), e.getMessage());
  }

  /**
   * Threads other than the run's own that the driver's code itself parks or puts to sleep: the
   * first frame below the JDK's waiting frames is the driver's. A pool thread waiting on a lock
   * inside Jetty's client while it sends for the driver (its first frames Jetty's) is not thinking:
   * counting it failed this test on a loaded machine (load average 26: one such thread).
   */
  private static int parkedInDriver(Thread runner, java.util.List<String> where) {
    int n = 0;
    for (var e : Thread.getAllStackTraces().entrySet()) {
      Thread.State state = e.getKey().getState();
      StackTraceElement[] stack = e.getValue();
      // the state is read after the stack: a thread caught running (say, in countDown's unpark)
      // may be waiting again by then, so the stack itself must show it parked, waiting or asleep
      if (e.getKey() == runner
          || (state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING)
          || stack.length == 0
          || !java.util.Set.of("park", "wait", "wait0", "sleep", "sleep0")
              .contains(stack[0].getMethodName())) {
        continue;
      }
      for (StackTraceElement frame : e.getValue()) {
        String c = frame.getClassName();
        if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")) {
          continue;
        }
        if (c.startsWith(LoadDriver.class.getName())) {
          n++;
          where.add(e.getKey().getName() + " " + java.util.Arrays.toString(e.getValue()));
        }
        break;
      }
    }
    return n;
  }
}
