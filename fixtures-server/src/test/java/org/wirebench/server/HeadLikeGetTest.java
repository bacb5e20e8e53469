package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RFC 9110 §9.1 and §9.3.2 on every kind of path: a HEAD gets its GET's status, type, coding and
 * length, and no body. The gateway, the mock backend and the CXF stacks answered GET but HEAD 405.
 */
class HeadLikeGetTest {
  @RegisterExtension
  static final LocalServer SERVER =
      LocalServer.of(
          FixtureServer.Settings.defaults().port(0).maxBodyBytes(1 << 20).compression(true));

  private static ByteBuffer send(String method, String target) throws Exception {
    String raw =
        method
            + " "
            + target
            + " HTTP/1.1\r\nHost: test\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n";
    return SERVER
        .connector()
        .executeRequest(raw)
        .waitForResponse(method.equals("HEAD"), 60, TimeUnit.SECONDS);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/ebay/finding/keywords/json/ipad",
        "/ebay/finding/keywords/bogus/ipad",
        "/finding/mock.json",
        "/finding/mock.xml",
        "/services/cxf-jaxb?wsdl",
        "/services/axis2-adb?wsdl",
        "/static/100",
        "/static/100000",
        "/ows?service=WFS&version=2.0.0&request=GetCapabilities",
        "/wms?service=WMS&version=1.3.0&request=GetCapabilities",
        "/"
      })
  void aHeadIsAnsweredAsItsGet(String target) throws Exception {
    HttpTester.Response get = HttpTester.parseResponse(send("GET", target));
    ByteBuffer raw = send("HEAD", target);
    String text = StandardCharsets.ISO_8859_1.decode(raw.duplicate()).toString();
    HttpTester.Response head = HttpTester.parseHeadResponse(raw);
    assertEquals(get.getStatus(), head.getStatus(), target + "\n" + text);
    assertEquals(get.get(HttpHeader.CONTENT_TYPE), head.get(HttpHeader.CONTENT_TYPE), target);
    assertEquals(
        get.get(HttpHeader.CONTENT_ENCODING), head.get(HttpHeader.CONTENT_ENCODING), target);
    assertEquals(get.get(HttpHeader.ALLOW), head.get(HttpHeader.ALLOW), target);
    String length = head.get(HttpHeader.CONTENT_LENGTH);
    if (length != null) {
      assertEquals(get.getContentBytes().length, Integer.parseInt(length), target);
    }
    assertFalse(text.substring(text.indexOf("\r\n\r\n") + 4).length() > 0, text); // no body
  }

  @ParameterizedTest
  @ValueSource(strings = {"/ebay/finding/keywords/json/ipad", "/finding/mock.json"})
  void aMethodRefusedNamesHeadAmongTheAllowed(String target) throws Exception {
    HttpTester.Response r = HttpTester.parseResponse(send("DELETE", target));
    assertEquals(405, r.getStatus());
    assertTrue(r.get(HttpHeader.ALLOW).contains("HEAD"), r.get(HttpHeader.ALLOW));
  }
}
