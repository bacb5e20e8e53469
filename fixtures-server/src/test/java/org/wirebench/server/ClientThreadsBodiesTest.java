package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
 * A request with a body that waits for its client's thread, as a client may frame it: chunked with
 * trailers, after {@code Expect: 100-continue}, HTTP/1.0 with a length, followed by a pipelined
 * request. One whose client closed is not run; one whose client stays is, and its pipelined request
 * after it. Real sockets on loopback; a test handler holds the client's first request's thread.
 */
class ClientThreadsBodiesTest {
  private final List<String> entered = new CopyOnWriteArrayList<>();
  private final Semaphore entries = new Semaphore(0);
  private final CountDownLatch release = new CountDownLatch(1);

  /** Holds each request's thread until {@link #release}, then answers 200. */
  private final Handler held =
      new Handler.Abstract() {
        @Override
        public boolean handle(Request request, Response response, Callback callback)
            throws Exception {
          entered.add(request.getMethod() + " " + request.getHttpURI().getPath());
          entries.release();
          release.await();
          response.setStatus(200);
          response.write(true, null, callback);
          return true;
        }
      };

  private static final String BODY = "<echo>" + "1".repeat(4000) + "</echo>";

  private static String post(String version, String path) {
    return "POST "
        + path
        + " "
        + version
        + "\r\nHost: test\r\nContent-Type: text/xml\r\nContent-Length: "
        + BODY.length()
        + "\r\n\r\n"
        + BODY;
  }

  @Test
  void aChunkedBodyWithTrailersIsWatched() throws Exception {
    String chunked =
        "POST /held/a2 HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n"
            + Integer.toHexString(BODY.length())
            + "\r\n"
            + BODY
            + "\r\n0\r\nX-Checksum: 1\r\n\r\n";
    assertLeftNotRun(chunked);
  }

  @Test
  void anHttp10BodyIsWatched() throws Exception {
    assertLeftNotRun(post("HTTP/1.0", "/held/a2"));
  }

  @Test
  void aBodyAfter100ContinueIsWatched() throws Exception {
    try (FixtureServer server = server()) {
      int port = server.uri().getPort();
      Socket a1 = send(port, "GET /held/a1 HTTP/1.1\r\nHost: test\r\n\r\n");
      assertTrue(entries.tryAcquire(1, 60, TimeUnit.SECONDS), "the held request never ran");
      Socket a2 =
          send(
              port,
              "POST /held/a2 HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: "
                  + BODY.length()
                  + "\r\n\r\n");
      BufferedReader in = reader(a2);
      assertEquals("HTTP/1.1 100 Continue", in.readLine());
      a2.getOutputStream().write(BODY.getBytes(StandardCharsets.US_ASCII));
      a2.getOutputStream().flush();
      // the body arrived while nothing read it yet: wait till the request waits, then leave
      awaitWaiting(server);
      a2.close();
      awaitLeft(server);
      release.countDown();
      assertEquals("HTTP/1.1 200 OK", reader(a1).readLine());
      a1.close();
    } finally {
      release.countDown();
    }
    assertEquals(List.of("GET /held/a1"), entered, "a request whose client left ran");
  }

  /** A POST followed at once by a GET on one connection, the client staying: both are answered. */
  @Test
  void aPipelinedRequestAfterABodyIsNotTakenForALeave() throws Exception {
    try (FixtureServer server = server()) {
      int port = server.uri().getPort();
      Socket a1 = send(port, "GET /held/a1 HTTP/1.1\r\nHost: test\r\n\r\n");
      assertTrue(entries.tryAcquire(1, 60, TimeUnit.SECONDS), "the held request never ran");
      Socket a2 =
          send(port, post("HTTP/1.1", "/held/a2") + "GET /held/a3 HTTP/1.1\r\nHost: test\r\n\r\n");
      awaitWaiting(server);
      Thread.sleep(200); // lets a wrong wake-up happen, if one would: not a measure
      assertEquals(0, server.clientThreads().waitingLeft(), "a staying client taken for gone");
      release.countDown();
      assertEquals("HTTP/1.1 200 OK", reader(a1).readLine());
      List<String> statuses = new ArrayList<>();
      BufferedReader in = reader(a2);
      for (String line; statuses.size() < 2 && (line = in.readLine()) != null; ) {
        if (line.startsWith("HTTP/1.1 ")) {
          statuses.add(line);
        }
      }
      assertEquals(List.of("HTTP/1.1 200 OK", "HTTP/1.1 200 OK"), statuses);
      a1.close();
      a2.close();
    } finally {
      release.countDown();
    }
    assertEquals(List.of("GET /held/a1", "POST /held/a2", "GET /held/a3"), entered);
  }

  /** A client that half-closes after its whole POST is taken for gone (docs/reliability.md). */
  @Test
  void aHalfCloseAfterTheBodyIsTakenForALeave() throws Exception {
    try (FixtureServer server = server()) {
      int port = server.uri().getPort();
      Socket a1 = send(port, "GET /held/a1 HTTP/1.1\r\nHost: test\r\n\r\n");
      assertTrue(entries.tryAcquire(1, 60, TimeUnit.SECONDS), "the held request never ran");
      Socket a2 = send(port, post("HTTP/1.1", "/held/a2"));
      awaitWaiting(server);
      a2.shutdownOutput();
      awaitLeft(server);
      release.countDown();
      assertEquals("HTTP/1.1 200 OK", reader(a1).readLine());
      assertEquals(null, reader(a2).readLine(), "the half-closed client got an answer");
      a1.close();
      a2.close();
    } finally {
      release.countDown();
    }
  }

  private void assertLeftNotRun(String a2Request) throws Exception {
    try (FixtureServer server = server()) {
      int port = server.uri().getPort();
      Socket a1 = send(port, "GET /held/a1 HTTP/1.1\r\nHost: test\r\n\r\n");
      assertTrue(entries.tryAcquire(1, 60, TimeUnit.SECONDS), "the held request never ran");
      Socket a2 = send(port, a2Request);
      awaitWaiting(server);
      a2.close();
      awaitLeft(server);
      release.countDown();
      assertEquals("HTTP/1.1 200 OK", reader(a1).readLine());
      a1.close();
    } finally {
      release.countDown();
    }
    assertEquals(List.of("GET /held/a1"), entered, "a request whose client left ran");
  }

  private FixtureServer server() throws Exception {
    return new FixtureServer(FixtureServer.Settings.defaults().compression(false))
        .threadsPerClient(1)
        .route("/held/*", held)
        .start();
  }

  /** Polled until the client's second request waits (a bound, not a measure). */
  private static void awaitWaiting(FixtureServer server) throws Exception {
    for (int i = 0; i < 3000 && server.clientThreads().waiting() < 1; i++) {
      Thread.sleep(10);
    }
    assertEquals(1, server.clientThreads().waiting(), "the request never waited");
  }

  private static void awaitLeft(FixtureServer server) throws Exception {
    for (int i = 0; i < 3000 && server.clientThreads().waitingLeft() < 1; i++) {
      Thread.sleep(10);
    }
    assertEquals(1, server.clientThreads().waitingLeft(), "its client's leaving was not seen");
  }

  private static Socket send(int port, String request) throws Exception {
    Socket socket = new Socket();
    socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
    socket.connect(new InetSocketAddress("127.0.0.1", port));
    socket.setSoTimeout(60_000); // a bound on a broken server, not a measure
    socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
    return socket;
  }

  private static BufferedReader reader(Socket socket) throws Exception {
    return new BufferedReader(
        new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
  }
}
