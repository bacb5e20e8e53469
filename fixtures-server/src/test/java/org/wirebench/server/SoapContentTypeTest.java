package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.server.soap.SoapServices;

/**
 * A Content-Type other than text/xml with at most one charset, of UTF-8 or UTF-16, is refused with
 * 415 with Accept: text/xml (and, for a refused charset, a fault naming the charsets taken), never
 * partly read: Axis2 looks for application/soap+xml anywhere in the header and takes the operation
 * from the text after {@code action}, and finds only a lower-case charset, so such a request is not
 * the SOAP 1.1 one the gate checked. Two Content-Type headers are refused with 400: each reader
 * takes one of them. Raw requests on a LocalConnector, so the header reaches the server as written
 * (but for the values Jetty knows, which it hands on in its own case).
 */
class SoapContentTypeTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static HttpTester.Response post(String path, String contentType) throws Exception {
    byte[] body = SoapEnvelopes.request(EchoValues.generate(Operation.INTS, 3));
    return SERVER.send(
        "POST "
            + path
            + " HTTP/1.1\r\nHost: x\r\nContent-Type: "
            + contentType
            + "\r\nSOAPAction: \"\"\r\nContent-Length: "
            + body.length
            + "\r\nConnection: close\r\n\r\n"
            + new String(body, StandardCharsets.UTF_8));
  }

  static Stream<Arguments> refused() {
    String action = "\"" + Operation.NAMESPACE + "/echoInts\"";
    // {path, Content-Type, what the fault names, whether the charset is what was refused}
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      cases.add(Arguments.of(path, "text/xml; charset=UTF-8; action=" + action, "action", false));
      cases.add(Arguments.of(path, "text/xml; type=\"application/soap+xml\"", "type", false));
      cases.add(
          Arguments.of(path, "text/xml;ACTION=" + action + ";charset=utf-8", "ACTION", false));
      cases.add(Arguments.of(path, "text/xml; charset=UTF-8; charset=UTF-8", "twice", true));
      cases.add(Arguments.of(path, "text/xml; charset", "without a value", true));
      cases.add(Arguments.of(path, "text/xml; charset=", "without a value", true));
      cases.add(Arguments.of(path, "text/xml; charset=\"UTF-8", "does not parse", false));
      // what a lenient parser drops after a quoted value or a second '=' (Jetty's kept
      // charset=utf-8 from each), while Axis2 finds application/soap+xml and an action in it
      cases.add(
          Arguments.of(
              path,
              "text/xml; charset=\"utf-8\"application/soap+xml",
              "'application/soap+xml'",
              false));
      cases.add(
          Arguments.of(
              path,
              "text/xml; charset=utf-8=application/soap+xml",
              "'=application/soap+xml'",
              false));
      cases.add(
          Arguments.of(
              path,
              "text/xml; charset=\"utf-8\"\"application/soap+xml;action=" + action + ";\"",
              "not understood from '\"application/soap+xml",
              false));
      cases.add(Arguments.of(path, "text/xml; charset=utf-8 x", "'x'", false));
      cases.add(Arguments.of(path, "text/xml; charset = utf-8", "'= utf-8'", false));
      cases.add(Arguments.of(path, "text/xml; charset=\"utf-8\\\"", "quote is not closed", true));
      cases.add(Arguments.of(path, "text/xml; charset=\"utf-8\"; CharSet=utf-8", "twice", true));
      cases.add(
          Arguments.of(
              path, "text/xml, application/soap+xml", "from ', application/soap+xml'", false));
      // a charset but UTF-8: Axis2 finds only a lower-case charset and reads UTF-8 otherwise, CXF
      // reads any, so CHARSET=ISO-8859-1 was decoded two ways
      // (Jetty hands a value it knows in its own case: CHARSET=ISO-8859-1 reads charset=iso-8859-1)
      cases.add(
          Arguments.of(path, "text/xml; CHARSET=ISO-8859-1", "8859-1' is not supported", true));
      cases.add(Arguments.of(path, "text/xml;Charset=Latin1", "'Latin1' is not supported", true));
      cases.add(
          Arguments.of(path, "text/xml; charset=iso-8859-1", "8859-1' is not supported", true));
      // UTF-16 is taken only with its byte order mark (SoapUtf16Test); these name BOM-less UTF-16
      cases.add(Arguments.of(path, "text/xml; charset=\"UTF-16BE\"", "'UTF-16BE' is not", true));
      cases.add(Arguments.of(path, "text/xml; charset=utf-16le", "'utf-16le' is not", true));
      cases.add(Arguments.of(path, "text/xml; charset=UTF-32", "'UTF-32' is not", true));
      cases.add(Arguments.of(path, "text/xml; charset=utf8", "'utf8'", true));
    }
    return cases.stream();
  }

  /**
   * Each refusal names what was not understood, and says what would have been taken (RFC 9110
   * §15.5.16): {@code Accept: text/xml}, and for a refused charset the charsets taken.
   */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("refused")
  void aParameterOtherThanOneCharsetGetsA415(
      String path, String contentType, String named, boolean charset) throws Exception {
    HttpTester.Response r = post(path, contentType);
    assertEquals(415, r.getStatus(), path + " " + contentType + "\n" + r + r.getContent());
    String content = r.getContent();
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    assertTrue(content.contains(named), content);
    if (charset) {
      SoapTaken.assertAcceptAndCharsets(r);
    } else {
      SoapTaken.assertAccept(r);
    }
  }

  /** No Content-Type at all: a 415 naming text/xml, in the fault and in Accept. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void noContentTypeGetsA415NamingTextXml(String path) throws Exception {
    byte[] body = SoapEnvelopes.request(EchoValues.generate(Operation.INTS, 3));
    HttpTester.Response r =
        SERVER.send(
            "POST "
                + path
                + " HTTP/1.1\r\nHost: x\r\nSOAPAction: \"\"\r\nContent-Length: "
                + body.length
                + "\r\nConnection: close\r\n\r\n"
                + new String(body, StandardCharsets.UTF_8));
    String content = r.getContent();
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    assertTrue(content.contains("needs Content-Type: text/xml"), content);
    SoapTaken.assertAccept(r);
  }

  static Stream<String> stacks() {
    return SoapServices.NAMES.stream().map(SoapServices::path);
  }

  static Stream<Arguments> taken() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      for (String type :
          List.of(
              "text/xml",
              "text/xml; charset=utf-8",
              "text/xml;charset=\"UTF-8\"",
              "TEXT/XML ;  Charset=UTF-8 ",
              "text/xml;",
              "text/xml; CHARSET=\"utf-8\" ;",
              "text/xml\t;\tcharset=Utf-8\t",
              // RFC 9110: empty parameters, and a quoted-pair standing for the character escaped
              "text/xml;;",
              "text/xml; charset=utf-8;;",
              "text/xml; charset=\"utf\\-8\"",
              "text/xml; charset=\"\\U\\T\\F\\-\\8\"")) {
        cases.add(Arguments.of(path, type));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("taken")
  void textXmlWithAtMostAUtf8CharsetIsAnswered(String path, String contentType) throws Exception {
    HttpTester.Response r = post(path, contentType);
    assertEquals(200, r.getStatus(), path + " " + contentType + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains(Operation.INTS.responseElement()), r.getContent());
  }

  static Stream<Arguments> twoTypes() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      cases.add(Arguments.of(path, "text/xml; charset=UTF-8", "text/xml; charset=UTF-8"));
      cases.add(Arguments.of(path, "text/xml", "application/soap+xml"));
      cases.add(Arguments.of(path, "text/xml", "text/xml; charset=ISO-8859-1"));
    }
    return cases.stream();
  }

  /** Two Content-Type headers, each one the gate takes or not: a Client fault with 400. */
  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("twoTypes")
  void twoContentTypeHeadersGetA400ClientFault(String path, String first, String second)
      throws Exception {
    HttpTester.Response r = post(path, first + "\r\nContent-Type: " + second);
    assertEquals(400, r.getStatus(), path + "\n" + r + r.getContent());
    String content = r.getContent();
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    assertTrue(content.contains("one Content-Type header, not 2"), content);
  }
}
