package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Test;

/**
 * One client address holds at most its share of the server's threads; its further requests wait
 * while other clients are served. Before, a client whose requests held threads (answers it never
 * read, each a blocking write until the idle timeout) took the pool's every thread and nobody else
 * was answered. Real sockets on loopback: the second client is bound to 127.0.0.2; a test handler
 * holds its requests' threads until the test lets them go.
 */
class ClientThreadsTest {
  private final List<String> entered = new CopyOnWriteArrayList<>();
  private final Semaphore entries = new Semaphore(0);
  private final CountDownLatch release = new CountDownLatch(1);

  /** Holds each request's thread until {@link #release}, then answers 200. */
  private final Handler held =
      new Handler.Abstract() {
        @Override
        public boolean handle(Request request, Response response, Callback callback)
            throws Exception {
          String from =
              ((InetSocketAddress) request.getConnectionMetaData().getRemoteSocketAddress())
                  .getAddress()
                  .getHostAddress();
          entered.add(request.getHttpURI().getPath() + " from " + from);
          entries.release();
          release.await();
          response.setStatus(200);
          response.write(true, null, callback);
          return true;
        }
      };

  @Test
  void aClientAtItsLimitWaitsWhileOthersAreServed() throws Exception {
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .threadsPerClient(2)
            .route("/held/*", held)
            .start()) {
      int port = server.uri().getPort();
      Socket a1 = ask("127.0.0.1", port, "/held/a1");
      Socket a2 = ask("127.0.0.1", port, "/held/a2");
      assertTrue(entries.tryAcquire(2, 60, TimeUnit.SECONDS), "held requests never ran");
      // over the limit: waits without a thread
      Socket a3 = ask("127.0.0.1", port, "/held/a3");
      // another client is served meanwhile, by the held handler and by /static
      Socket b = ask("127.0.0.2", port, "/held/b");
      assertTrue(entries.tryAcquire(1, 60, TimeUnit.SECONDS), "the other client waited");
      assertEquals("/held/b from 127.0.0.2", entered.get(2), "entered: " + entered);
      Socket s = ask("127.0.0.2", port, "/static/16");
      assertEquals("HTTP/1.1 200 OK", statusLine(s));
      assertEquals(3, entered.size(), "the client over its limit ran: " + entered);
      release.countDown();
      // the waiting request is served, late but not failed
      for (Socket c : List.of(a1, a2, b, a3)) {
        assertEquals("HTTP/1.1 200 OK", statusLine(c));
      }
      assertEquals("/held/a3 from 127.0.0.1", entered.get(3), "entered: " + entered);
      for (Socket c : List.of(a1, a2, a3, b, s)) {
        c.close();
      }
    } finally {
      release.countDown();
    }
  }

  @Test
  void aWaitingRequestWhoseClientLeftIsNotRun() throws Exception {
    leaveWhileWaiting("GET /held/a2 HTTP/1.1\r\nHost: test\r\n\r\n", new CopyOnWriteArrayList<>());
  }

  /**
   * A request whose body has arrived whole (a SOAP POST) is watched as a body-less one is: before,
   * only body-less requests were, and such a request was run for a client that had gone.
   */
  @Test
  void aWaitingRequestWithAWholeBodyWhoseClientLeftIsNotRun() throws Exception {
    String body = "<echo>" + "1".repeat(4000) + "</echo>";
    leaveWhileWaiting(
        "POST /held/a2 HTTP/1.1\r\nHost: test\r\nContent-Type: text/xml\r\nContent-Length: "
            + body.length()
            + "\r\n\r\n"
            + body,
        new CopyOnWriteArrayList<>());
  }

  /**
   * A request dropped because its client left is logged with nginx's 499 (client closed request),
   * not as a server failure: before, the access log said {@code 500 0}.
   */
  @Test
  void aDroppedRequestIsLoggedAs499() throws Exception {
    List<String> log = new CopyOnWriteArrayList<>();
    leaveWhileWaiting("GET /held/a2 HTTP/1.1\r\nHost: test\r\n\r\n", log);
    // the dropped request's line is written as its stream completes (polled: a bound, not a
    // measure)
    for (int i = 0; i < 3000 && log.stream().noneMatch(l -> l.contains("/held/a2")); i++) {
      Thread.sleep(10);
    }
    List<String> a2 = log.stream().filter(l -> l.contains("/held/a2")).toList();
    assertEquals(1, a2.size(), "access log: " + log);
    assertTrue(a2.get(0).contains("\"GET /held/a2 HTTP/1.1\" 499 0 "), "access log: " + log);
  }

  /**
   * One client at its limit of one: its second request, {@code a2}, waits and its client leaves;
   * the server sees it gone, and a2 is not run while the client's next request is.
   */
  private void leaveWhileWaiting(String a2Request, List<String> accessLog) throws Exception {
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .threadsPerClient(1)
            .accessLogTo(accessLog::add)
            .route("/held/*", held)
            .start()) {
      int port = server.uri().getPort();
      Socket a1 = ask("127.0.0.1", port, "/held/a1");
      assertTrue(entries.tryAcquire(1, 60, TimeUnit.SECONDS), "the held request never ran");
      Socket a2 = send("127.0.0.1", port, a2Request);
      a2.close();
      // the server sees a2 waiting and its client gone (polled: a bound, not a measure)
      for (int i = 0; i < 3000 && server.clientThreads().waitingLeft() < 1; i++) {
        Thread.sleep(10);
      }
      assertEquals(1, server.clientThreads().waitingLeft(), "entered: " + entered);
      release.countDown();
      assertEquals("HTTP/1.1 200 OK", statusLine(a1));
      // the client's next request runs once a2 has been dealt with (the limit lets one at a time)
      Socket a3 = ask("127.0.0.1", port, "/held/a3");
      assertEquals("HTTP/1.1 200 OK", statusLine(a3));
      assertEquals(
          List.of("/held/a1 from 127.0.0.1", "/held/a3 from 127.0.0.1"),
          entered,
          "a request whose client left ran");
      a1.close();
      a3.close();
    } finally {
      release.countDown();
    }
  }

  private static Socket ask(String from, int port, String path) throws Exception {
    return send(from, port, "GET " + path + " HTTP/1.1\r\nHost: test\r\n\r\n");
  }

  private static Socket send(String from, int port, String request) throws Exception {
    Socket socket = new Socket();
    socket.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
    socket.connect(new InetSocketAddress("127.0.0.1", port));
    socket.setSoTimeout(60_000); // a bound on a broken server, not a measure
    socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
    return socket;
  }

  private static String statusLine(Socket socket) throws Exception {
    return new BufferedReader(
            new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
        .readLine();
  }
}
