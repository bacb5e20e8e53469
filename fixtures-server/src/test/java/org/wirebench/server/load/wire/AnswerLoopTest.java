package org.wirebench.server.load.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import java.util.zip.GZIPOutputStream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.results.ErrorKind;
import org.wirebench.server.http.ContentCoding;

/**
 * The client loop's own checks, against a stand-in server on loopback: an answer is decoded through
 * its coding by our codec (GeoJSON's reader closes its stream, which must not end the gzip check),
 * and an answer in another coding, a cut gzip body or the wrong feature count is an error of its
 * kind, never a timed answer.
 */
class AnswerLoopTest {
  private static final Link LINK = Link.parse("10mbit/0ms");
  private static Server server;
  private static URI base;
  private static byte[] geojson;

  /** What the stand-in does to the gzip body it sends. */
  private static final AtomicReference<UnaryOperator<byte[]>> mangle =
      new AtomicReference<>(UnaryOperator.identity());

  private static final AtomicReference<Boolean> honourGzip = new AtomicReference<>(true);

  @BeforeAll
  static void start() throws Exception {
    Dataset places = Datasets.get("osm_places");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    GeoCodecs.get("geojson")
        .encode(FeatureCollection.of(places.featureType(), places.take(50), Instant.EPOCH), out);
    geojson = out.toByteArray();
    server = new Server();
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    server.addConnector(connector);
    server.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback)
              throws Exception {
            response
                .getHeaders()
                .put(HttpHeader.CONTENT_TYPE, GeoCodecs.get("geojson").mediaType());
            String accept = request.getHeaders().get(HttpHeader.ACCEPT_ENCODING);
            byte[] body = geojson;
            if (accept != null && honourGzip.get()) {
              // the coding as the server sends it (gzip through the JDK's own writer)
              ContentCoding coding = ContentCoding.of(accept);
              ByteArrayOutputStream z = new ByteArrayOutputStream();
              try (OutputStream c =
                  coding == ContentCoding.GZIP ? new GZIPOutputStream(z) : coding.encoder(z)) {
                c.write(geojson);
              }
              body = mangle.get().apply(z.toByteArray());
              response.getHeaders().put(HttpHeader.CONTENT_ENCODING, coding.token());
            }
            response.write(true, ByteBuffer.wrap(body), callback);
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

  private static AnswerLoop.Answer once(WireEncoding e, int count) throws Exception {
    try (AnswerLoop loop =
        new AnswerLoop(base, new WirePlan.Cell(LINK, "osm_places", "geojson", e, count))) {
      return loop.once();
    }
  }

  @Test
  void identityAndGzipAnswersDecodeToTheirFeatures() throws Exception {
    mangle.set(UnaryOperator.identity());
    honourGzip.set(true);
    AnswerLoop.Answer plain = once(WireEncoding.IDENTITY, 50);
    assertEquals(50, plain.features().size());
    assertEquals(geojson.length, plain.codedBytes());
    assertEquals(geojson.length, plain.bodyBytes());
    AnswerLoop.Answer coded = once(WireEncoding.GZIP, 50);
    assertEquals(50, coded.features().size());
    assertEquals(geojson.length, coded.bodyBytes(), "the decoded body, counted to its end");
    assertTrue(coded.codedBytes() < geojson.length / 2, coded.codedBytes() + " bytes coded");
    assertTrue(coded.receiveNs() > 0 && coded.decodeNs() > 0);
  }

  @ParameterizedTest
  @EnumSource(
      value = WireEncoding.class,
      names = {"BR", "ZSTD"})
  void brotliAndZstdAnswersDecodeToTheirFeatures(WireEncoding e) throws Exception {
    mangle.set(UnaryOperator.identity());
    honourGzip.set(true);
    AnswerLoop.Answer coded = once(e, 50);
    assertEquals(50, coded.features().size());
    assertEquals(geojson.length, coded.bodyBytes(), "the decoded body, counted to its end");
    assertTrue(coded.codedBytes() < geojson.length / 2, coded.codedBytes() + " bytes coded");
  }

  @ParameterizedTest
  @EnumSource(
      value = WireEncoding.class,
      names = {"GZIP", "BR", "ZSTD"})
  void aCutBodyIsAValidationErrorInEveryCoding(WireEncoding e) {
    honourGzip.set(true);
    // the coding's last byte cut: the features may all be there, the coding's own end is not
    mangle.set(z -> Arrays.copyOf(z, z.length - 1));
    try {
      AnswerLoop.Wrong w = assertThrows(AnswerLoop.Wrong.class, () -> once(e, 50));
      assertEquals(ErrorKind.VALIDATION, w.kind, w::getMessage);
    } finally {
      mangle.set(UnaryOperator.identity());
    }
  }

  @Test
  void anAnswerInAnotherCodingIsAValidationError() {
    mangle.set(UnaryOperator.identity());
    honourGzip.set(false);
    AnswerLoop.Wrong w = assertThrows(AnswerLoop.Wrong.class, () -> once(WireEncoding.GZIP, 50));
    assertEquals(ErrorKind.VALIDATION, w.kind);
    assertTrue(
        w.getMessage().contains("asked for gzip, the answer came in identity"), w.getMessage());
    honourGzip.set(true);
  }

  @Test
  void theWrongFeatureCountIsAValidationError() {
    honourGzip.set(true);
    AnswerLoop.Wrong w =
        assertThrows(AnswerLoop.Wrong.class, () -> once(WireEncoding.IDENTITY, 200));
    assertEquals(ErrorKind.VALIDATION, w.kind);
    assertTrue(w.getMessage().contains("holds 50 features, not 200"), w.getMessage());
  }
}
