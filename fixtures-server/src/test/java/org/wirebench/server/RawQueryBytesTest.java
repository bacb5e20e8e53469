package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A raw byte past ASCII in the query (no URI holds one) is refused on every path, in the service's
 * format, as it is in the path: Jetty read a Latin-1 byte as U+FFFD, and a FILTER literal holding
 * one answered 200 with a filter the client never sent. Raw request bytes on a LocalConnector.
 */
class RawQueryBytesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  /**
   * A target, its error marker, its error type; with {@code &y=} and an escaped é added it is read
   * (the escaped é decoded) and refused naming the parameter y, which no operation defines, on the
   * OGC services, and refused naming the first parameter where the path takes none (the WSDL, the
   * mock backend, /static, the index).
   */
  private static final String[][] TARGETS = {
    {
      "/ows?service=WFS&version=2.0.0&request=GetCapabilities", "ExceptionReport", "application/xml"
    },
    {
      "/wfs?service=WFS&version=1.1.0&request=GetCapabilities", "ExceptionReport", "application/xml"
    },
    {"/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0", "ServiceException", "text/xml"},
    {
      "/tiled/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0", "ServiceException", "text/xml"
    },
    {"/services/cxf-jaxb?wsdl", "<faultcode>soapenv:Client</faultcode>", "text/xml"},
    {"/services/axis2-adb?wsdl", "<faultcode>soapenv:Client</faultcode>", "text/xml"},
    {"/finding/mock.json?x=1", "{\"error\":{\"status\":400", "application/json"},
    {"/static/3?x=1", "400 ", "text/plain"},
    {"/?x=1", "400 ", "text/plain"},
  };

  /** Latin-1 é (not UTF-8), UTF-8 é sent raw, a lone continuation byte, a raw U+FFFD. */
  private static final byte[][] RAW = {
    {(byte) 0xe9},
    {(byte) 0xc3, (byte) 0xa9},
    {(byte) 0x80},
    {(byte) 0xef, (byte) 0xbf, (byte) 0xbd}
  };

  static Stream<Arguments> targets() {
    List<Arguments> cases = new ArrayList<>();
    for (String[] t : TARGETS) {
      for (byte[] raw : RAW) {
        cases.add(Arguments.of(t[0], raw, t[1], t[2]));
      }
    }
    return cases.stream();
  }

  private static HttpTester.Response get(byte[] target) throws Exception {
    ByteBuffer request = ByteBuffer.allocate(target.length + 100);
    request.put("GET ".getBytes(StandardCharsets.US_ASCII));
    request.put(target);
    request.put(
        " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    request.flip();
    return HttpTester.parseResponse(
        SERVER.connector().getResponse(request, false, 30, TimeUnit.SECONDS));
  }

  private static byte[] with(String target, byte[] raw) {
    byte[] ascii = (target + "&y=a").getBytes(StandardCharsets.US_ASCII);
    byte[] whole = java.util.Arrays.copyOf(ascii, ascii.length + raw.length);
    System.arraycopy(raw, 0, whole, ascii.length, raw.length);
    return whole;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void aRawByteInTheQueryIsRefusedInTheServicesFormat(
      String target, byte[] raw, String marker, String type) throws Exception {
    HttpTester.Response control = get((target + "&y=%C3%A9").getBytes(StandardCharsets.US_ASCII));
    boolean ogc = target.startsWith("/ows") || target.startsWith("/wfs") || target.contains("wms");
    assertEquals(400, control.getStatus(), target + "\n" + control.getContent());
    assertTrue(!control.getContent().contains("past ASCII"), control.getContent());
    if (ogc) {
      assertTrue(control.getContent().contains("the parameter y is not one"), target);
    } else {
      assertTrue(
          control.getContent().contains("unknown query parameter 'x'") || target.contains("wsdl"),
          target);
    }
    HttpTester.Response r = get(with(target, raw));
    assertEquals(400, r.getStatus(), target + "\n" + r + r.getContent());
    assertTrue(r.get(HttpHeader.CONTENT_TYPE).startsWith(type), target + "\n" + r);
    assertTrue(r.getContent().contains(marker), r.getContent());
    assertTrue(r.getContent().contains("past ASCII"), r.getContent());
  }

  /** The silently wrong answer this was: a filter on a name with a Latin-1 é answered 200. */
  @Test
  void aFilterLiteralWithALatin1ByteIsNotAnsweredWithAnotherFilter() throws Exception {
    String filter =
        "%3Cfes:Filter%20xmlns:fes=%22http://www.opengis.net/fes/2.0%22%3E%3Cfes:PropertyIsEqualTo%3E"
            + "%3Cfes:ValueReference%3Ename%3C/fes:ValueReference%3E%3Cfes:Literal%3EK";
    String end = "%3C/fes:Literal%3E%3C/fes:PropertyIsEqualTo%3E%3C/fes:Filter%3E";
    byte[] head =
        ("/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=helsinki_pois"
                + "&resultType=hits&FILTER="
                + filter)
            .getBytes(StandardCharsets.US_ASCII);
    byte[] tail = end.getBytes(StandardCharsets.US_ASCII);
    byte[] target = new byte[head.length + 1 + tail.length];
    System.arraycopy(head, 0, target, 0, head.length);
    target[head.length] = (byte) 0xe9;
    System.arraycopy(tail, 0, target, head.length + 1, tail.length);
    HttpTester.Response r = get(target);
    assertEquals(400, r.getStatus(), r.toString() + r.getContent());
    assertTrue(r.getContent().contains("ExceptionReport"), r.getContent());
  }
}
