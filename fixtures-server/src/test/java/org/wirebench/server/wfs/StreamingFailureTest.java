package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.http.HttpHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.server.LiveServerTest;

/** An encoder that fails mid-response never yields a response that looks complete. */
class StreamingFailureTest extends LiveServerTest {

  private static ContentResponse get(String format) throws Exception {
    return get(format, "identity");
  }

  private static ContentResponse get(String format, String coding) throws Exception {
    return client
        .newRequest(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=5"
                        + "&outputFormat="
                        + format))
        .headers(h -> h.put(HttpHeader.ACCEPT_ENCODING, coding))
        .timeout(60, TimeUnit.SECONDS)
        .send();
  }

  @Test
  void aFailureBeforeTheFirstByteIsAnExceptionReport() throws Exception {
    ContentResponse r = get("failing-early");
    String body = r.getContentAsString();
    assertEquals(500, r.getStatus(), body);
    assertTrue(body.contains("\"NoApplicableCode\""), body);
    assertTrue(!body.contains("planted"), "the cause stays in the server's log: " + body);
  }

  @Test
  void aFailureAfterBytesWereSentAbortsTheResponse() {
    // the client must not receive a complete 200: the response is cut, not ended
    ExecutionException e = assertThrows(ExecutionException.class, () -> get("failing-late"));
    assertTrue(e.getCause() != null, e::toString);
  }

  /**
   * Coded, the 300 KB written before the failure may still be in the encoder (br and zstd hold
   * them; gzip has sent its header): then nothing is on the wire yet and Jetty answers 500 with the
   * service's report, uncoded. Either way never a 200, and never the report reset into the coded
   * stream under headers that no longer name the coding.
   */
  @ParameterizedTest
  @ValueSource(strings = {"gzip", "br", "zstd"})
  void aFailureAfterBytesWereWrittenIsCutOrAReportInEveryCoding(String coding) throws Exception {
    ContentResponse r;
    try {
      r = get("failing-late", coding);
    } catch (ExecutionException cut) {
      return;
    }
    String body = r.getContentAsString();
    assertEquals(500, r.getStatus(), body);
    assertEquals(null, r.getHeaders().get(HttpHeader.CONTENT_ENCODING), body);
    assertTrue(body.startsWith("<?xml") && body.contains("\"NoApplicableCode\""), body);
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "br", "zstd"})
  void aFailureBeforeTheFirstByteIsAnExceptionReportInEveryCoding(String coding) throws Exception {
    ContentResponse r = get("failing-early", coding);
    String body = r.getContentAsString();
    assertEquals(500, r.getStatus(), body);
    assertTrue(body.contains("\"NoApplicableCode\""), body);
  }
}
