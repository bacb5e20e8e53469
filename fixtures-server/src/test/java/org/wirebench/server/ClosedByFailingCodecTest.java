package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An encoder that closes the stream it was given as it fails (a try-with-resources, a JSON
 * generator closing its target) must not end the response: what it wrote before failing is not the
 * answer. A close from the encoder had ended it as a whole one, a 200 framed by its Content-Length
 * or ended chunks, holding the bytes before the failure. The test codecs are {@code
 * FailingCodec.ClosingEarly} and {@code ClosingLate}; raw request bytes on a LocalConnector.
 */
class ClosedByFailingCodecTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static ByteBuffer get(String format) throws Exception {
    return get(format, "close");
  }

  private static ByteBuffer get(String format, String connection) throws Exception {
    String raw =
        "GET /ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:helsinki_pois"
            + "&count=5&outputFormat="
            + format
            + " HTTP/1.1\r\nHost: test\r\nConnection: "
            + connection
            + "\r\n\r\n";
    return SERVER.connector().executeRequest(raw).waitForResponse(false, 30, TimeUnit.SECONDS);
  }

  private static String head(String body) {
    return body.length() <= 200 ? body : body.substring(0, 200) + "... (" + body.length() + ")";
  }

  /** Nothing was sent before the failure: the exception report, 500. */
  @Test
  void aFailureWithinTheFirstPieceIsAReport() throws Exception {
    HttpTester.Response r = HttpTester.parseResponse(get("failing-closing-early"));
    assertEquals(500, r.getStatus(), () -> r + head(r.getContent()));
    assertTrue(r.getContent().contains("\"NoApplicableCode\""), () -> head(r.getContent()));
    assertFalse(r.getContent().contains("xxx"), () -> head(r.getContent()));
  }

  /**
   * Bytes were sent before the failure: the response is cut, never ended as whole. On a connection
   * the request closes too: there Jetty ends a body of unknown length by closing the connection,
   * which a cut cannot be told from, so a body sent in more than one piece is framed by chunks.
   */
  @ParameterizedTest
  @ValueSource(strings = {"keep-alive", "close"})
  void aFailureAfterThePieceIsCut(String connection) throws Exception {
    ByteBuffer raw = get("failing-closing-late", connection);
    HttpTester.Input input = HttpTester.from(raw);
    HttpTester.Response r = HttpTester.parseResponse(input);
    assertTrue(
        r == null || !r.isComplete(),
        () -> "a complete response of " + r.getContentBytes().length + " bytes: " + r);
  }
}
