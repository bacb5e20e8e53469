package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Connections that never finish a request head are closed, not held open forever. Judged by order,
 * not by the clock: the close comes while the head is still arriving, and a connection whose head
 * did arrive is still served after another connection's head timeout has fired.
 */
class HttpHygieneTest {
  /** The head timeout these servers get; the idle timeout (Jetty's 30 s) is far beyond it. */
  private static final long HEAD_TIMEOUT_MS = 500;

  private static FixtureServer server() throws Exception {
    return new FixtureServer(
            FixtureServer.Settings.defaults()
                .maxBodyBytes(1 << 20)
                .compression(false)
                .headerTimeoutMs(HEAD_TIMEOUT_MS))
        .start();
  }

  @Test
  void aSlowlorisConnectionIsClosedWhileItsHeadIsStillArriving() throws Exception {
    try (FixtureServer server = server();
        Socket s = new Socket(server.uri().getHost(), server.uri().getPort())) {
      assertClosedWhileTrickling(s);
    }
  }

  /**
   * The head timeout holds for every request head on a kept-alive connection, not only its first: a
   * second head trickled after a served request is cut off while still arriving too.
   */
  @Test
  void aLaterHeadTrickledOnAKeptAliveConnectionIsCutOffToo() throws Exception {
    try (FixtureServer server = server();
        Socket s = new Socket(server.uri().getHost(), server.uri().getPort())) {
      s.setSoTimeout(30_000);
      RawHttp.Answer first = exchange(s, "GET /static/3 HTTP/1.1\r\nHost: x\r\n\r\n");
      assertEquals(200, first.status(), first.toString());
      assertClosedWhileTrickling(s);
    }
  }

  /**
   * Trickles a request head that never ends on {@code s}, one byte every 200 ms for 12 s: each byte
   * resets Jetty's idle timeout, so only the head timeout can close the connection before the
   * trickle ends. Asserts that it did.
   */
  private static void assertClosedWhileTrickling(Socket s) throws Exception {
    OutputStream out = s.getOutputStream();
    InputStream in = s.getInputStream();
    byte[] trickle =
        ("GET /static/1 HTTP/1.1\r\nHost: x\r\nX-Slow: " + "s".repeat(60))
            .getBytes(StandardCharsets.US_ASCII);
    CompletableFuture<Boolean> trickled =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                for (byte b : trickle) {
                  out.write(b);
                  out.flush();
                  TimeUnit.MILLISECONDS.sleep(200);
                }
                return true;
              } catch (IOException closed) {
                return false; // a reset while writing: the server closed the connection
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
              }
            });
    s.setSoTimeout(60_000);
    int read;
    try {
      read = in.read();
    } catch (SocketTimeoutException e) {
      throw new AssertionError("the connection was still open after 60 s", e);
    } catch (IOException reset) {
      read = -1;
    }
    assertEquals(-1, read, "the server answered instead of closing");
    assertTrue(
        !trickled.isDone() || !trickled.get(),
        "the connection was closed only after the whole trickle was written");
    s.close(); // the writer stops at its next byte
    assertTrue(!trickled.get(30, TimeUnit.SECONDS), "the writer kept writing");
  }

  /**
   * A connection whose request head arrived is not closed by its head timeout: it serves a second
   * request after that timeout has passed. The timeout's moment is observed, not slept through: the
   * connection opened after it, holding no head, has been closed by its own (later) timeout.
   */
  @Test
  void aConnectionWhoseHeadArrivedOutlivesTheHeadTimeout() throws Exception {
    try (FixtureServer server = server();
        Socket served = new Socket(server.uri().getHost(), server.uri().getPort())) {
      served.setSoTimeout(30_000);
      RawHttp.Answer first = exchange(served, "GET /static/3 HTTP/1.1\r\nHost: x\r\n\r\n");
      assertEquals(200, first.status(), first.toString());
      try (Socket idle = new Socket(server.uri().getHost(), server.uri().getPort())) {
        idle.setSoTimeout(30_000);
        int read;
        try {
          read = idle.getInputStream().read();
        } catch (SocketTimeoutException e) {
          throw new AssertionError("a connection without a head was open after 30 s", e);
        } catch (IOException reset) {
          read = -1;
        }
        assertEquals(-1, read, "a connection without a head outlived the head timeout");
      }
      RawHttp.Answer second =
          exchange(served, "GET /static/4 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      assertEquals(200, second.status(), second.toString());
      assertEquals("xxxx", second.body(), second.toString());
    }
  }

  /** Writes one request and reads its answer (a /static body, Content-Length framed). */
  private static RawHttp.Answer exchange(Socket s, String request) throws IOException {
    s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
    s.getOutputStream().flush();
    InputStream in = s.getInputStream();
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int c = in.read();
      if (c < 0) {
        return RawHttp.parse(head.toString());
      }
      head.append((char) c);
    }
    RawHttp.Answer a = RawHttp.parse(head.toString());
    int length = Integer.parseInt(a.header("Content-Length"));
    String body = new String(in.readNBytes(length), StandardCharsets.ISO_8859_1);
    return new RawHttp.Answer(a.status(), a.head(), body);
  }
}
