package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A request that waited for a thread is not run when its client's close has arrived by its turn,
 * though the selector has not passed the close on yet (a loaded machine's milliseconds): its turn
 * asks the socket itself. Before, it ran, and was answered and logged {@code 200}, or dropped and
 * logged {@code 499 0}, by the selector's timing. Real sockets on loopback; one client at its limit
 * of one thread; the server's selectors are held from before the close until the test ends, so the
 * order is the test's, never the clock's.
 */
class ClientThreadsLastLookTest {
  private static final long BOUND_S = 60; // a bound on a broken server, not a measure

  private final List<String> log = new CopyOnWriteArrayList<>();
  private final List<Socket> sockets = new ArrayList<>();
  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch unheard = new CountDownLatch(1);
  private final AtomicReference<ServerConnector> connector = new AtomicReference<>();
  private final AtomicInteger ran = new AtomicInteger();

  /** {@code /held/first} holds its thread until released; {@code /held/second} counts its runs. */
  private final Handler held =
      new Handler.Abstract() {
        @Override
        public boolean handle(Request request, Response response, Callback callback)
            throws Exception {
          if (request.getHttpURI().getPath().endsWith("/first")) {
            connector.set((ServerConnector) request.getConnectionMetaData().getConnector());
            entered.countDown();
            release.await(BOUND_S, TimeUnit.SECONDS);
          } else {
            ran.incrementAndGet();
          }
          response.setStatus(200);
          response.write(true, null, callback);
          return true;
        }
      };

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    unheard.countDown();
    for (Socket s : sockets) {
      s.close();
    }
  }

  @Test
  void aWaitingRequestWhoseCloseIsNotPassedOnYetIsNotRun() throws Exception {
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .threadsPerClient(1)
            .accessLogTo(log::add)
            .route("/held/*", held)
            .start()) {
      try {
        leaveUnheard(server);
      } finally {
        // before the server stops: it waits for its selectors
        unheard.countDown();
      }
    }
  }

  private void leaveUnheard(FixtureServer server) throws Exception {
    int port = server.uri().getPort();
    Socket first = send(port, "/held/first");
    assertTrue(entered.await(BOUND_S, TimeUnit.SECONDS), "the first request never ran");
    Socket second = send(port, "/held/second");
    await(() -> server.clientThreads().waiting() == 1, "the second request waits");
    SocketChannel channel = serverSide(second);
    holdSelectors();
    second.close();
    awaitReadable(channel);
    // the first request ends: the second's turn comes, its close in the socket, not passed on
    release.countDown();
    assertEquals("HTTP/1.1 200 OK", statusLine(first));
    await(() -> log.stream().anyMatch(l -> l.contains("/held/second")), "its log line");
    String line = log.stream().filter(l -> l.contains("/held/second")).findFirst().get();
    assertTrue(line.contains("\"GET /held/second HTTP/1.1\" 499 0 "), line);
    assertEquals(0, ran.get(), "the request of a client that left was run");
  }

  /** The server's side of {@code client}'s connection. */
  private SocketChannel serverSide(Socket client) {
    for (EndPoint endPoint : connector.get().getConnectedEndPoints()) {
      if (endPoint.getRemoteSocketAddress() instanceof InetSocketAddress remote
          && remote.getPort() == client.getLocalPort()
          && endPoint instanceof SocketChannelEndPoint socket) {
        return (SocketChannel) socket.getChannel();
      }
    }
    throw new AssertionError("no connection from port " + client.getLocalPort());
  }

  /** Holds each of the connector's selectors in a task of its own until the test ends. */
  private void holdSelectors() throws InterruptedException {
    HeldSelectors.hold(connector.get(), unheard, BOUND_S);
  }

  /** Until {@code channel} is readable: the request was read whole, so at its end. */
  private static void awaitReadable(SocketChannel channel) throws Exception {
    try (Selector arrival = Selector.open()) {
      channel.register(arrival, SelectionKey.OP_READ);
      assertTrue(arrival.select(TimeUnit.SECONDS.toMillis(BOUND_S)) > 0, "no close arrived");
    }
  }

  private Socket send(int port, String path) throws Exception {
    Socket socket = new Socket("127.0.0.1", port);
    sockets.add(socket);
    socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(BOUND_S));
    socket
        .getOutputStream()
        .write(
            ("GET " + path + " HTTP/1.1\r\nHost: test\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
    return socket;
  }

  private static String statusLine(Socket s) throws Exception {
    return new BufferedReader(
            new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1))
        .readLine();
  }

  /** Polled until true (a bound on a broken server, not a measure). */
  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    for (int i = 0; i < 6000 && !condition.getAsBoolean(); i++) {
      TimeUnit.MILLISECONDS.sleep(10);
    }
    assertTrue(condition.getAsBoolean(), what);
  }
}
