package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.wirebench.server.LiveServerTest;

/** An encoder that fails mid-response never yields a response that looks complete. */
class StreamingFailureTest extends LiveServerTest {

  private static ContentResponse get(String format) throws Exception {
    return client
        .newRequest(
            server
                .uri()
                .resolve(
                    "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=5"
                        + "&outputFormat="
                        + format))
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
}
