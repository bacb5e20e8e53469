package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.http.HttpHeader;
import org.junit.jupiter.api.Test;
import org.wirebench.server.LiveServerTest;

/**
 * A GetFeature answer goes out in pieces of {@link AnswerStream#PIECE_BYTES}, the last with the
 * response's end: one under a piece is a single write framed by its Content-Length (it was chunked,
 * its end a write of its own), a larger one is chunked, and both arrive whole. Every answer of the
 * study (200 features) is one piece: with 32 KiB pieces the osm_places answers (38-120 KB) were two
 * to four writes and chunked, with 128 KiB the osm_mainroads ones (147-223 KB) three.
 */
class ResponseFramingTest extends LiveServerTest {

  private static ContentResponse get(int count) throws Exception {
    return get(count, "application/json");
  }

  private static ContentResponse get(int count, String outputFormat) throws Exception {
    return get("osm_places", count, outputFormat);
  }

  private static ContentResponse get(String layer, int count, String outputFormat)
      throws Exception {
    return client
        .newRequest(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:"
                        + layer
                        + "&outputFormat="
                        + outputFormat
                        + "&count="
                        + count))
        .headers(h -> h.put(HttpHeader.ACCEPT_ENCODING, "identity"))
        .timeout(60, TimeUnit.SECONDS)
        .send();
  }

  private static int features(ContentResponse r) throws Exception {
    JsonNode doc = new ObjectMapper().readTree(r.getContent());
    return doc.get("features").size();
  }

  private static void assertFramedByItsLength(ContentResponse r) {
    assertEquals(
        String.valueOf(r.getContent().length),
        r.getHeaders().get(HttpHeader.CONTENT_LENGTH),
        r.getHeaders().toString());
    assertFalse(r.getHeaders().contains(HttpHeader.TRANSFER_ENCODING), r.getHeaders().toString());
  }

  private static int members(ContentResponse r) {
    return r.getContentAsString().split("<wfs:member>", -1).length - 1;
  }

  @Test
  void anAnswerUnderAPieceIsOneWriteWithItsLength() throws Exception {
    ContentResponse r = get(10);
    assertEquals(200, r.getStatus());
    assertTrue(r.getContent().length < 32 * 1024, "the answer fits in one piece");
    assertFramedByItsLength(r);
    assertEquals(10, features(r));
  }

  @Test
  void theStudysPlacesAnswerOver32KiBIsOneWriteWithItsLength() throws Exception {
    ContentResponse r = get(200, "application/gml%2Bxml%3B%20version%3D3.2");
    assertEquals(200, r.getStatus());
    assertTrue(
        r.getContent().length > 3 * 32 * 1024, "over 3 old pieces: " + r.getContent().length);
    assertTrue(r.getContent().length < AnswerStream.PIECE_BYTES, "the answer fits in one piece");
    assertFramedByItsLength(r);
    assertEquals(200, members(r));
  }

  @Test
  void theStudysLargestAnswerIsOneWriteWithItsLength() throws Exception {
    ContentResponse r = get("osm_mainroads", 200, "application/gml%2Bxml%3B%20version%3D3.2");
    assertEquals(200, r.getStatus());
    assertTrue(
        r.getContent().length > 200_000, "the mainroads GML 3.2 answer: " + r.getContent().length);
    assertFramedByItsLength(r);
    assertEquals(200, members(r));
  }

  @Test
  void aLargerAnswerIsChunkedAndWhole() throws Exception {
    ContentResponse r = get(2000);
    assertEquals(200, r.getStatus());
    assertTrue(r.getContent().length > AnswerStream.PIECE_BYTES, "several pieces");
    assertEquals("chunked", r.getHeaders().get(HttpHeader.TRANSFER_ENCODING));
    assertEquals(2000, features(r));
  }
}
