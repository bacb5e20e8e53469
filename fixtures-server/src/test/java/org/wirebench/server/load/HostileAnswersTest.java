package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadResult;

/**
 * Answers a hostile or broken server may write, each on loopback against the driver's own engine:
 * every one is a failed request (a connection error naming it, a status error, a timeout), never a
 * success, and none stops the driver. Counted runs with a 30 s timeout, so each case is bounded:
 * none of these answers waits for it (each is refused on arrival), and a starved machine cannot
 * turn a refusal into a timeout.
 */
@Timeout(60)
class HostileAnswersTest {
  private static LoadResult run(URI target, int requests, LoadDriver[] driver) throws Exception {
    LoadPlan plan =
        new LoadPlan(target).users(1).counted(0, requests).timeout(Duration.ofSeconds(30));
    driver[0] = new LoadDriver(plan);
    return driver[0].run(null);
  }

  /** {@code answer} (with \r\n for each |) is a connection error naming {@code why}. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '#',
      value = {
        // framing the RFC calls an attack or faulty: neither framing is trusted
        "HTTP/1.1 200 OK|Content-Length: 3|Transfer-Encoding: chunked||3|abc|0||"
            + "#both Content-Length and Transfer-Encoding: chunked",
        "HTTP/1.1 200 OK|Transfer-Encoding: chunked|Content-Length: 3||3|abc|0||"
            + "#both Content-Length and Transfer-Encoding: chunked",
        "HTTP/1.1 200 OK|Transfer-Encoding: chunked|Transfer-Encoding: chunked||3|abc|0||"
            + "#Transfer-Encoding: chunked twice",
        "HTTP/1.0 200 OK|Transfer-Encoding: chunked||3|abc|0||"
            + "#Transfer-Encoding: chunked in an HTTP/1.0 answer",
        // a body longer than its length: the extra bytes come with the answer
        "HTTP/1.1 200 OK|Content-Length: 3||abcdefgh#5 bytes past the answer's end",
        "HTTP/1.1 200 OK|Transfer-Encoding: chunked||3|abc|0||junk#4 bytes past the answer's end",
        "HTTP/1.1 204 No Content|Content-Length: 3||abc#3 bytes past the answer's end",
        // already refused before: lengths and chunk sizes that do not parse or overflow
        "HTTP/1.1 200 OK|Content-Length: -3||abc#a malformed Content-Length: -3",
        "HTTP/1.1 200 OK|Content-Length: 3|Content-Length: 4||abcd#two Content-Lengths, 3 and 4",
        "HTTP/1.1 200 OK|Content-Length: 99999999999999999999||abc#a malformed Content-Length",
        "HTTP/1.1 200 OK|Content-Length: 3, 3||abc#a malformed Content-Length: 3, 3",
        "HTTP/1.1 200 OK|Transfer-Encoding: chunked||FFFFFFFFFFFFFFFFF|abc|0||"
            + "#a malformed chunk size",
        "HTTP/1.1 200 OK|Transfer-Encoding: chunked||3x|abc|0||#a malformed chunk size: 3x",
        "HTTP/1.1 200 OK|Transfer-Encoding: chunked||0x3|abc|0||#a malformed chunk size: 0x3",
        "HTTP/1.1 200 OK|Transfer-Encoding: chunked||-3|abc|0||#a malformed chunk size: -3",
        "HTTP/1.1 200 OK|Transfer-Encoding: gzip, chunked||3|abc|0||#only chunked is read",
        "HTTP/1.1 2000 OK|Content-Length: 3||abc#a malformed status line",
        "HTTP/2 200|Content-Length: 3||abc#a malformed status line",
        "ICY 200 OK|Content-Length: 3||abc#a malformed status line",
        "HTTP/1.1 200 OK| Folded: x|Content-Length: 3||abc#a malformed header line",
        // cut halfway: in the head, in a chunk
        "HTTP/1.1 200 OK|Content-Le#the server closed the connection before the answer ended",
        "HTTP/1.1 200 OK|Transfer-Encoding: chunked||10|abc"
            + "#the server closed the connection before the answer ended",
      })
  void aBadlyFramedAnswerIsAConnectionError(String answer, String why) throws Exception {
    try (RawServer raw = new RawServer(answer.replace("|", "\r\n"), true)) {
      LoadDriver[] driver = new LoadDriver[1];
      LoadResult r = run(raw.uri(), 3, driver);
      assertEquals(0, r.requests(), answer);
      assertEquals(3, r.errors().get(ErrorKind.CONNECT), () -> answer + " " + r.errors());
      String problem = driver[0].firstProblems().get(ErrorKind.CONNECT);
      assertTrue(problem.contains(why), problem);
    }
  }

  /** A status the driver did not expect (1xx then a 500, 999, an unasked 101) is a status error. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '#',
      value = {
        "HTTP/1.1 100 Continue||HTTP/1.1 500 Oops|Content-Length: 3||abc#3",
        "HTTP/1.1 999 Whatever|Content-Length: 3||abc#3",
        // after a 101 the connection is no longer HTTP: never reused for the next request
        "HTTP/1.1 101 Switching Protocols|Upgrade: websocket||#3",
        // HTTP/1.0: its connection closes after each answer
        "HTTP/1.0 500 Oops|Content-Length: 3||abc#3",
      })
  void anUnexpectedStatusIsAStatusErrorOnAFreshConnection(String answer, int connections)
      throws Exception {
    try (RawServer raw = new RawServer(answer.replace("|", "\r\n"), false)) {
      LoadDriver[] driver = new LoadDriver[1];
      LoadResult r = run(raw.uri(), 3, driver);
      assertEquals(0, r.requests(), answer);
      assertEquals(3, r.errors().get(ErrorKind.STATUS), () -> answer + " " + r.errors());
      if (!answer.contains(" 999 ") && !answer.contains(" 100 ")) {
        assertEquals(connections, raw.connections.get(), answer);
      }
    }
  }

  /** Interim answers before the answer, HTTP/1.0 and Connection: close: each a success. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '#',
      value = {
        "HTTP/1.1 100 Continue||HTTP/1.1 102 Processing||HTTP/1.1 200 OK|Content-Length: 3||abc",
        "HTTP/1.0 200 OK|Content-Length: 3||abc",
        "HTTP/1.1 200 OK|Connection: close|Content-Length: 3||abc",
      })
  void wellFormedAnswersAreSuccesses(String answer) throws Exception {
    try (RawServer raw = new RawServer(answer.replace("|", "\r\n"), false)) {
      LoadDriver[] driver = new LoadDriver[1];
      LoadResult r = run(raw.uri(), 3, driver);
      assertEquals(3, r.requests(), () -> answer + " " + driver[0].firstProblems());
      assertEquals(0, r.errorCount(), answer);
    }
  }

  /**
   * A server answering 200 after the head of a 32 MiB POST and reading nothing more: the answer
   * cannot be to the request (its body never left the driver), so it is no success, and the rest of
   * the body is never sent ahead of a next request. An early error status is the server's right
   * (RFC 9112 9.3) and is judged as a status.
   */
  @Test
  void anAnswerBeforeTheRequestWasSentWholeIsNoSuccess() throws Exception {
    for (String status : new String[] {"200 OK", "413 Too Large"}) {
      byte[] answer =
          ("HTTP/1.1 " + status + "\r\nContent-Length: 2\r\n\r\nok")
              .getBytes(StandardCharsets.ISO_8859_1);
      try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
        Thread server =
            new Thread(
                () -> {
                  try (Socket s = socket.accept()) {
                    InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream();
                    int matched = 0;
                    for (int b; matched < 4 && (b = in.read()) >= 0; ) {
                      matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
                    }
                    out.write(answer);
                    out.flush();
                    Thread.sleep(30_000); // reads nothing more; the driver closes the socket
                  } catch (Exception gone) {
                    // the driver closed the connection
                  }
                },
                "early-answer");
        server.setDaemon(true);
        server.start();
        LoadPlan plan =
            new LoadPlan(URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/"))
                .post(new byte[32 << 20], Map.of())
                .users(1)
                .counted(0, 1)
                .timeout(Duration.ofSeconds(30));
        LoadDriver driver = new LoadDriver(plan);
        LoadResult r = driver.run(null);
        assertEquals(0, r.requests(), status);
        if (status.startsWith("200")) {
          assertEquals(1, r.errors().get(ErrorKind.CONNECT), r.errors()::toString);
          assertTrue(
              driver
                  .firstProblems()
                  .get(ErrorKind.CONNECT)
                  .contains("answered before the request was sent whole"),
              driver.firstProblems()::toString);
        } else {
          assertEquals(1, r.errors().get(ErrorKind.STATUS), r.errors()::toString);
        }
        server.interrupt();
      }
    }
  }

  /** A server that never answers, or sends an endless header line: each request fails, bounded. */
  @Test
  void silenceAndAnEndlessHeaderFailEachRequest() throws Exception {
    try (RawServer raw = new RawServer("", false)) {
      LoadPlan plan =
          new LoadPlan(raw.uri()).users(1).counted(0, 2).timeout(Duration.ofMillis(300));
      LoadResult r = new LoadDriver(plan).run(null);
      assertEquals(0, r.requests());
      assertEquals(2, r.errors().get(ErrorKind.TIMEOUT), r.errors()::toString);
    }
    String endless = "HTTP/1.1 200 OK\r\nX-Endless: " + "a".repeat(1 << 20);
    try (RawServer raw = new RawServer(endless, false)) {
      LoadDriver[] driver = new LoadDriver[1];
      LoadResult r = run(raw.uri(), 2, driver);
      assertEquals(2, r.errors().get(ErrorKind.CONNECT), r.errors()::toString);
    }
  }
}
