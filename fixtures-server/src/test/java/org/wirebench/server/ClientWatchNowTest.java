package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wirebench.server.http.ClientWatch;

/**
 * {@link ClientWatch#goneNow} asks the socket at once, with no look before it: a client still
 * there, or one that sent its next request already (pipelined: bytes waiting, which are left for
 * Jetty), is not gone, and its connection goes on serving. A real socket on loopback; the handler
 * and the test hand over with latches, the bounds are for a broken server only.
 */
class ClientWatchNowTest {
  private static final long BOUND_S = 60;

  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch go = new CountDownLatch(1);
  private final BlockingQueue<Boolean> seen = new ArrayBlockingQueue<>(1);
  private FixtureServer server;

  private final Handler asker =
      new Handler.Abstract() {
        @Override
        public boolean handle(Request request, Response response, Callback callback)
            throws Exception {
          ClientWatch watch = ClientWatch.of(request);
          boolean gone;
          try {
            entered.countDown();
            if (!go.await(BOUND_S, TimeUnit.SECONDS)) {
              throw new IllegalStateException("the test never let the handler go");
            }
            if ("readable".equals(request.getHttpURI().getQuery())) {
              awaitReadable(request);
            }
            gone = watch.goneNow();
            seen.add(gone);
          } finally {
            watch.close();
          }
          response.write(
              true,
              java.nio.ByteBuffer.wrap(("gone=" + gone).getBytes(StandardCharsets.US_ASCII)),
              callback);
          return true;
        }
      };

  @BeforeEach
  void start() throws Exception {
    server =
        new FixtureServer(FixtureServer.Settings.defaults().compression(false))
            .route("/now", asker)
            .start();
  }

  @AfterEach
  void stop() throws Exception {
    go.countDown();
    server.close();
  }

  @Test
  void aClientStillThereIsNotGoneAndIsServedOn() throws Exception {
    try (Socket s = new Socket("127.0.0.1", server.uri().getPort())) {
      s.setSoTimeout((int) TimeUnit.SECONDS.toMillis(BOUND_S));
      send(s, "/now");
      assertTrue(entered.await(BOUND_S, TimeUnit.SECONDS), "the handler never ran");
      go.countDown();
      assertTrue(readAnswer(s.getInputStream()).endsWith("gone=false"));
      send(s, "/static/5");
      assertTrue(readAnswer(s.getInputStream()).startsWith("HTTP/1.1 200"));
    }
  }

  @Test
  void aClientThatSentItsNextRequestIsNotGoneAndGetsBoth() throws Exception {
    try (Socket s = new Socket("127.0.0.1", server.uri().getPort())) {
      s.setSoTimeout((int) TimeUnit.SECONDS.toMillis(BOUND_S));
      send(s, "/now?readable");
      assertTrue(entered.await(BOUND_S, TimeUnit.SECONDS), "the handler never ran");
      // the next request waits in the socket while the first is worked on (the handler asks once
      // it has arrived)
      send(s, "/static/5");
      go.countDown();
      assertEquals(Boolean.FALSE, seen.poll(BOUND_S, TimeUnit.SECONDS));
      assertTrue(readAnswer(s.getInputStream()).endsWith("gone=false"));
      String next = readAnswer(s.getInputStream());
      assertTrue(next.startsWith("HTTP/1.1 200") && next.endsWith("xxxxx"), next);
    }
  }

  /** Until the request's socket is readable: its client sent more, or closed. */
  private static void awaitReadable(Request request) throws java.io.IOException {
    java.nio.channels.SocketChannel channel =
        (java.nio.channels.SocketChannel)
            ((org.eclipse.jetty.io.SocketChannelEndPoint)
                    request.getConnectionMetaData().getConnection().getEndPoint())
                .getChannel();
    try (java.nio.channels.Selector arrival = java.nio.channels.Selector.open()) {
      channel.register(arrival, java.nio.channels.SelectionKey.OP_READ);
      if (arrival.select(TimeUnit.SECONDS.toMillis(BOUND_S)) == 0) {
        throw new IllegalStateException("nothing arrived");
      }
    }
  }

  private static void send(Socket s, String path) throws Exception {
    s.getOutputStream()
        .write(
            ("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    s.getOutputStream().flush();
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
