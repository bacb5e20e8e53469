package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A chunked body within the limit whose chunk-size line carries an extension (RFC 9112 7.1.1,
 * {@code ;name=value}) is served however the line is cut between reads. Jetty's parser reads the
 * extension in the state it reads the size in, and the server's follower of chunk sizes read an
 * extension's continuation in the next read as more size digits: {@code ;x=deadbeef} or {@code
 * ;x=12345678901} cut after its first bytes, or any extension longer than a read (8 KiB of {@code
 * a}), made a 15-byte body "above this server's limit", 413. Raw requests on a LocalConnector, each
 * piece parsed before the next is added.
 */
class ChunkExtensionsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String HEAD =
      "POST /static/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
          + "Transfer-Encoding: chunked\r\n\r\n";

  private static final String DATA = "x".repeat(15);

  private static HttpTester.Response inPieces(String... pieces) throws Exception {
    LocalConnector.LocalEndPoint endPoint = SERVER.connector().connect();
    for (String piece : pieces) {
      endPoint.addInputAndExecute(piece);
    }
    return HttpTester.parseResponse(endPoint.waitForResponse(false, 30, TimeUnit.SECONDS));
  }

  /** The size line {@code F;<extension>}, cut after {@code cut} of its extension's characters. */
  @ParameterizedTest(name = "{0} cut after {1}")
  @CsvSource({
    "x=deadbeef, 2",
    "x=deadbeef, 3",
    "x=12345678901, 2",
    "x=12345678901, 6",
    "ext=1, 1",
    "ext=1, 0",
  })
  void anExtensionCutBetweenReadsIsNoSize(String extension, int cut) throws Exception {
    HttpTester.Response r =
        inPieces(
            HEAD + "F;" + extension.substring(0, cut),
            extension.substring(cut) + "\r\n" + DATA + "\r\n0\r\n\r\n");
    assertEquals(200, r.getStatus(), r.toString() + r.getContent());
  }

  /** An extension longer than one read of the parser's: its rest comes in the next read. */
  @ParameterizedTest(name = "{0} characters")
  @ValueSource(ints = {9_000, 20_000})
  void anExtensionLongerThanARead(int length) throws Exception {
    String raw = HEAD + "F;x=" + "a".repeat(length) + "\r\n" + DATA + "\r\n0\r\n\r\n";
    HttpTester.Response r =
        HttpTester.parseResponse(
            SERVER.connector().executeRequest(raw).waitForResponse(false, 30, TimeUnit.SECONDS));
    assertEquals(200, r.getStatus(), r.toString() + r.getContent());
  }

  /** A second chunk after a cut extension is still followed: its size past the limit is a 413. */
  @ParameterizedTest(name = "cut after {0}")
  @ValueSource(ints = {1, 3})
  void aChunkAfterACutExtensionIsStillFollowed(int cut) throws Exception {
    String extension = "x=deadbeef";
    HttpTester.Response r =
        inPieces(
            HEAD + "F;" + extension.substring(0, cut),
            extension.substring(cut) + "\r\n" + DATA + "\r\n1E8480\r\nabc");
    assertEquals(413, r.getStatus(), r.toString() + r.getContent());
  }
}
