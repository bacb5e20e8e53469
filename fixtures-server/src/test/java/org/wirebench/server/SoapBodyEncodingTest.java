package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.soap.Operation;
import org.wirebench.server.soap.SoapServices;

/**
 * The body's own encoding, under the Content-Type the gate takes (text/xml, with charset=UTF-8 or
 * none): one answer from every stack. A byte order mark or XML declaration naming anything but
 * UTF-8 (or UTF-16 with its byte order mark: {@link SoapUtf16Test}) is refused with 415 naming it,
 * as a charset other than UTF-8 or UTF-16 is; malformed UTF-8 is a 400 (not well-formed), never
 * replaced; UTF-8 with or without its byte order mark or declaration is echoed unchanged. Before,
 * under charset=UTF-8 Axis2 and CXF read UTF-8 whatever the declaration said (a Latin-1 é under
 * encoding="ISO-8859-1": 500 Server), and without a charset CXF read ISO-8859-1 (that é answered
 * 200 as Latin-1, a UTF-8 é echoed as "Ã©", a UTF-8 byte order mark a 500) while Axis2 read UTF-8.
 * Raw bytes on a LocalConnector.
 */
class SoapBodyEncodingTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final List<String> TYPES = List.of("text/xml; charset=UTF-8", "text/xml");
  private static final byte[] NONE = {};
  private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  /** An echoStrings request of "x-" and {@code value}, in {@code cs} but {@code value}. */
  private static byte[] body(String decl, byte[] value, Charset cs, byte[] bom) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(bom);
    String head =
        (decl == null ? "" : "<?xml version=\"1.0\" " + decl + "?>")
            + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soapenv:Body><ns:echoStrings xmlns:ns=\""
            + Operation.NAMESPACE
            + "\"><ns:input>x-";
    out.writeBytes(head.getBytes(cs));
    out.writeBytes(value);
    out.writeBytes("</ns:input></ns:echoStrings></soapenv:Body></soapenv:Envelope>".getBytes(cs));
    return out.toByteArray();
  }

  private static byte[] ascii(String decl, byte[] value) {
    return body(decl, value, StandardCharsets.US_ASCII, NONE);
  }

  private static byte[] bytes(int... b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = (byte) b[i];
    }
    return out;
  }

  private static HttpTester.Response post(String path, String type, byte[] body) throws Exception {
    return SERVER.postSoap(path, type, body);
  }

  /** Every stack under both Content-Types, for each {name, body, expected} given. */
  private static Stream<Arguments> onEveryStack(List<Object[]> bodies) {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (String type : TYPES) {
        for (Object[] b : bodies) {
          cases.add(Arguments.of(SoapServices.path(stack), type, b[0], b[1], b[2]));
        }
      }
    }
    return cases.stream();
  }

  static Stream<Arguments> otherEncodings() {
    byte[] e9 = bytes(0xE9);
    byte[] utf8E = "\u00e9".getBytes(StandardCharsets.UTF_8);
    Charset le = StandardCharsets.UTF_16LE;
    Charset be = StandardCharsets.UTF_16BE;
    return onEveryStack(
        List.of(
            new Object[] {"Latin-1 E9", ascii("encoding=\"ISO-8859-1\"", e9), "'ISO-8859-1'"},
            new Object[] {"UTF-8 é", ascii("encoding=\"ISO-8859-1\"", utf8E), "'ISO-8859-1'"},
            new Object[] {"ASCII only", ascii("encoding=\"iso-8859-1\"", NONE), "'iso-8859-1'"},
            new Object[] {"1252", ascii("encoding='windows-1252'", e9), "'windows-1252'"},
            new Object[] {"spaces", ascii("encoding = 'latin1'", e9), "'latin1'"},
            new Object[] {"alias", ascii("encoding=\"UTF8\"", utf8E), "'UTF8'"},
            new Object[] {"US-ASCII", ascii("encoding=\"US-ASCII\"", NONE), "'US-ASCII'"},
            new Object[] {"UTF-16 named", ascii("encoding=\"UTF-16\"", NONE), "'UTF-16'"},
            new Object[] {"EBCDIC named", ascii("encoding=\"IBM037\"", NONE), "'IBM037'"},
            new Object[] {
              "BOM, Latin-1",
              body("encoding=\"ISO-8859-1\"", e9, StandardCharsets.US_ASCII, UTF8_BOM),
              "'ISO-8859-1'"
            },
            new Object[] {
              "EBCDIC",
              body("encoding=\"IBM037\"", bytes(0x51), Charset.forName("IBM037"), NONE),
              "EBCDIC"
            },
            new Object[] {
              "UTF-8 then UTF-16 BOM",
              body(null, "\u00e9".getBytes(be), be, bytes(0xEF, 0xBB, 0xBF, 0xFE, 0xFF)),
              "UTF-16"
            },
            new Object[] {"UTF-16LE", body(null, "\u00e9".getBytes(le), le, NONE), "NUL byte"},
            new Object[] {"UTF-16BE", body(null, "\u00e9".getBytes(be), be, NONE), "NUL byte"}));
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("otherEncodings")
  void aBodyInAnotherEncodingGetsA415NamingIt(
      String path, String type, String name, byte[] body, String named) throws Exception {
    HttpTester.Response r = post(path, type, body);
    String content = r.getContent();
    assertEquals(415, r.getStatus(), path + " " + type + " " + name + "\n" + r + content);
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    assertTrue(content.contains(named), content);
    SoapTaken.assertAcceptAndCharsets(r);
  }

  static Stream<Arguments> malformed() {
    List<Object[]> bodies = new ArrayList<>();
    for (String decl : new String[] {null, "encoding=\"UTF-8\""}) {
      for (byte[] bad :
          List.of(
              bytes(0xE9), // Latin-1 é
              bytes(0xC0, 0xA9), // overlong
              bytes(0xED, 0xA0, 0x80), // a surrogate
              bytes(0xE2, 0x82), // cut short
              bytes(0xF4, 0x90, 0x80, 0x80), // past U+10FFFF
              bytes(0xF8, 0x88, 0x80, 0x80, 0x80), // five bytes
              bytes(0xFF))) {
        bodies.add(new Object[] {HexFormat.of().formatHex(bad), ascii(decl, bad), "UTF-8"});
      }
    }
    return onEveryStack(bodies);
  }

  /** Bytes that are not UTF-8 are refused as not well-formed, never replaced by U+FFFD. */
  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("malformed")
  void malformedUtf8GetsA400(String path, String type, String name, byte[] body, String named)
      throws Exception {
    HttpTester.Response r = post(path, type, body);
    String content = r.getContent();
    assertEquals(400, r.getStatus(), path + " " + type + " " + name + "\n" + r + content);
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    assertTrue(content.contains("not well-formed"), content);
  }

  static Stream<Arguments> utf8() {
    // é, and U+1F600 in four bytes
    String text = "caf\u00e9 \ud83d\ude00";
    byte[] value = text.getBytes(StandardCharsets.UTF_8);
    Charset a = StandardCharsets.US_ASCII;
    return onEveryStack(
        List.of(
            new Object[] {"UTF-8", body("encoding=\"UTF-8\"", value, a, NONE), text},
            new Object[] {"utf-8", body("encoding='utf-8'", value, a, NONE), text},
            new Object[] {"no encoding", body("", value, a, NONE), text},
            new Object[] {"no declaration", body(null, value, a, NONE), text},
            new Object[] {"BOM, UTF-8", body("encoding=\"Utf-8\"", value, a, UTF8_BOM), text},
            new Object[] {"BOM alone", body(null, value, a, UTF8_BOM), text}));
  }

  /** UTF-8, with or without its byte order mark or declaration: the string comes back as sent. */
  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("utf8")
  void utf8IsEchoedUnchanged(String path, String type, String name, byte[] body, String sent)
      throws Exception {
    HttpTester.Response r = post(path, type, body);
    assertEquals(200, r.getStatus(), path + " " + type + " " + name + "\n" + r + r.getContent());
    String answerType = r.get("Content-Type").toLowerCase(Locale.ROOT);
    int cs = answerType.indexOf("charset=");
    Charset charset =
        cs < 0
            ? StandardCharsets.UTF_8
            : Charset.forName(answerType.substring(cs + 8).replace("\"", "").trim());
    String content = new String(r.getContentBytes(), charset);
    int start = content.indexOf(">x-");
    assertTrue(start >= 0, content);
    assertEquals(sent, content.substring(start + 3, content.indexOf('<', start)), answerType);
  }
}
