package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code /static/{bytes}} answers a path that is {@code /static/} and decimal digits alone, without
 * leading zeros (one path a count: {@code /static/01} was served, {@code /static/000000001}
 * refused); any other path under it is refused with 400 in one line of text ({@code /static/%31}
 * and {@code /static/1;x}: EndpointSpellingsTest). The last segment was read as an int, so {@code
 * /static/a/1} and {@code /static/+1} got one byte and {@code /static/-0} none, a path the server
 * does not have answered as if it did.
 */
class StaticPathsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static HttpTester.Response get(String target) throws Exception {
    String raw = "GET " + target + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";
    return HttpTester.parseResponse(
        SERVER.connector().executeRequest(raw).waitForResponse(false, 30, TimeUnit.SECONDS));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/static/a/1",
        "/static/0/1",
        "/static/+1",
        "/static/-0",
        "/static/1x",
        "/static/1.0",
        "/static/01",
        "/static/007",
        "/static/00",
        "/static/000000001",
        "/static/16777217",
        "/static/999999999999",
        "/static/",
        "/static"
      })
  void anotherPathUnderStaticIsRefused(String target) throws Exception {
    HttpTester.Response r = get(target);
    assertEquals(400, r.getStatus(), target + "\n" + r + r.getContent());
    assertTrue(r.get(HttpHeader.CONTENT_TYPE).startsWith("text/plain"), target + "\n" + r);
    assertTrue(r.getContent().contains("/static/{bytes}"), r.getContent());
  }

  @ParameterizedTest
  @CsvSource({"/static/0,0", "/static/1,1", "/static/10,10", "/static/16777216,16777216"})
  void digitsAloneAreServed(String target, int bytes) throws Exception {
    HttpTester.Response r = get(target);
    assertEquals(200, r.getStatus(), target + "\n" + r);
    assertEquals(bytes, r.getContentBytes().length, target);
  }

  /**
   * The body goes to the socket without a copy in the JDK: a heap buffer is copied into a temporary
   * direct one on every write, which /static's WFS twin does not pay (its pieces are direct).
   */
  @Test
  void theBodyIsAReadOnlyDirectBufferOfTheCount() {
    for (int n : new int[] {0, 1, 223_317, StaticHandler.MAX_BYTES}) {
      java.nio.ByteBuffer b = StaticHandler.body(n);
      assertTrue(b.isDirect() && b.isReadOnly(), n + ": " + b);
      assertEquals(n, b.remaining());
      assertEquals(0, b.position());
      while (b.hasRemaining()) {
        assertEquals('x', b.get());
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"PUT", "DELETE", "GE", "HEA", "POS", "OPTIONS"})
  void onlyItsOwnMethodsAreServed(String method) throws Exception {
    String raw = method + " /static/5 HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";
    HttpTester.Response r =
        HttpTester.parseResponse(
            SERVER.connector().executeRequest(raw).waitForResponse(false, 30, TimeUnit.SECONDS));
    assertEquals(405, r.getStatus(), method + "\n" + r);
    assertEquals("GET, HEAD, POST", r.get(HttpHeader.ALLOW));
  }
}
