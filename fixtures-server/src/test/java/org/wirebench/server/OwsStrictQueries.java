package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpTester;

/**
 * Raw GETs on a {@link LocalServer}'s connector for the tests of what the WFS and WMS refuse
 * instead of ignoring, with the checks they share.
 */
final class OwsStrictQueries {
  private OwsStrictQueries() {}

  /** The answer to {@code GET path?query}, the query sent as is. */
  static HttpTester.Response get(LocalServer server, String path, String query) throws Exception {
    String raw =
        "GET " + path + "?" + query + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";
    return HttpTester.parseResponse(
        server.connector().executeRequest(raw).waitForResponse(false, 60, TimeUnit.SECONDS));
  }

  /**
   * A refusal: 400, the exception code and the locator (WMS 1.1.1's reports have no locator: its
   * text names the parameter).
   */
  static void refused(HttpTester.Response r, String code, String locator) {
    String body = r.getContent();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("\"" + code + "\""), body);
    assertTrue(
        body.contains("locator=\"" + locator + "\"")
            || (body.contains("ServiceExceptionReport version=\"1.1.1\"")
                && body.contains(">" + locator + "=")),
        body);
  }

  static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
