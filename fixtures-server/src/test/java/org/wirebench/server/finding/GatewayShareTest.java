package org.wirebench.server.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.wirebench.server.LoopbackClients.await;
import static org.wirebench.server.LoopbackClients.statusLine;

import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.LoopbackClients;

/**
 * One client address has at most half the gateway's pooled backend connections in flight; its
 * further requests wait in a queue of their own, so another client's request reaches the backend at
 * once. A gateway request holds no server thread while the backend works, so the per-client thread
 * limit never bounded it: one client's requests to a slow backend held every pooled connection, and
 * everyone else's queued behind them until the gateway's timeout (504). Real sockets on loopback,
 * the second client bound to 127.0.0.2 (as {@code HeavyShareTest}); a backend of the test's holds
 * every request until told, and what it has seen is the judge, never time.
 */
class GatewayShareTest {
  private static final String A = "127.0.0.1";
  private static final String B = "127.0.0.2";

  /** Pooled backend connections: each client's share is 2. */
  private static final int POOL = 4;

  private final HoldingBackend backend = new HoldingBackend();
  private FixtureServer server;
  private final LoopbackClients clients = new LoopbackClients();

  private void start(long timeoutMs) throws Exception {
    backend.start();
    FindingGateway.Settings finding =
        new FindingGateway.Settings(
            backend.template(),
            50,
            50,
            "wirebench",
            10_000,
            timeoutMs,
            FindingGateway.Settings.DEFAULT_MAX_RESPONSE_BYTES,
            POOL);
    server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false).finding(finding))
            .start();
  }

  @AfterEach
  void stop() throws Exception {
    backend.release();
    clients.close();
    if (server != null) {
      server.close();
    }
    backend.close();
  }

  @Test
  void oneClientsRequestsCannotHoldEveryBackendConnection() throws Exception {
    start(60_000);
    List<Socket> fromA = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      fromA.add(ask(A, "a" + i));
    }
    await(() -> backend.seen.size() >= 2, "A's first requests reach the backend");
    Socket b = ask(B, "b0");
    // before: A's six held the pool's four connections and queued two, and B's queued behind them
    await(() -> backend.seen.contains("b0"), "B's request reaches the backend while A's are held");
    assertEquals(
        2,
        backend.seen.stream().filter(k -> k.startsWith("a")).count(),
        "A has its share in flight, no more: " + backend.seen);
    backend.release();
    for (Socket s : fromA) {
      assertEquals("HTTP/1.1 200 OK", statusLine(s), "each of A's requests has its turn");
    }
    assertEquals("HTTP/1.1 200 OK", statusLine(b));
    assertEquals(7, backend.seen.size(), backend.seen.toString());
  }

  @Test
  void aRequestWhoseClientLeftWhileItWaitedIsNeverSent() throws Exception {
    start(60_000);
    Socket a0 = ask(A, "a0");
    Socket a1 = ask(A, "a1");
    await(() -> backend.seen.size() == 2, "A's first two requests reach the backend");
    Socket a2 = ask(A, "a2");
    Socket a3 = ask(A, "a3");
    // waiting behind A's two: a2's client leaves, a3's stays
    await(() -> server.finding().waitingForBackend(A) == 2, "a2 and a3 wait their turn");
    a2.close();
    backend.release();
    assertEquals("HTTP/1.1 200 OK", statusLine(a0));
    assertEquals("HTTP/1.1 200 OK", statusLine(a1));
    assertEquals("HTTP/1.1 200 OK", statusLine(a3));
    assertFalse(backend.seen.contains("a2"), "a2 was sent for nobody: " + backend.seen);
  }

  private Socket ask(String from, String keywords) throws Exception {
    return clients.get(from, server.uri().getPort(), "/ebay/finding/keywords/json/" + keywords);
  }

  /** Records each request's keywords and holds its answer until {@link #release}. */
  private static final class HoldingBackend implements AutoCloseable {
    final Queue<String> seen = new ConcurrentLinkedQueue<>();
    private final AtomicReference<CountDownLatch> gate =
        new AtomicReference<>(new CountDownLatch(1));
    private final Server jetty = new Server();
    private final ServerConnector connector = new ServerConnector(jetty);

    void start() throws Exception {
      connector.setHost("127.0.0.1");
      jetty.addConnector(connector);
      jetty.setHandler(
          new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback)
                throws Exception {
              ByteBuffer body = Content.Source.asByteBuffer(request);
              byte[] bytes = new byte[body.remaining()];
              body.get(bytes);
              seen.add(org.wirebench.formats.finding.FindingRequest.keywords(bytes));
              gate.get().await(60, TimeUnit.SECONDS);
              String format = request.getHttpURI().getPath().substring(1);
              byte[] good = BackendFormats.get(format).encode(FindingGenerator.response());
              response.getHeaders().put(HttpHeader.CONTENT_LENGTH, good.length);
              response.write(true, ByteBuffer.wrap(good), callback);
              return true;
            }
          });
      jetty.start();
    }

    String template() {
      return "http://127.0.0.1:" + connector.getLocalPort() + "/{format}";
    }

    /** Lets every held answer go, and those to come. */
    void release() {
      gate.get().countDown();
    }

    @Override
    public void close() throws Exception {
      release();
      jetty.stop();
    }
  }
}
