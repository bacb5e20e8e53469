package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
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
 * A refused SOAPAction header (none, one naming no operation, two) is answered once the body is
 * read, so that a SOAP 1.2 envelope under text/xml gets its VersionMismatch first; whatever else
 * the body is, the answer is the Client fault with 400 naming the header, and no such request
 * reaches a stack (Axis2 answered a missing one 500, CXF an unknown one 500 Server, and each stack
 * read the first of two). The only other answers: 413 for a body above the limit, 500
 * VersionMismatch for an Envelope in another namespace than SOAP 1.1's; and a SOAP 1.2 envelope
 * refused before its envelope is read (another charset, two Content-Type headers, a UTF-16 body)
 * gets that refusal's Client fault. Raw requests on a LocalConnector, to each of the three stacks:
 * the refusals are the filters' before any stack, but a refusal that let a request through would
 * show only on the stack it reached.
 */
class SoapActionRefusedTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  /** LocalServer.plain()'s body limit. */
  private static final int LIMIT = 1 << 20;

  private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

  /** A refused SOAPAction, as the header lines sent, and what its fault must say. */
  enum Action {
    MISSING("", "needs a SOAPAction header"),
    UNKNOWN("SOAPAction: \"urn:nothing\"\r\n", "urn:nothing"),
    // each alone would pass: two are refused as such
    TWO("SOAPAction: \"\"\r\nSOAPAction: \"\"\r\n", "one SOAPAction header, not 2");

    final String lines;
    final String named;

    Action(String lines, String named) {
      this.lines = lines;
      this.named = named;
    }
  }

  /** The bodies, and what each gets under a good SOAPAction ("") instead. */
  enum Body {
    EMPTY(400),
    NOT_WELL_FORMED(400),
    UTF16_BOM(415),
    CHUNKED(200),
    UNKNOWN_ELEMENT(500),
    VALID(200);

    final int withGoodAction;

    Body(int withGoodAction) {
      this.withGoodAction = withGoodAction;
    }

    byte[] bytes() {
      String valid = new String(valid(), StandardCharsets.UTF_8);
      return switch (this) {
        case EMPTY -> new byte[0];
        case NOT_WELL_FORMED ->
            valid.substring(0, valid.indexOf("</")).getBytes(StandardCharsets.UTF_8);
        case UTF16_BOM ->
            concat(
                new byte[] {(byte) 0xFE, (byte) 0xFF}, valid.getBytes(StandardCharsets.UTF_16BE));
        case CHUNKED, VALID -> valid();
        case UNKNOWN_ELEMENT ->
            ("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                    + "<soapenv:Body><x:junk xmlns:x=\"urn:x\"/></soapenv:Body></soapenv:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
      };
    }
  }

  private static byte[] valid() {
    return SoapEnvelopes.request(EchoValues.generate(Operation.INTS, 3));
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** {@code body} in two chunks and the last, empty one. */
  private static byte[] chunked(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int half = body.length / 2;
    for (int[] part : new int[][] {{0, half}, {half, body.length}}) {
      int n = part[1] - part[0];
      out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(body, part[0], n);
      out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    return out.toByteArray();
  }

  /** A POST of {@code body} with these extra header lines, chunked or with its length. */
  private static HttpTester.Response post(
      String path, String contentType, String headers, byte[] body, boolean chunked)
      throws Exception {
    String head =
        "POST "
            + path
            + " HTTP/1.1\r\nHost: x\r\n"
            + contentType
            + headers
            + (chunked
                ? "Transfer-Encoding: chunked\r\n"
                : "Content-Length: " + body.length + "\r\n")
            + "Connection: close\r\n\r\n";
    return SERVER.send(
        concat(head.getBytes(StandardCharsets.US_ASCII), chunked ? chunked(body) : body));
  }

  private static final String TEXT_XML = "Content-Type: text/xml; charset=UTF-8\r\n";

  private static HttpTester.Response post(String path, String headers, Body body) throws Exception {
    return post(path, TEXT_XML, headers, body.bytes(), body == Body.CHUNKED);
  }

  /** The answer is the Client fault with 400 naming the refused SOAPAction, and nothing else. */
  private static void assertActionRefused(HttpTester.Response r, Action action, String what) {
    String content = r.getContent();
    assertEquals(400, r.getStatus(), what + "\n" + r + content);
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), what + "\n" + content);
    assertTrue(content.contains(action.named), what + "\n" + content);
    assertFalse(content.contains("Upgrade"), what + "\n" + content);
  }

  static Stream<Arguments> bodiesByActions() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (Body body : Body.values()) {
        for (Action action : Action.values()) {
          cases.add(Arguments.of(SoapServices.path(stack), body, action));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} SOAPAction {2}")
  @MethodSource("bodiesByActions")
  void aRefusedSoapActionGets400WhateverTheBody(String path, Body body, Action action)
      throws Exception {
    assertActionRefused(post(path, action.lines, body), action, path + " " + body);
  }

  static Stream<Arguments> bodies() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (Body body : Body.values()) {
        cases.add(Arguments.of(SoapServices.path(stack), body));
      }
    }
    return cases.stream();
  }

  /**
   * The control: under SOAPAction "" each body gets its own answer (two of them 200), so the 400s
   * above are the header's.
   */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("bodies")
  void underAGoodSoapActionEachBodyGetsItsOwnAnswer(String path, Body body) throws Exception {
    HttpTester.Response r = post(path, "SOAPAction: \"\"\r\n", body);
    String content = r.getContent();
    assertEquals(body.withGoodAction, r.getStatus(), path + " " + body + "\n" + r + content);
    assertFalse(content.contains("SOAPAction"), path + " " + body + "\n" + content);
    if (body.withGoodAction == 415) {
      SoapTaken.assertAcceptAndCharsets(r);
    }
  }

  static Stream<Arguments> stacksByActions() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (Action action : Action.values()) {
        cases.add(Arguments.of(SoapServices.path(stack), action));
      }
    }
    return cases.stream();
  }

  /** A body above the limit is refused first, declared or chunked. */
  @ParameterizedTest(name = "{0} SOAPAction {1}")
  @MethodSource("stacksByActions")
  void aBodyAboveTheLimitGets413WhateverTheSoapAction(String path, Action action) throws Exception {
    byte[] big = ("<x>" + " ".repeat(LIMIT) + "</x>").getBytes(StandardCharsets.UTF_8);
    for (boolean chunked : new boolean[] {false, true}) {
      HttpTester.Response r = post(path, TEXT_XML, action.lines, big, chunked);
      String what = path + " chunked " + chunked + "\n" + r + r.getContent();
      assertEquals(413, r.getStatus(), what);
      assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), what);
    }
  }

  /** A SOAP 1.2 envelope under text/xml: the VersionMismatch comes before the SOAPAction's 400. */
  @ParameterizedTest(name = "{0} SOAPAction {1}")
  @MethodSource("stacksByActions")
  void aSoap12EnvelopeGets500VersionMismatchWhateverTheSoapAction(String path, Action action)
      throws Exception {
    byte[] body = SoapVersionMismatchTest.envelope(SOAP12).getBytes(StandardCharsets.UTF_8);
    SoapVersionMismatchTest.assertVersionMismatch(
        post(path, TEXT_XML, action.lines, body, false), 500, path + " " + action);
  }

  /**
   * A SOAP 1.2 envelope refused before its envelope is read gets that refusal, a Client fault: in
   * UTF-16 (415, or the SOAPAction's 400 when that is refused too), under another charset (415),
   * with two Content-Type headers (400), after a DOCTYPE (500, or the SOAPAction's 400).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void aSoap12EnvelopeRefusedBeforeItIsReadGetsAClientFault(String path) throws Exception {
    String soap12 = SoapVersionMismatchTest.envelope(SOAP12);
    byte[] utf8 = soap12.getBytes(StandardCharsets.UTF_8);
    byte[] utf16 =
        concat(new byte[] {(byte) 0xFE, (byte) 0xFF}, soap12.getBytes(StandardCharsets.UTF_16BE));
    assertClientFault(post(path, TEXT_XML, "SOAPAction: \"\"\r\n", utf16, false), 415, "UTF-16");
    assertActionRefused(
        post(path, TEXT_XML, Action.MISSING.lines, utf16, false), Action.MISSING, "UTF-16");
    assertClientFault(
        post(path, "Content-Type: text/xml;charset=ISO-8859-1\r\n", "", utf8, false),
        415,
        "ISO-8859-1");
    assertClientFault(
        post(path, TEXT_XML + TEXT_XML, "SOAPAction: \"\"\r\n", utf8, false),
        400,
        "two Content-Type");
    int prolog = soap12.indexOf("?>") + 2;
    assertTrue(prolog > 1, soap12); // the DOCTYPE goes after the XML declaration
    byte[] doctype =
        (soap12.substring(0, prolog) + "<!DOCTYPE x>" + soap12.substring(prolog))
            .getBytes(StandardCharsets.UTF_8);
    assertClientFault(post(path, TEXT_XML, "SOAPAction: \"\"\r\n", doctype, false), 500, "DOCTYPE");
    assertActionRefused(
        post(path, TEXT_XML, Action.MISSING.lines, doctype, false), Action.MISSING, "DOCTYPE");
  }

  static Stream<String> stacks() {
    return SoapServices.NAMES.stream().map(SoapServices::path);
  }

  private static void assertClientFault(HttpTester.Response r, int status, String what) {
    String content = r.getContent();
    assertEquals(status, r.getStatus(), what + "\n" + r + content);
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), what + "\n" + content);
    assertFalse(content.contains("Upgrade"), what + "\n" + content);
    if (status == 415) {
      SoapTaken.assertAcceptAndCharsets(r);
    }
  }
}
