package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.soap.Operation;
import org.wirebench.server.soap.SoapServices;

/**
 * WS-I Basic Profile R1012: a message is UTF-8 or UTF-16, so a UTF-16 request with its byte order
 * mark, under text/xml with no charset or charset=UTF-16, is answered by every stack, its values
 * echoed exactly (é, 日本語 and an emoji, a surrogate pair), the answer in UTF-8; malformed UTF-16 is
 * a 400, a charset or declaration contradicting the body, BOM-less UTF-16 (charset=UTF-16BE/LE) and
 * UTF-32 a 415 (with Accept: text/xml and the charsets taken); a SOAP 1.2 envelope in UTF-16 gets
 * the VersionMismatch; a body within the limit as sent but above it once in UTF-8 a 413. Before,
 * every UTF-16 body and charset=UTF-16 were a 415 (and before that the stacks answered UTF-16 500).
 * Raw bytes on a LocalConnector.
 */
class SoapUtf16Test {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String TEXT = "caf\u00e9 \u65e5\u672c\u8a9e \ud83d\ude00";
  private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

  private static String envelope(String decl, String value) {
    return (decl == null ? "" : "<?xml version=\"1.0\" " + decl + "?>")
        + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
        + "<soapenv:Body><ns:echoStrings xmlns:ns=\""
        + Operation.NAMESPACE
        + "\"><ns:input>x-"
        + value
        + "</ns:input></ns:echoStrings></soapenv:Body></soapenv:Envelope>";
  }

  /**
   * {@code text}'s code units, big- or little-endian, after the byte order mark: written one by
   * one, since Java's encoder would replace an unpaired surrogate.
   */
  private static byte[] utf16(String text, boolean bigEndian) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (char c : ("\uFEFF" + text).toCharArray()) {
      out.write(bigEndian ? c >> 8 : c & 0xFF);
      out.write(bigEndian ? c & 0xFF : c >> 8);
    }
    return out.toByteArray();
  }

  private static HttpTester.Response post(String path, String type, byte[] body) throws Exception {
    return SERVER.postSoap(path, type, body);
  }

  static Stream<Arguments> served() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (boolean bigEndian : new boolean[] {true, false}) {
        for (String decl : new String[] {null, "encoding=\"UTF-16\"", "encoding='utf-16'"}) {
          for (String type :
              List.of("text/xml", "text/xml; charset=UTF-16", "text/xml;charset=\"utf-16\"")) {
            cases.add(Arguments.of(SoapServices.path(stack), bigEndian, decl, type));
          }
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} big-endian {1} {2} {3}")
  @MethodSource("served")
  void utf16WithItsByteOrderMarkIsEchoedExactly(
      String path, boolean bigEndian, String decl, String type) throws Exception {
    HttpTester.Response r = post(path, type, utf16(envelope(decl, TEXT), bigEndian));
    String what = path + " " + bigEndian + " " + decl + " " + type + "\n" + r;
    assertEquals(200, r.getStatus(), what + r.getContent());
    // the answer stays UTF-8, as WS-I allows
    String answerType = r.get("Content-Type").toLowerCase(Locale.ROOT).replace("\"", "");
    assertTrue(answerType.matches("text/xml;\\s*charset=utf-8"), what);
    String content = new String(r.getContentBytes(), StandardCharsets.UTF_8);
    int start = content.indexOf(">x-");
    assertTrue(start >= 0, content);
    assertEquals(TEXT, content.substring(start + 3, content.indexOf('<', start)), what);
  }

  static Stream<Arguments> malformed() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (boolean bigEndian : new boolean[] {true, false}) {
        for (String type : List.of("text/xml", "text/xml; charset=UTF-16")) {
          String path = SoapServices.path(stack);
          // a high surrogate followed by a letter, a lone low one, a high one before '<'
          for (String bad : List.of("\ud83dx", "x\ude00", "\ud83d")) {
            cases.add(
                Arguments.of(
                    path,
                    bigEndian,
                    type,
                    utf16(envelope(null, bad), bigEndian),
                    "an unpaired surrogate"));
          }
          byte[] whole = utf16(envelope(null, "x"), bigEndian);
          byte[] odd = new byte[whole.length + 1];
          System.arraycopy(whole, 0, odd, 0, whole.length);
          cases.add(Arguments.of(path, bigEndian, type, odd, "an odd number of bytes"));
        }
      }
    }
    return cases.stream();
  }

  /** Malformed UTF-16 is refused as such, never replaced by U+FFFD, on every stack. */
  @ParameterizedTest(name = "{0} big-endian {1} {2} {4}")
  @MethodSource("malformed")
  void malformedUtf16GetsA400(
      String path, boolean bigEndian, String type, byte[] body, String named) throws Exception {
    HttpTester.Response r = post(path, type, body);
    String content = r.getContent();
    assertEquals(400, r.getStatus(), path + " " + type + " " + named + "\n" + r + content);
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    assertTrue(content.contains("not well-formed UTF-16: " + named), content);
  }

  static Stream<Arguments> refused() {
    String plain = envelope(null, TEXT);
    byte[] utf8 = plain.getBytes(StandardCharsets.UTF_8);
    byte[] utf8Bom = new byte[utf8.length + 3];
    utf8Bom[0] = (byte) 0xEF;
    utf8Bom[1] = (byte) 0xBB;
    utf8Bom[2] = (byte) 0xBF;
    System.arraycopy(utf8, 0, utf8Bom, 3, utf8.length);
    Charset utf32 = Charset.forName("UTF-32");
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      for (boolean be : new boolean[] {true, false}) {
        byte[] utf16 = utf16(plain, be);
        cases.add(Arguments.of(path, "text/xml; charset=UTF-8", utf16, "'UTF-8' but"));
        cases.add(Arguments.of(path, "text/xml;charset=utf-8", utf16, "UTF-16 byte order mark"));
        for (String other : List.of("UTF-8", "ISO-8859-1", "UTF-16BE", "UTF-16LE", "UTF-32")) {
          String declared = "encoding=\"" + other + "\"";
          for (String type : List.of("text/xml", "text/xml; charset=UTF-16")) {
            cases.add(
                Arguments.of(
                    path,
                    type,
                    utf16(envelope(declared, TEXT), be),
                    "UTF-16 byte order mark but its XML declaration names encoding '" + other));
          }
        }
        // BOM-less UTF-16 under the charsets that name it: refused, as XML wants the mark
        String bare = be ? "UTF-16BE" : "UTF-16LE";
        byte[] noBom = plain.getBytes(Charset.forName(bare));
        cases.add(Arguments.of(path, "text/xml; charset=" + bare, noBom, "'" + bare + "' is not"));
        cases.add(Arguments.of(path, "text/xml; charset=UTF-16", noBom, "'UTF-16' but"));
      }
      cases.add(Arguments.of(path, "text/xml; charset=UTF-16", utf8, "no UTF-16 byte order mark"));
      cases.add(Arguments.of(path, "text/xml; charset=utf-16", utf8Bom, "a UTF-8 byte order mark"));
      // UTF-32 with its byte order mark (BE: 00 00 FE FF; LE: FF FE 00 00), or without
      byte[] utf32be = plain.getBytes(utf32); // Java writes no mark; 00 00 00 3C
      byte[] utf32beBom = new byte[utf32be.length + 4];
      utf32beBom[2] = (byte) 0xFE;
      utf32beBom[3] = (byte) 0xFF;
      System.arraycopy(utf32be, 0, utf32beBom, 4, utf32be.length);
      byte[] utf32le = plain.getBytes(Charset.forName("UTF-32LE"));
      byte[] utf32leBom = new byte[utf32le.length + 4];
      utf32leBom[0] = (byte) 0xFF;
      utf32leBom[1] = (byte) 0xFE;
      System.arraycopy(utf32le, 0, utf32leBom, 4, utf32le.length);
      for (String type : List.of("text/xml", "text/xml; charset=UTF-16")) {
        cases.add(Arguments.of(path, type, utf32leBom, "a UTF-32 byte order mark"));
      }
      cases.add(Arguments.of(path, "text/xml", utf32beBom, "NUL byte"));
      cases.add(Arguments.of(path, "text/xml", utf32be, "NUL byte"));
      cases.add(Arguments.of(path, "text/xml; charset=UTF-32", utf32beBom, "'UTF-32' is not"));
    }
    return cases.stream();
  }

  /** What contradicts itself, or is not UTF-8 or UTF-16 with its mark, gets a 415 naming both. */
  @ParameterizedTest(name = "{0} {1} {3}")
  @MethodSource("refused")
  void aContradictionOrAnotherEncodingGetsA415(String path, String type, byte[] body, String named)
      throws Exception {
    HttpTester.Response r = post(path, type, body);
    String content = r.getContent();
    assertEquals(415, r.getStatus(), path + " " + type + " " + named + "\n" + r + content);
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    // Jetty hands a charset it knows in its own case (charset=UTF-8 reads utf-8)
    assertTrue(content.toLowerCase(Locale.ROOT).contains(named.toLowerCase(Locale.ROOT)), content);
    SoapTaken.assertAcceptAndCharsets(r);
  }

  /**
   * A UTF-16 body of CJK text, {@code chars} of U+65E5 in the Body's value: two bytes a character
   * as sent, three once transcoded to UTF-8.
   */
  private static byte[] cjk(String envelopeNamespace, int chars, boolean bigEndian) {
    String text = envelope(null, "\u65e5".repeat(chars));
    if (envelopeNamespace != null) {
      text = text.replace("http://schemas.xmlsoap.org/soap/envelope/", envelopeNamespace);
    }
    return utf16(text, bigEndian);
  }

  static Stream<Arguments> grownAboveTheLimit() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (boolean bigEndian : new boolean[] {true, false}) {
        for (String namespace : new String[] {null, SOAP12}) {
          cases.add(Arguments.of(SoapServices.path(stack), bigEndian, namespace));
        }
      }
    }
    return cases.stream();
  }

  /**
   * The body limit holds for what the stacks read: a UTF-16 body within it as sent but above it
   * once transcoded (CJK text grows by half) gets the 413 a body above it as sent gets, before its
   * envelope is looked at (a SOAP 1.2 one too). Before, the stacks were handed the larger body.
   */
  @ParameterizedTest(name = "{0} big-endian {1} {2}")
  @MethodSource("grownAboveTheLimit")
  void aUtf16BodyAboveTheLimitOnceInUtf8Gets413(String path, boolean bigEndian, String namespace)
      throws Exception {
    long limit = SERVER.settings().maxBodyBytes();
    int chars = (int) (limit / 3) + 1;
    byte[] body = cjk(namespace, chars, bigEndian);
    assertTrue(body.length < limit, body.length + " bytes as sent");
    HttpTester.Response r = post(path, "text/xml; charset=UTF-16", body);
    String content = r.getContent();
    assertEquals(413, r.getStatus(), path + "\n" + r + content);
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    assertTrue(content.contains("above this server's limit of " + limit + " bytes"), content);
    assertTrue(content.contains("once transcoded from UTF-16 to UTF-8"), content);
  }

  /** The control: the same text a little shorter, within the limit in UTF-8 too, is served. */
  @ParameterizedTest(name = "big-endian {0}")
  @ValueSource(booleans = {true, false})
  void aUtf16BodyWithinTheLimitOnceInUtf8IsServed(boolean bigEndian) throws Exception {
    long limit = SERVER.settings().maxBodyBytes();
    int chars = (int) (limit / 3) - 1000; // the envelope's markup is under 1000 bytes
    HttpTester.Response r =
        post(SoapServices.path(SoapServices.CXF), "text/xml", cjk(null, chars, bigEndian));
    assertEquals(200, r.getStatus(), r + r.getContent());
    String content = new String(r.getContentBytes(), StandardCharsets.UTF_8);
    assertTrue(content.contains(">x-" + "\u65e5".repeat(chars) + "<"), "the value echoed");
  }

  static Stream<Arguments> soap12() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (boolean bigEndian : new boolean[] {true, false}) {
        for (String type : List.of("text/xml", "text/xml; charset=UTF-16")) {
          cases.add(Arguments.of(SoapServices.path(stack), bigEndian, type));
        }
      }
    }
    return cases.stream();
  }

  /** Now that it can be read, a SOAP 1.2 envelope in UTF-16 gets the 500 VersionMismatch. */
  @ParameterizedTest(name = "{0} big-endian {1} {2}")
  @MethodSource("soap12")
  void aSoap12EnvelopeInUtf16GetsTheVersionMismatch(String path, boolean bigEndian, String type)
      throws Exception {
    String soap12 = SoapVersionMismatchTest.envelope(SOAP12);
    int prolog = soap12.startsWith("<?xml") ? soap12.indexOf("?>") + 2 : 0;
    String utf16Declared = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + soap12.substring(prolog);
    SoapVersionMismatchTest.assertVersionMismatch(
        post(path, type, utf16(utf16Declared, bigEndian)), 500, path + " " + type);
  }
}
