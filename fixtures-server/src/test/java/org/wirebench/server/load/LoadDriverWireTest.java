package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadResult;

/**
 * The driver's own HTTP/1.1 engine on real sockets: bodies framed by length, by chunks and by the
 * connection's close are counted and kept byte for byte; answers that are not HTTP as the driver
 * reads it (a bad status line, a lying length, a head or kept body over its bound) are failures of
 * the request, never a success. Counted runs, so that every count is exact on any machine.
 */
class LoadDriverWireTest {
  /** 3 × 1000 bytes, each byte its place mod 251: a body miscounted or misframed differs. */
  private static final byte[] BODY = new byte[3000];

  private static Server server;
  private static URI base;

  @BeforeAll
  static void start() throws Exception {
    for (int i = 0; i < BODY.length; i++) {
      BODY[i] = (byte) (i % 251);
    }
    server = new Server();
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    server.addConnector(connector);
    server.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback)
              throws Exception {
            String path = request.getHttpURI().getPath();
            if (path.equals("/slow")) {
              server
                  .getScheduler()
                  .schedule(
                      () -> response.write(true, ByteBuffer.wrap(BODY), callback),
                      2,
                      TimeUnit.SECONDS);
              return true;
            }
            if (path.equals("/length")) {
              response.getHeaders().put(HttpHeader.CONTENT_LENGTH, BODY.length);
              response.write(true, ByteBuffer.wrap(BODY), callback);
              return true;
            }
            // /chunked: three writes flushed one by one, no length: chunked framing
            try (OutputStream out = Content.Sink.asOutputStream(response)) {
              for (int c = 0; c < 3; c++) {
                out.write(BODY, c * 1000, 1000);
                out.flush();
              }
            }
            callback.succeeded();
            return true;
          }
        });
    server.start();
    base = URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/");
  }

  @AfterAll
  static void stop() throws Exception {
    server.stop();
  }

  private static LoadPlan counted(URI target, int requests) {
    return new LoadPlan(target).users(2).counted(0, requests).timeout(Duration.ofSeconds(30));
  }

  private static String same(byte[] body) {
    return Arrays.equals(BODY, body) ? null : "a body of " + body.length + " bytes, not BODY";
  }

  @Test
  void chunkedAndLengthBodiesAreCountedAndKeptByteForByte() throws Exception {
    for (String path : new String[] {"chunked", "length"}) {
      // every body kept and compared, then none kept (counted only): both must be 3000 bytes
      for (int every : new int[] {1, 0}) {
        LoadPlan plan = counted(base.resolve(path), 20);
        if (every > 0) {
          plan.validate(every, LoadDriverWireTest::same);
        }
        LoadDriver driver = new LoadDriver(plan);
        LoadResult r = driver.run(null);
        assertEquals(0, r.errorCount(), () -> path + " " + driver.firstProblems());
        assertEquals(20, r.requests(), path);
        assertEquals(BODY.length, r.meanResponseBytes(), 0.0, path);
        assertEquals(BODY.length, r.meanWireBytes(), 0.0, path);
      }
    }
  }

  /** HTTP/1.0 style: no length, the body ends with the connection, which the next request opens. */
  @Test
  void aBodyEndedByTheServerClosingIsWholeAndTheUserConnectsAgain() throws Exception {
    String answer = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n" + "x".repeat(500);
    try (RawServer raw = new RawServer(answer, true)) {
      LoadDriver driver =
          new LoadDriver(
              counted(raw.uri(), 10)
                  .validate(1, b -> b.length == 500 ? null : b.length + " bytes, not 500")
                  .users(1));
      LoadResult r = driver.run(null);
      assertEquals(0, r.errorCount(), () -> driver.firstProblems().toString());
      assertEquals(10, r.requests());
      assertEquals(500, r.meanResponseBytes(), 0.0);
      assertEquals(10, raw.requests.get());
    }
  }

  /** Chunk extensions and trailers, on a kept-alive connection: 7 bytes, one connection. */
  @Test
  void chunkExtensionsAndTrailersAreFramedNotCounted() throws Exception {
    String answer =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "3\r\nabc\r\n4;name=value\r\ndefg\r\n0\r\nX-Trailer: t\r\n\r\n";
    try (RawServer raw = new RawServer(answer, false)) {
      LoadDriver driver =
          new LoadDriver(
              counted(raw.uri(), 10)
                  .users(1)
                  .validate(
                      1,
                      b ->
                          new String(b, java.nio.charset.StandardCharsets.US_ASCII)
                                  .equals("abcdefg")
                              ? null
                              : "not abcdefg"));
      LoadResult r = driver.run(null);
      assertEquals(0, r.errorCount(), () -> driver.firstProblems().toString());
      assertEquals(10, r.requests());
      assertEquals(7, r.meanWireBytes(), 0.0);
      assertEquals(10, raw.requests.get());
      assertEquals(1, raw.connections.get());
    }
  }

  @Test
  void aMalformedStatusLineIsAFailureNotAnAnswer() throws Exception {
    String answer = "HTTP/1.1 2OO OK\r\nContent-Length: 2\r\n\r\nok";
    assertRefused(answer, "a malformed status line: HTTP/1.1 2OO OK");
  }

  @Test
  void aBodyShorterThanItsLengthIsAFailure() throws Exception {
    String answer = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\nshort";
    assertRefused(answer, "the server closed the connection before the answer ended");
  }

  @Test
  void aMalformedChunkIsAFailure() throws Exception {
    String answer =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            + "5\r\nhello, world\r\n0\r\n\r\n";
    assertRefused(answer, "chunk data longer than its size");
  }

  @Test
  void aHeadOverTheBoundIsAFailure() throws Exception {
    String answer =
        "HTTP/1.1 200 OK\r\nX-Big: "
            + "y".repeat(ResponseParser.MAX_HEAD_BYTES)
            + "\r\nContent-Length: 2\r\n\r\nok";
    assertRefused(answer, "a head over " + ResponseParser.MAX_HEAD_BYTES + " bytes");
  }

  /** Each of 4 requests fails as a connection error with {@code why}; none counts as answered. */
  private static void assertRefused(String answer, String why) throws Exception {
    try (RawServer raw = new RawServer(answer, true)) {
      LoadDriver driver = new LoadDriver(counted(raw.uri(), 4).users(1));
      LoadResult r = driver.run(null);
      assertEquals(0, r.requests());
      assertEquals(4, r.errors().get(ErrorKind.CONNECT), r.errors()::toString);
      String problem = driver.firstProblems().get(ErrorKind.CONNECT);
      assertTrue(problem.contains(why), problem);
    }
  }

  @Test
  void aKeptBodyOverTheBoundIsAFailure() throws Exception {
    LoadPlan plan = counted(base.resolve("chunked"), 4).validate(1, LoadDriverWireTest::same);
    plan.maxBodyBytes = 2000;
    LoadDriver driver = new LoadDriver(plan);
    LoadResult r = driver.run(null);
    assertEquals(0, r.requests());
    assertEquals(4, r.errors().get(ErrorKind.CONNECT), r.errors()::toString);
    assertTrue(
        driver.firstProblems().get(ErrorKind.CONNECT).contains("a body over 2000 bytes"),
        driver.firstProblems()::toString);
  }

  /** An answer 2 s late against a 300 ms timeout: each request a timeout, then the next sent. */
  @Test
  @Timeout(60)
  void aLateAnswerIsATimeout() throws Exception {
    LoadDriver driver =
        new LoadDriver(counted(base.resolve("slow"), 4).users(1).timeout(Duration.ofMillis(300)));
    LoadResult r = driver.run(null);
    assertEquals(0, r.requests());
    assertEquals(4, r.errors().get(ErrorKind.TIMEOUT), r.errors()::toString);
    assertEquals("no answer within 300 ms", driver.firstProblems().get(ErrorKind.TIMEOUT));
  }

  @Test
  void anHttpsTargetIsRefusedBeforeTheRun() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new LoadDriver(new LoadPlan(URI.create("https://127.0.0.1:1/"))));
    assertTrue(e.getMessage().contains("plain HTTP/1.1 only"), e.getMessage());
  }
}
