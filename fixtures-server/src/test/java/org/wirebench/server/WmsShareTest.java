package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.server.LoopbackClients.await;

import java.io.BufferedReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.raster.MapRendererKind;
import org.wirebench.server.wms.MapLimits;
import org.wirebench.server.wms.WmsHandler;

/**
 * One client address holds at most its share of the WMS's pixel budget and maps; another client's
 * map is drawn while the first client's further maps wait (or are refused with 429 once their wait
 * is over). And a map whose client closes its connection stops being drawn, gives its share and the
 * budget back, and is logged {@code 499 0}. Before, twelve 4096² maps from one client held the
 * whole budget and another client's 64 × 64 map waited 20 s for a 503; abandoned maps were drawn to
 * the end and logged 200 with their full size. Real sockets on loopback, the second client bound to
 * 127.0.0.2; the server holds each map's turn where the test says ({@link WmsHandler#holdTurns}),
 * so everything is judged by the server's counts, never by time.
 */
class WmsShareTest {
  private static final String A = "127.0.0.1";
  private static final String B = "127.0.0.2";
  private static final int SIDE = 64;

  private final LoopbackClients clients = new LoopbackClients();
  private final List<String> log = new CopyOnWriteArrayList<>();
  private final AtomicInteger turns = new AtomicInteger();
  private final CountDownLatch release = new CountDownLatch(1);
  private FixtureServer server;

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    clients.close();
    if (server != null) {
      server.close();
    }
  }

  /** A server whose maps are drawn within {@code limits}, each holding its turn until released. */
  private WmsHandler start(MapLimits limits) throws Exception {
    server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .mapLimits(limits)
            .accessLogTo(log::add)
            .start();
    WmsHandler wms = server.wms(MapRendererKind.DIRECT);
    wms.holdTurns(
        gone -> {
          turns.incrementAndGet();
          release.await(60, TimeUnit.SECONDS); // a bound on a broken server, not a measure
        });
    return wms;
  }

  @Test
  void anotherClientsMapIsDrawnWhileOneClientWaitsOnItsShare() throws Exception {
    // room for two 64 × 64 maps at once, a client one of them
    WmsHandler wms = start(new MapLimits(2 * SIDE * SIDE, 4, SIDE * SIDE, 3, 60_000));
    Socket a1 = ask(A, SIDE);
    await(() -> turns.get() == 1, "A's first map is drawn");
    Socket a2 = ask(A, SIDE);
    await(() -> wms.limits().clientMapsNow(A) == 2, "A's second map waits");
    Socket b = ask(B, SIDE);
    // the half A may not take is B's: B's map gets its turn while A's second still waits
    await(() -> turns.get() == 2, "B's map is drawn");
    assertEquals(1, wms.limits().clientMapsNow(B));
    assertEquals(2 * SIDE * SIDE, wms.limits().pixelsHeld(), "A's second map took no pixels");
    release.countDown();
    for (Socket s : List.of(a1, b, a2)) {
      assertEquals("HTTP/1.1 200 OK", reader(s).readLine());
    }
    await(() -> wms.limits().pixelsHeld() == 0, "every map gives its pixels back");
    await(() -> wms.limits().clientMapsNow(A) == 0, "A's share is free");
  }

  @Test
  void aMapOverItsClientsShareIsRefusedWith429WhenItsWaitIsOver() throws Exception {
    WmsHandler wms = start(new MapLimits(2 * SIDE * SIDE, 4, SIDE * SIDE, 3, 0));
    Socket a1 = ask(A, SIDE);
    await(() -> turns.get() == 1, "A's first map is drawn");
    BufferedReader a2 = reader(ask(A, SIDE));
    String status = a2.readLine();
    String rest = a2.lines().collect(Collectors.joining("\n"));
    assertEquals("HTTP/1.1 429 Too Many Requests", status, rest);
    assertTrue(rest.contains("Retry-After: 1"), rest);
    assertTrue(rest.contains("ServiceExceptionReport"), rest);
    assertTrue(rest.contains("as many maps being drawn as one may"), rest);
    // and another client is not held back by it
    Socket b = ask(B, SIDE);
    await(() -> turns.get() == 2, "B's map is drawn");
    release.countDown();
    assertEquals("HTTP/1.1 200 OK", reader(a1).readLine());
    assertEquals("HTTP/1.1 200 OK", reader(b).readLine());
    await(() -> wms.limits().pixelsHeld() == 0, "every map gives its pixels back");
  }

  @Test
  void aMapWhoseClientLeftStopsGivesItsShareBackAndIsLogged499() throws Exception {
    int side = 1024;
    server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .mapLimits(new MapLimits(4 * side * side, 4, 2 * side * side, 3, 60_000))
            .accessLogTo(log::add)
            .start();
    WmsHandler wms = server.wms(MapRendererKind.DIRECT);
    // each map holds its turn until its client has gone: it cannot end first, however fast
    wms.holdTurns(
        gone -> {
          turns.incrementAndGet();
          long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
          while (!gone.getAsBoolean() && System.nanoTime() < until) {
            TimeUnit.MILLISECONDS.sleep(5); // a poll with a bound, not a pace
          }
        });
    Socket a = ask(A, side);
    await(() -> turns.get() == 1, "the map has its turn");
    assertEquals(side * side, wms.limits().pixelsHeld());
    a.close();
    await(() -> wms.limits().pixelsHeld() == 0, "the map gives its pixels back");
    // the share is given back last
    await(() -> wms.limits().clientMapsNow(A) == 0, "the client's share is free");
    assertTrue(
        wms.rowsDrawn() < side, "stopped after " + wms.rowsDrawn() + " of " + side + " rows");
    await(() -> log.stream().anyMatch(l -> l.contains("WIDTH=" + side)), "the access log line");
    String line = log.stream().filter(l -> l.contains("WIDTH=" + side)).findFirst().orElseThrow();
    assertTrue(line.contains("\" 499 0 "), line);
  }

  /**
   * A map waiting for its turn whose client leaves gives its place back at once, and is logged
   * {@code 499 0}. Before, it waited for nobody until its turn came or its wait ran out (here 120
   * s, past the test's bounds), holding a server thread and its client's place.
   */
  @Test
  void aWaitingMapWhoseClientLeftGivesItsPlaceBackAtOnce() throws Exception {
    WmsHandler wms = start(new MapLimits(2 * SIDE * SIDE, 4, SIDE * SIDE, 3, 120_000));
    Socket a1 = ask(A, SIDE);
    await(() -> turns.get() == 1, "A's first map is drawn");
    Socket a2 = ask(A, SIDE);
    await(() -> wms.limits().clientMapsNow(A) == 2, "A's second map waits");
    a2.close();
    await(() -> wms.limits().clientMapsNow(A) == 1, "the second map gives its place back");
    // the first map is still held: the one line logged is the second's
    await(() -> !log.isEmpty(), "the access log line");
    assertTrue(log.get(0).contains("\" 499 0 "), log.get(0));
    release.countDown();
    assertEquals("HTTP/1.1 200 OK", reader(a1).readLine());
    assertEquals(1, turns.get(), "the second map never had its turn");
  }

  /**
   * A map's pixels stay held until its answer is written, not only while it is drawn: an encoded
   * map waiting for a client that reads it slowly is held in memory (tens of MB at this size), and
   * once drawn it was counted nowhere, so one client reading a trickle could pile up maps without
   * bound. The client here reads the status line and stops (a 4 KiB receive buffer, the map well
   * past the server's socket buffer).
   */
  @Test
  void aMapsPixelsStayHeldUntilItsAnswerIsWritten() throws Exception {
    int width = 4096;
    int height = 2048;
    server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .mapLimits(new MapLimits(2 * width * height, 4, width * height, 3, 60_000))
            .start();
    WmsHandler wms = server.wms(MapRendererKind.DIRECT);
    Socket a = clients.get(A, server.uri().getPort(), map(width, height), 4096);
    java.io.InputStream in = a.getInputStream();
    byte[] status = new byte["HTTP/1.1 200 OK".length()];
    assertEquals(status.length, in.readNBytes(status, 0, status.length));
    assertEquals("HTTP/1.1 200 OK", new String(status, StandardCharsets.US_ASCII));
    // the answer's first bytes are out, the rest waits for the client
    assertEquals(
        width * height,
        wms.limits().pixelsHeld(),
        "the map's pixels are held while its answer waits for its client");
    assertEquals(1, wms.limits().clientMapsNow(A));
    long read = in.transferTo(java.io.OutputStream.nullOutputStream());
    assertTrue(read > 4 << 20, "the map is larger than the socket buffers: " + read);
    await(() -> wms.limits().pixelsHeld() == 0, "the map gives its pixels back once written");
    await(() -> wms.limits().clientMapsNow(A) == 0, "the client's share is free");
  }

  private static String map(int width, int height) {
    return "/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&SRS=EPSG:4326"
        + "&BBOX=-180,-90,180,90&FORMAT=image/png&WIDTH="
        + width
        + "&HEIGHT="
        + height;
  }

  private static String map(int side) {
    return "/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&SRS=EPSG:4326"
        + "&BBOX=-180,-90,180,90&FORMAT=image/png&WIDTH="
        + side
        + "&HEIGHT="
        + side;
  }

  private Socket ask(String from, int side) throws Exception {
    return clients.get(from, server.uri().getPort(), map(side));
  }

  private static BufferedReader reader(Socket s) throws Exception {
    return LoopbackClients.reader(s, StandardCharsets.ISO_8859_1);
  }
}
