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
import org.wirebench.formats.soap.Operation;
import org.wirebench.server.soap.SoapServices;

/**
 * No attribute on SOAP's own elements, Envelope, Header and Body, on any stack: {@code
 * soapenv:encodingStyle} (WS-I Basic Profile 1.1 R1005), one in no namespace or SOAP's (the
 * envelope schema takes only other namespaces' on Envelope and Header, SOAP 1.1 gives the Body
 * none), and one of another namespace (not understood here) each get a 500 Client fault naming the
 * attribute, as an attribute on the payload element does; all three stacks answered them 200.
 * Namespace declarations there are taken. Raw requests on a LocalConnector.
 */
class SoapEnvelopeAttributesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String ENV = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final String PAYLOAD =
      "<ns:echoInts xmlns:ns=\"" + Operation.NAMESPACE + "\"><ns:input>7</ns:input></ns:echoInts>";

  /** An envelope with {@code attr} (or nothing) on the Envelope, the Header and the Body. */
  private static String envelope(String onEnvelope, String onHeader, String onBody) {
    return "<soapenv:Envelope xmlns:soapenv=\""
        + ENV
        + "\""
        + onEnvelope
        + ">"
        + (onHeader == null ? "" : "<soapenv:Header" + onHeader + "/>")
        + "<soapenv:Body"
        + onBody
        + ">"
        + PAYLOAD
        + "</soapenv:Body></soapenv:Envelope>";
  }

  /** Each attribute, its local name as the fault names it, and the rule the fault cites. */
  private static final String[][] ATTRIBUTES = {
    {
      " soapenv:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\"",
      "encodingStyle",
      "R1005"
    },
    {" soapenv:encodingStyle=\"\"", "encodingStyle", "R1005"},
    {" foo=\"bar\"", "foo", "SOAP 1.1"},
    {" soapenv:foo=\"bar\"", "foo", "SOAP 1.1"},
    {" soapenv:mustUnderstand=\"0\"", "mustUnderstand", "SOAP 1.1"},
    {" soapenv:actor=\"http://schemas.xmlsoap.org/soap/actor/next\"", "actor", "SOAP 1.1"},
    {" xmlns:x=\"urn:x\" x:foo=\"bar\"", "foo", "do not understand"},
    {" xml:lang=\"en\"", "lang", "do not understand"},
  };

  static Stream<Arguments> refused() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (String[] a : ATTRIBUTES) {
        cases.add(Arguments.of(stack, "Envelope", envelope(a[0], null, ""), a[1], a[2]));
        cases.add(Arguments.of(stack, "Header", envelope("", a[0], ""), a[1], a[2]));
        cases.add(Arguments.of(stack, "Body", envelope("", null, a[0]), a[1], a[2]));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {3}")
  @MethodSource("refused")
  void anAttributeOnSoapsOwnElementsGetsAClientFault(
      String stack, String element, String body, String local, String rule) throws Exception {
    HttpTester.Response r = post(stack, body);
    assertEquals(500, r.getStatus(), body + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
    assertTrue(
        r.getContent().contains("attribute '" + local + "'")
            && r.getContent().contains("on the " + element)
            && r.getContent().contains(rule),
        r.getContent());
  }

  static Stream<Arguments> taken() {
    String declarations = " xmlns:x=\"urn:x\" xmlns=\"urn:default\"";
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      cases.add(Arguments.of(stack, envelope(declarations, declarations, declarations)));
      cases.add(Arguments.of(stack, envelope("", "", "")));
    }
    return cases.stream();
  }

  /** Namespace declarations are no attributes: zeep, Axis2 and CXF clients send only those. */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("taken")
  void namespaceDeclarationsAreTaken(String stack, String body) throws Exception {
    HttpTester.Response r = post(stack, body);
    assertEquals(200, r.getStatus(), body + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains(">7</"), r.getContent());
  }

  /** R1006: on the Body's child, refused before as any attribute on the payload element. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void encodingStyleOnThePayloadElementStaysRefused(String stack) throws Exception {
    String body =
        envelope("", null, "")
            .replace(
                "<ns:echoInts ",
                "<ns:echoInts soapenv:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\" ");
    HttpTester.Response r = post(stack, body);
    assertEquals(500, r.getStatus(), r + r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
  }

  static Stream<String> stacks() {
    return SoapServices.NAMES.stream();
  }

  private static HttpTester.Response post(String stack, String body) throws Exception {
    return SERVER.postSoap(
        SoapServices.path(stack), "text/xml; charset=UTF-8", body.getBytes(StandardCharsets.UTF_8));
  }
}
