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
 * A POST whose SOAPAction names one operation while its Body holds another operation's request
 * element is the client's contradiction: a Client fault with 400 naming both. Axis2 dispatched on
 * the SOAPAction and read the Body as that operation's (echoInts under echoDoubles' action answered
 * 200 with the ints as doubles, or 500); CXF answered 500. A Body element no operation takes gets
 * the unknown operation's answer whatever the SOAPAction; two SOAPAction headers are refused, as
 * the stacks read only the first. Raw requests on a LocalConnector.
 */
class SoapActionMismatchTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String ACTION = Operation.NAMESPACE + "/";

  private static HttpTester.Response post(String path, String action, byte[] body)
      throws Exception {
    return SERVER.send(
        "POST "
            + path
            + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\n"
            + "SOAPAction: "
            + action
            + "\r\nContent-Length: "
            + body.length
            + "\r\nConnection: close\r\n\r\n"
            + new String(body, StandardCharsets.UTF_8));
  }

  private static byte[] request(Operation op) throws Exception {
    return SoapEnvelopes.request(EchoValues.generate(op, 3));
  }

  static Stream<Arguments> mismatches() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      // quoted as SOAP 1.1 §6.1.1 writes it, and bare as the gate also takes it (Jetty trims the
      // white space round a header's value before the gate sees it)
      cases.add(Arguments.of(path, "\"" + ACTION + "echoDoubles\"", Operation.INTS));
      cases.add(Arguments.of(path, ACTION + "echoInts", Operation.STRINGS));
      cases.add(Arguments.of(path, "\"" + ACTION + "echoVoid\"", Operation.MESH_INTERFACE_OBJECTS));
      cases.add(Arguments.of(path, ACTION + "echoStrings", Operation.VOID));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} body {2}")
  @MethodSource("mismatches")
  void anActionNamingAnotherOperationGetsA400ClientFault(String path, String action, Operation body)
      throws Exception {
    HttpTester.Response r = post(path, action, request(body));
    assertEquals(400, r.getStatus(), path + " " + action + "\n" + r + r.getContent());
    String content = r.getContent();
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    String named = action.replace("\"", "").substring(ACTION.length());
    assertTrue(content.contains(named), content);
    assertTrue(content.contains(body.requestElement()), content);
  }

  static Stream<Arguments> stacks() {
    return SoapServices.NAMES.stream().map(s -> Arguments.of(SoapServices.path(s)));
  }

  static Stream<Arguments> unknownElements() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      for (String action : List.of("\"\"", "\"" + ACTION + "echoInts\"", ACTION + "echoDoubles")) {
        cases.add(Arguments.of(path, action));
      }
    }
    return cases.stream();
  }

  /**
   * The Body holds an element of the right namespace no operation takes: the one answer for an
   * unknown operation (a Client fault with 500 naming the element), whatever the SOAPAction names.
   */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("unknownElements")
  void aBodyNoOperationTakesGetsOneAnswerWhateverTheAction(String path, String action)
      throws Exception {
    String envelope =
        new String(request(Operation.INTS), StandardCharsets.UTF_8)
            .replace("echoInts", "echoNothing");
    HttpTester.Response r = post(path, action, envelope.getBytes(StandardCharsets.UTF_8));
    assertEquals(500, r.getStatus(), path + " " + action + "\n" + r + r.getContent());
    String content = r.getContent();
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    assertTrue(content.contains("echoNothing") && content.contains("which no operation"), content);
  }

  static Stream<Arguments> matches() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      for (Operation op : Operation.values()) {
        cases.add(Arguments.of(path, "\"" + ACTION + op.requestElement() + "\"", op));
        cases.add(Arguments.of(path, ACTION + op.requestElement(), op));
        cases.add(Arguments.of(path, "\"\"", op));
      }
    }
    return cases.stream();
  }

  /** A SOAPAction agreeing with the body, or the empty one, is answered as before: 200. */
  @ParameterizedTest(name = "{0} {1} body {2}")
  @MethodSource("matches")
  void anActionAgreeingWithTheBodyIsAnswered(String path, String action, Operation body)
      throws Exception {
    HttpTester.Response r = post(path, action, request(body));
    assertEquals(200, r.getStatus(), path + " " + action + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains(body.responseElement()), r.getContent());
  }

  /**
   * The action agrees with a Body written otherwise than SoapEnvelopes writes it: a comment and an
   * empty Header before the Body, the operation's elements under another prefix.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void anAgreeingActionWithAHeaderAndAnotherPrefixIsAnswered(String path) throws Exception {
    String envelope =
        new String(request(Operation.INTS), StandardCharsets.UTF_8)
            .replace("<soapenv:Body>", "<!-- c --><soapenv:Header/><soapenv:Body>")
            .replace("<ns:", "<b:")
            .replace("</ns:", "</b:")
            .replace("xmlns:ns=", "xmlns:b=");
    assertTrue(
        envelope.contains("<soapenv:Header/>")
            && envelope.contains("<b:echoInts")
            && !envelope.contains("<ns:"),
        envelope);
    HttpTester.Response r =
        post(path, "\"" + ACTION + "echoInts\"", envelope.getBytes(StandardCharsets.UTF_8));
    assertEquals(200, r.getStatus(), path + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains(Operation.INTS.responseElement()), r.getContent());
  }

  static Stream<Arguments> twoActions() {
    List<Arguments> cases = new ArrayList<>();
    String ints = "\"" + ACTION + "echoInts\"";
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      cases.add(Arguments.of(path, ints, ints));
      cases.add(Arguments.of(path, ints, "\"" + ACTION + "echoDoubles\""));
      cases.add(Arguments.of(path, "\"\"", "\"" + ACTION + "echoDoubles\""));
    }
    return cases.stream();
  }

  /**
   * Two SOAPAction headers, agreeing with the Body or not: the stacks and the gate read only the
   * first, so the second's meaning would be dropped unseen; a Client fault with 400 instead.
   */
  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("twoActions")
  void twoSoapActionHeadersGetA400ClientFault(String path, String first, String second)
      throws Exception {
    byte[] body = request(Operation.INTS);
    HttpTester.Response r =
        SERVER.send(
            "POST "
                + path
                + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: "
                + first
                + "\r\nSOAPAction: "
                + second
                + "\r\nContent-Length: "
                + body.length
                + "\r\nConnection: close\r\n\r\n"
                + new String(body, StandardCharsets.UTF_8));
    assertEquals(400, r.getStatus(), path + "\n" + r + r.getContent());
    String content = r.getContent();
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    assertTrue(content.contains("one SOAPAction header"), content);
  }
}
