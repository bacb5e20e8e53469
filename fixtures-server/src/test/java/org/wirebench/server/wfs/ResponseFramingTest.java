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
 * A GetFeature answer goes out in 128 KiB pieces, the last with the response's end: one under a
 * piece is a single write framed by its Content-Length (it was chunked, its end a write of its
 * own), a larger one is chunked, and both arrive whole. The study's osm_places answers (200
 * features, 38-120 KB) are one piece each: with 32 KiB pieces they were two to four writes and
 * chunked.
 */
class ResponseFramingTest extends LiveServerTest {

  private static ContentResponse get(int count) throws Exception {
    return get(count, "application/json");
  }

  private static ContentResponse get(int count, String outputFormat) throws Exception {
    return client
        .newRequest(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:osm_places"
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

  @Test
  void anAnswerUnderAPieceIsOneWriteWithItsLength() throws Exception {
    ContentResponse r = get(10);
    assertEquals(200, r.getStatus());
    assertTrue(r.getContent().length < 32 * 1024, "the answer fits in one piece");
    assertEquals(
        String.valueOf(r.getContent().length),
        r.getHeaders().get(HttpHeader.CONTENT_LENGTH),
        r.getHeaders().toString());
    assertFalse(r.getHeaders().contains(HttpHeader.TRANSFER_ENCODING), r.getHeaders().toString());
    assertEquals(10, features(r));
  }

  @Test
  void theStudysPlacesAnswerOver32KiBIsOneWriteWithItsLength() throws Exception {
    ContentResponse r = get(200, "application/gml%2Bxml%3B%20version%3D3.2");
    assertEquals(200, r.getStatus());
    assertTrue(
        r.getContent().length > 3 * 32 * 1024, "over 3 old pieces: " + r.getContent().length);
    assertTrue(r.getContent().length < 128 * 1024, "the answer fits in one piece");
    assertEquals(
        String.valueOf(r.getContent().length),
        r.getHeaders().get(HttpHeader.CONTENT_LENGTH),
        r.getHeaders().toString());
    assertFalse(r.getHeaders().contains(HttpHeader.TRANSFER_ENCODING), r.getHeaders().toString());
    assertEquals(200, r.getContentAsString().split("<wfs:member>", -1).length - 1);
  }

  @Test
  void aLargerAnswerIsChunkedAndWhole() throws Exception {
    ContentResponse r = get(1000);
    assertEquals(200, r.getStatus());
    assertTrue(r.getContent().length > 128 * 1024, "several pieces");
    assertEquals("chunked", r.getHeaders().get(HttpHeader.TRANSFER_ENCODING));
    assertEquals(1000, features(r));
  }
}
