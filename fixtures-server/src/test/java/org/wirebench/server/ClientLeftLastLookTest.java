package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.raster.MapRenderer;
import org.wirebench.formats.raster.RowWatch;
import org.wirebench.formats.raster.WmsRequestList;
import org.wirebench.server.wfs.WfsHandler;
import org.wirebench.server.wms.MapLimits;
import org.wirebench.server.wms.WmsHandler;

/**
 * A request whose client closed its connection before its answer went out ends as {@code 499 0},
 * its turn given back, whatever its work was doing when the close arrived. Before, the outcome hung
 * on when the selector passed the close on and on which look saw it: a map finished between two
 * looks was sent and logged {@code 200} with its size; a map whose client was first seen gone by
 * the PNG encoder's look was answered as the server's failure ({@code 500}, a stack trace in the
 * log: ImageIO wrapped the stop); a map refused its turn after its client left was logged {@code
 * 429}; a GetFeature done after its only look was answered 200. Real sockets on loopback: the close
 * is the subject. Each request marked {@code Left} is handed to its service only once its client's
 * close has arrived (the server's socket readable at its end), and for the races the server's
 * selectors are held meanwhile, so that the close is in the socket but not yet passed on, as on a
 * loaded machine: the order is fixed by the test, never by time. The renderer here never looks at
 * its client, as a map's last rows and a small map's every row are drawn without a look.
 */
class ClientLeftLastLookTest {
  private static final long BOUND_S = 60; // a bound on a broken server, not a measure

  private final List<String> log = new CopyOnWriteArrayList<>();
  private final List<Socket> sockets = new ArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch unheard = new CountDownLatch(1);
  private FixtureServer server;
  private MapLimits limits;

  /** Draws noise (so that a PNG of it is large) without ever looking at its client. */
  private static final MapRenderer BLIND =
      new MapRenderer() {
        @Override
        public int[] render(WmsRequestList.Request request, WmsRequestList.Srs srs) {
          int[] pixels = new int[request.width() * request.height()];
          Random random = new Random(7);
          for (int i = 0; i < pixels.length; i++) {
            pixels[i] = random.nextInt(1 << 24);
          }
          return pixels;
        }

        @Override
        public int[] render(
            WmsRequestList.Request request, WmsRequestList.Srs srs, RowWatch watch) {
          return render(request, srs);
        }
      };

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    unheard.countDown();
    for (Socket s : sockets) {
      s.close();
    }
    if (server != null) {
      server.close();
    }
  }

  /**
   * A server with a WMS at {@code /left/wms} drawing {@link #BLIND}ly within {@code limits}, whose
   * maps, once given their turn, wait for {@code hold}; and a WFS at {@code /left/ows}.
   */
  private void start(MapLimits limits, WmsHandler.Hold hold) throws Exception {
    this.limits = limits;
    WmsHandler wms = new WmsHandler("left", () -> BLIND, 4096, limits);
    wms.holdTurns(hold);
    server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .route("/left/wms", afterClose(wms))
            .route("/left/ows", afterClose(new WfsHandler()))
            .accessLogTo(log::add)
            .start();
  }

  /** A small map, drawn whole between two looks: its client left before it was done. */
  @ParameterizedTest
  @ValueSource(strings = {"image/png", "image/jpeg"})
  void aMapFinishedAfterItsClientLeftIs499(String format) throws Exception {
    start(MapLimits.of(1 << 20, 4, 60_000), gone -> {});
    leaveUnheard(map(64, format, "0,0,10,10"));
    assertEquals("499 0", statusAndSize("BBOX=0,0,10,10"));
    assertEquals(0, limits.pixelsHeld(), "the map's pixels are given back");
  }

  /**
   * A map whose client is first seen gone by the encoder's look (64 KiB into the image): ImageIO's
   * PNG writer wrapped the stop in an IIOException, and the map was answered 500.
   */
  @ParameterizedTest
  @ValueSource(strings = {"image/png", "image/jpeg", "image/png&TRANSPARENT=TRUE"})
  void aMapWhoseClientIsSeenGoneWhileEncodedIs499(String format) throws Exception {
    start(
        MapLimits.of(1 << 20, 4, 60_000),
        gone -> {
          // its turn held until the selector says the client left: the renderer, which never
          // looks, then draws it whole, and the encoder's first look is the one that sees it
          await(gone, "the watch sees the client gone");
        });
    leave(map(512, format, "0,0,20,20"));
    assertEquals("499 0", statusAndSize("BBOX=0,0,20,20"));
    assertEquals(0, limits.pixelsHeld(), "the map's pixels are given back");
  }

  /** A map refused its turn (its client's share full) after its client left: not a 429. */
  @Test
  void aMapRefusedItsTurnAfterItsClientLeftIs499() throws Exception {
    int side = 64;
    // a client may draw one map at once, and a map waits no time for its turn
    start(
        new MapLimits(4 * side * side, 4, 2 * side * side, 1, 0),
        gone -> release.await(BOUND_S, TimeUnit.SECONDS));
    Socket stays = send(map(side, "image/png", "0,0,30,30"), "");
    // the first map holds the client's one turn until released
    await(() -> limits.pixelsHeld() == side * side, "the first map has its turn");
    leave(map(side, "image/png", "0,0,40,40"));
    assertEquals("499 0", statusAndSize("BBOX=0,0,40,40"));
    release.countDown();
    assertEquals("HTTP/1.1 200 OK", reader(stays).readLine());
    await(() -> limits.pixelsHeld() == 0, "every map gives its pixels back");
  }

  /**
   * A GetFeature that looked at its client once (300 ids: a look at the 256th), the close not yet
   * passed on by then, and done before its next look: it was answered 200.
   */
  @Test
  void aQueryDoneAfterItsClientLeftIs499() throws Exception {
    start(MapLimits.of(1 << 20, 4, 60_000), gone -> {});
    StringBuilder ids = new StringBuilder();
    for (int i = 1; i <= 300; i++) {
      ids.append(i == 1 ? "" : ",").append("osm_places.").append(i);
    }
    leaveUnheard(
        "/left/ows?service=WFS&version=2.0.0&request=GetFeature&outputFormat=application/json"
            + "&RESOURCEID="
            + ids);
    assertEquals("499 0", statusAndSize("RESOURCEID=osm_places.1,"));
  }

  private static String map(int side, String format, String box) {
    return "/left/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=bluemarble&STYLES="
        + "&SRS=EPSG:4326&BBOX="
        + box
        + "&FORMAT="
        + format
        + "&WIDTH="
        + side
        + "&HEIGHT="
        + side;
  }

  /** Sends a request marked to be served once its client's close arrived, and closes. */
  private void leave(String path) throws Exception {
    send(path, "Left: 1\r\n").close();
  }

  /**
   * The same, the server's selectors held from before the close arrives until the test ends: the
   * close is in the socket, but the selector has not passed it on (what a loaded machine does for
   * milliseconds), so only a look that asks the socket itself sees it.
   */
  private void leaveUnheard(String path) throws Exception {
    send(path, "Left: unheard\r\n").close();
  }

  private Socket send(String path, String headers) throws Exception {
    Socket socket = new Socket("127.0.0.1", server.uri().getPort());
    sockets.add(socket);
    socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(BOUND_S));
    socket
        .getOutputStream()
        .write(
            ("GET " + path + " HTTP/1.1\r\nHost: test\r\n" + headers + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
    return socket;
  }

  /** The access log's status and size for the request whose line holds {@code marker}. */
  private String statusAndSize(String marker) throws InterruptedException {
    await(() -> log.stream().anyMatch(l -> l.contains(marker)), "the access log line");
    String line = log.stream().filter(l -> l.contains(marker)).findFirst().orElseThrow();
    // ... "GET /path HTTP/1.1" 499 0 "-" "-"
    String[] after = line.substring(line.indexOf("HTTP/1.1\" ") + 10).split(" ");
    return after[0] + " " + after[1];
  }

  /**
   * {@code next}, given a request marked {@code Left} only once its client's close has arrived: the
   * request was read whole, so its socket turns readable at its end and at nothing else.
   */
  private Handler afterClose(Handler next) {
    return new Handler.Wrapper(next) {
      @Override
      public boolean handle(Request request, Response response, Callback callback)
          throws Exception {
        String left = request.getHeaders().get("Left");
        if ("unheard".equals(left)) {
          holdSelectors(request);
        }
        if (left != null) {
          SocketChannelEndPoint endPoint =
              (SocketChannelEndPoint) request.getConnectionMetaData().getConnection().getEndPoint();
          SocketChannel channel = (SocketChannel) endPoint.getChannel();
          try (Selector arrival = Selector.open()) {
            channel.register(arrival, SelectionKey.OP_READ);
            if (arrival.select(TimeUnit.SECONDS.toMillis(BOUND_S)) == 0) {
              throw new IllegalStateException("the client's close never arrived");
            }
          }
        }
        return super.handle(request, response, callback);
      }
    };
  }

  /**
   * Holds each selector of the request's connector in a task of its own until the test ends (the
   * request was read: its connection needs no selector until its answer is written, and an answer
   * that fits the socket's buffer is written without one).
   */
  private void holdSelectors(Request request) throws InterruptedException {
    HeldSelectors.hold(
        (ServerConnector) request.getConnectionMetaData().getConnector(), unheard, BOUND_S);
  }

  private static BufferedReader reader(Socket s) throws Exception {
    return new BufferedReader(
        new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
  }

  /** Polled until true (a bound on a broken server, not a measure). */
  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    for (int i = 0; i < 6000 && !condition.getAsBoolean(); i++) {
      TimeUnit.MILLISECONDS.sleep(10);
    }
    assertTrue(condition.getAsBoolean(), what);
  }
}
