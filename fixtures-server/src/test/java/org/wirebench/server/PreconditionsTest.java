package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.soap.Operation;

/**
 * RFC 9110 §13 on every kind of path, for a server that sends no validators: {@code If-None-Match:
 * *} on a GET was answered 200 with the body, {@code If-Match: "x"} ran the request.
 */
class PreconditionsTest {
  @RegisterExtension
  static final LocalServer SERVER =
      LocalServer.of(
          FixtureServer.Settings.defaults().port(0).maxBodyBytes(1 << 20).compression(true));

  private static final String WFS = "/ows?service=WFS&version=2.0.0&request=GetCapabilities";
  private static final String ENVELOPE =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv="
          + "\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body><ns:echoInts xmlns:ns=\""
          + Operation.NAMESPACE
          + "\"><ns:input>1</ns:input></ns:echoInts></soapenv:Body></soapenv:Envelope>";

  /** The raw answer to {@code method target} with {@code headers} (CRLF-ended lines). */
  private static String send(String method, String target, String headers, String body)
      throws Exception {
    byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    String raw =
        method
            + " "
            + target
            + " HTTP/1.1\r\nHost: test\r\nAccept-Encoding: gzip\r\n"
            + headers
            + (body == null
                ? ""
                : "Content-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"\"\r\nContent-Length: "
                    + content.length
                    + "\r\n")
            + "Connection: close\r\n\r\n"
            + (body == null ? "" : body);
    ByteBuffer out =
        SERVER
            .connector()
            .executeRequest(raw)
            .waitForResponse(method.equals("HEAD"), 60, TimeUnit.SECONDS);
    return StandardCharsets.ISO_8859_1.decode(out).toString();
  }

  private static HttpTester.Response parse(String raw) {
    return HttpTester.parseResponse(ByteBuffer.wrap(raw.getBytes(StandardCharsets.ISO_8859_1)));
  }

  private static String bodyOf(String raw) {
    return raw.substring(raw.indexOf("\r\n\r\n") + 4);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        WFS,
        "/wfs?service=WFS&version=1.1.0&request=GetCapabilities",
        "/wms?service=WMS&version=1.3.0&request=GetCapabilities",
        "/tiled/wms?service=WMS&version=1.3.0&request=GetCapabilities",
        "/services/cxf-jaxb?wsdl",
        "/services/axis2-adb?wsdl",
        "/finding/mock.json",
        "/ebay/finding/keywords/json/ipad",
        "/static/100000",
        "/"
      })
  void ifNoneMatchStarOnAGetOrHeadIsA304WithoutBody(String target) throws Exception {
    HttpTester.Response plain = parse(send("GET", target, "", null));
    assertEquals(200, plain.getStatus(), target);
    for (String method : new String[] {"GET", "HEAD"}) {
      String raw = send(method, target, "If-None-Match: *\r\n", null);
      HttpTester.Response r =
          HttpTester.parseHeadResponse(ByteBuffer.wrap(raw.getBytes(StandardCharsets.ISO_8859_1)));
      assertEquals(304, r.getStatus(), method + " " + target + "\n" + raw);
      assertEquals("", bodyOf(raw), method + " " + target);
      assertNull(r.get(HttpHeader.CONTENT_ENCODING), raw);
      assertNull(r.get(HttpHeader.ETAG), raw);
      // §15.4.5: the Date its 200 would have had
      assertNotNull(r.get(HttpHeader.DATE), raw);
      // RFC 9110 §15.4.5: the 304 names the Vary its 200 would have
      assertEquals(plain.get(HttpHeader.VARY), r.get(HttpHeader.VARY), raw);
    }
    // with entity tags it holds: none matches the (absent) current one
    assertEquals(
        200, parse(send("GET", target, "If-None-Match: \"a\", W/\"b\"\r\n", null)).getStatus());
  }

  @ParameterizedTest
  @CsvSource({
    WFS + ",ows:ExceptionReport",
    "/wms?service=WMS&version=1.3.0&request=GetCapabilities,ServiceException",
    "/services/cxf-jaxb?wsdl,Fault",
    "/finding/mock.json,\"error\"",
    "/ebay/finding/keywords/json/ipad,\"error\"",
    "/static/100,412 If-Match",
    "/,412 If-Match"
  })
  void ifMatchWithEntityTagsFailsIn412InThePathsFormat(String target, String format)
      throws Exception {
    String raw = send("GET", target, "If-Match: \"abc\"\r\n", null);
    assertEquals(412, parse(raw).getStatus(), target + "\n" + raw);
    assertTrue(bodyOf(raw).contains(format), raw);
    assertTrue(bodyOf(raw).contains("If-Match"), raw);
    // * holds for a resource that exists
    assertEquals(200, parse(send("GET", target, "If-Match: *\r\n", null)).getStatus(), target);
  }

  @Test
  void onPostIfNoneMatchStarAndIfMatchTagsAre412() throws Exception {
    String soap = "/services/cxf-jaxb";
    assertEquals(200, parse(send("POST", soap, "", ENVELOPE)).getStatus());
    String raw = send("POST", soap, "If-None-Match: *\r\n", ENVELOPE);
    assertEquals(412, parse(raw).getStatus(), raw);
    assertTrue(bodyOf(raw).contains("Fault"), raw);
    raw = send("POST", "/services/axis2-adb", "If-Match: W/\"1\"\r\n", ENVELOPE);
    assertEquals(412, parse(raw).getStatus(), raw);
    assertTrue(bodyOf(raw).contains("Fault"), raw);
    raw = send("POST", "/static/10", "If-None-Match: *\r\n", "0123456789");
    assertEquals(412, parse(raw).getStatus(), raw);
    assertEquals(200, parse(send("POST", soap, "If-Match: *\r\n", ENVELOPE)).getStatus());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "If-Modified-Since: Sun, 06 Nov 2050 08:49:37 GMT",
        "If-Unmodified-Since: Sun, 06 Nov 1994 08:49:37 GMT",
        "If-Range: \"abc\"",
        "If-Range: Sun, 06 Nov 1994 08:49:37 GMT\r\nRange: bytes=0-9"
      })
  void dateConditionsAndIfRangeAreIgnored(String header) throws Exception {
    for (String target : new String[] {WFS, "/static/100", "/finding/mock.json"}) {
      String raw = send("GET", target, header + "\r\n", null);
      assertEquals(200, parse(raw).getStatus(), target + " " + header + "\n" + raw);
      assertTrue(parse(raw).getContentBytes().length > 0, raw);
    }
  }

  @Test
  void aFailureTheRequestHadAnywayKeepsItsStatus() throws Exception {
    String bad = "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:nowhere";
    for (String header : new String[] {"If-None-Match: *", "If-Match: \"x\""}) {
      String raw = send("GET", bad, header + "\r\n", null);
      assertEquals(400, parse(raw).getStatus(), raw);
      assertTrue(bodyOf(raw).contains("ows:ExceptionReport"), raw);
      assertEquals(404, parse(send("GET", "/nowhere", header + "\r\n", null)).getStatus());
      raw = send("GET", "/static/x", header + "\r\n", null);
      assertEquals(400, parse(raw).getStatus(), raw);
      // the SOAP stacks answer from their servlets: a fault there keeps its status too
      String broken = ENVELOPE.replace("</soapenv:Body>", "");
      for (String soap : new String[] {"/services/cxf-jaxb", "/services/axis2-adb"}) {
        int without = parse(send("POST", soap, "", broken)).getStatus();
        assertTrue(without >= 400, soap + " " + without);
        raw = send("POST", soap, header + "\r\n", broken);
        assertEquals(without, parse(raw).getStatus(), soap + " " + header + "\n" + raw);
        assertTrue(bodyOf(raw).contains("Fault"), raw);
      }
    }
  }

  @Test
  void aConditionThatIsNotTheHeadersSyntaxIs400() throws Exception {
    String raw = send("GET", WFS, "If-Match: abc\r\n", null);
    assertEquals(400, parse(raw).getStatus(), raw);
    assertTrue(bodyOf(raw).contains("ows:ExceptionReport"), raw);
    assertEquals(400, parse(send("GET", "/", "If-None-Match: *, \"a\"\r\n", null)).getStatus());
  }
}
