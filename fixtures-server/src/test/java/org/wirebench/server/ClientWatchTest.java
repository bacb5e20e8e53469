package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.io.AbstractEndPoint;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wirebench.server.http.ClientWatch;

/**
 * A wake-up of the selector that was meant for an earlier reader of the socket does not make a
 * client that is still waiting gone. Jetty runs a readiness with whichever read callback is
 * registered when its task runs; on a loaded machine a readiness for the bytes of a request, which
 * Jetty's own thread had read meanwhile, reached that request's watch, which found nothing to read
 * and judged its client gone: FilterSelectionTest got 500 for a request it was waiting on. The test
 * delivers such a wake-up itself (what the late task does: {@code fillable()} on the endpoint's
 * read interest) while the client waits, on a real socket on loopback. No timing: the handler and
 * the test hand over with latches; the bounds are for a broken server only.
 */
class ClientWatchTest {
  private static final long BOUND_S = 60;

  private final AtomicReference<AbstractEndPoint> endPoint = new AtomicReference<>();
  private final CountDownLatch watching = new CountDownLatch(1);
  private final CountDownLatch woken = new CountDownLatch(1);
  private final BlockingQueue<Boolean> seenGone = new ArrayBlockingQueue<>(1);
  private FixtureServer server;

  /**
   * Watches its client, lets the test wake the watch, then answers whether the client is gone
   * ({@code /watch/answer}) or waits for the watch to see it leave ({@code /watch/leave}).
   */
  private final Handler watcher =
      new Handler.Abstract() {
        @Override
        public boolean handle(Request request, Response response, Callback callback)
            throws Exception {
          ClientWatch watch = ClientWatch.of(request);
          boolean gone;
          try {
            assertEquals(false, watch.gone(), "gone before anything happened");
            endPoint.set(
                (AbstractEndPoint) request.getConnectionMetaData().getConnection().getEndPoint());
            watching.countDown();
            if (!woken.await(BOUND_S, TimeUnit.SECONDS)) {
              throw new IllegalStateException("the test never woke the watch");
            }
            if (request.getHttpURI().getPath().endsWith("/leave")) {
              long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_S);
              while (!watch.gone() && System.nanoTime() < until) {
                Thread.sleep(10); // a poll with a bound for a broken server, not a pace
              }
              seenGone.add(watch.gone());
            }
            gone = watch.gone();
          } finally {
            // before the response completes, as the watch requires
            watch.close();
          }
          byte[] body = ("gone=" + gone).getBytes(StandardCharsets.US_ASCII);
          response.setStatus(200);
          response.write(true, java.nio.ByteBuffer.wrap(body), callback);
          return true;
        }
      };

  @BeforeEach
  void start() throws Exception {
    server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .route("/watch/*", watcher)
            .start();
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  @Test
  void aStaleWakeUpLeavesAWaitingClientServed() throws Exception {
    try (Socket s = new Socket("127.0.0.1", server.uri().getPort())) {
      s.setSoTimeout((int) TimeUnit.SECONDS.toMillis(BOUND_S)); // a bound, not a measure
      send(s.getOutputStream(), "/watch/answer");
      assertTrue(watching.await(BOUND_S, TimeUnit.SECONDS), "the handler never watched");
      // the late task of a readiness seen before the watch registered, with the bytes read since
      assertTrue(endPoint.get().getFillInterest().fillable(), "the watch was not registered");
      woken.countDown();
      String answer = readAnswer(s.getInputStream());
      assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
      assertTrue(answer.endsWith("gone=false"), answer);
      // the watch, registered again after the stale wake-up, was handed back: the connection
      // reads its next request as usual
      s.getOutputStream()
          .write("GET /static/5 HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      String next = readAnswer(s.getInputStream());
      assertTrue(next.startsWith("HTTP/1.1 200"), next);
    }
  }

  @Test
  void aClientLeavingAfterAStaleWakeUpIsSeenGone() throws Exception {
    Socket s = new Socket("127.0.0.1", server.uri().getPort());
    try {
      send(s.getOutputStream(), "/watch/leave");
      assertTrue(watching.await(BOUND_S, TimeUnit.SECONDS), "the handler never watched");
      assertTrue(endPoint.get().getFillInterest().fillable(), "the watch was not registered");
    } finally {
      s.close();
    }
    woken.countDown();
    assertEquals(Boolean.TRUE, seenGone.poll(BOUND_S + 10, TimeUnit.SECONDS), "never seen gone");
  }

  private static void send(OutputStream out, String path) throws Exception {
    out.write(("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** One answer with a Content-Length: its head and body. */
  private static String readAnswer(InputStream in) throws Exception {
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        return head.toString();
      }
      head.append((char) b);
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
    int length = m.find() ? Integer.parseInt(m.group(1)) : 0;
    return head + new String(in.readNBytes(length), StandardCharsets.US_ASCII);
  }
}
