package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Connections that never finish a request head are closed, not held open forever. */
class HttpHygieneTest {
  @Test
  void aSlowlorisConnectionIsClosedAfterTheHeaderTimeout() throws Exception {
    try (FixtureServer server =
        new FixtureServer("127.0.0.1", 0, 1000, 1 << 20, false, false, 500).start()) {
      URI uri = server.uri();
      try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
        s.setSoTimeout(5000);
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        long start = System.nanoTime();
        int read = 0;
        // one header byte every 200 ms: each resets Jetty's idle timeout, not the head timeout
        byte[] trickle =
            "GET /static/1 HTTP/1.1\r\nHost: x\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII);
        try {
          for (byte b : trickle) {
            out.write(b);
            out.flush();
            Thread.sleep(200);
          }
          read = in.read();
        } catch (java.io.IOException closed) {
          read = -1; // a reset while writing is the same answer
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(-1, read, "the server answered or kept the connection");
        assertTrue(seconds < 4, "closed only after " + seconds + " s");
      } catch (SocketTimeoutException e) {
        throw new AssertionError("the connection was still open after 5 s of silence", e);
      }
    }
  }

  @Test
  void aCompleteRequestIsServedAsBefore() throws Exception {
    try (FixtureServer server =
            new FixtureServer("127.0.0.1", 0, 1000, 1 << 20, false, false, 500).start();
        Socket s = new Socket(server.uri().getHost(), server.uri().getPort())) {
      s.setSoTimeout(5000);
      s.getOutputStream()
          .write(
              "GET /static/3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                  .getBytes(StandardCharsets.US_ASCII));
      Thread.sleep(800); // a request that is in before the head timeout is answered after it too
      String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
    }
  }
}
