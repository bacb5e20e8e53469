package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.server.soap.SoapServices;

/**
 * A SOAP 1.2 message, however it arrives, gets the fault SOAP 1.1 §4.1.2 requires for another
 * version's envelope: a SOAP 1.1 fault whose faultcode is VersionMismatch in the SOAP 1.1 envelope
 * namespace. We add SOAP 1.2's Upgrade header block (Part 1 §5.4.7), its SupportedEnvelope naming
 * the SOAP 1.1 Envelope, so a client can read which version is served. Under SOAP 1.2's
 * application/soap+xml (what zeep sends with a SOAP 1.2 binding, without a SOAPAction) with 415
 * whatever the body; a SOAP 1.2 envelope, or an Envelope in any other namespace, under text/xml
 * with 500, whatever the SOAPAction (none, "", an operation's; an unknown one or two headers:
 * {@link SoapActionRefusedTest}). Before, the first was a Client fault with 415, a SOAP 1.2
 * envelope under text/xml a VersionMismatch without Upgrade (a 400 about the SOAPAction when it had
 * none), and an Envelope in another namespace a Client fault with 400. Raw requests on a
 * LocalConnector.
 */
class SoapVersionMismatchTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
  private static final String ACTION = Operation.NAMESPACE + "/echoInts";

  /** An echoInts request, its Envelope, Header-less, in {@code ns}. */
  static String envelope(String ns) {
    String soap11 =
        new String(
            SoapEnvelopes.request(EchoValues.generate(Operation.INTS, 3)), StandardCharsets.UTF_8);
    assertTrue(soap11.contains(SOAP11), soap11);
    return soap11.replace(SOAP11, ns);
  }

  private static HttpTester.Response post(
      String path, String contentType, String soapAction, String body) throws Exception {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return SERVER.send(
        "POST "
            + path
            + " HTTP/1.1\r\nHost: x\r\nContent-Type: "
            + contentType
            + "\r\n"
            + (soapAction == null ? "" : "SOAPAction: " + soapAction + "\r\n")
            + "Content-Length: "
            + bytes.length
            + "\r\nConnection: close\r\n\r\n"
            + body);
  }

  private static Document parse(String content) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    return f.newDocumentBuilder()
        .parse(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * The answer is a SOAP 1.1 VersionMismatch fault with the Upgrade block naming the SOAP 1.1
   * Envelope, as text/xml with {@code status}.
   */
  static void assertVersionMismatch(HttpTester.Response r, int status, String what)
      throws Exception {
    String content = r.getContent();
    assertEquals(status, r.getStatus(), what + "\n" + r + content);
    assertTrue(r.get("Content-Type").startsWith("text/xml"), what + " " + r.get("Content-Type"));
    Document doc = parse(content);
    Element root = doc.getDocumentElement();
    assertEquals(SOAP11, root.getNamespaceURI(), content);
    assertEquals("Envelope", root.getLocalName(), content);

    NodeList codes = doc.getElementsByTagNameNS("", "faultcode");
    assertEquals(1, codes.getLength(), content);
    Element code = (Element) codes.item(0);
    assertEquals(SOAP11, ((Element) code.getParentNode()).getNamespaceURI(), content);
    String[] qname = code.getTextContent().trim().split(":", 2);
    assertEquals(2, qname.length, content);
    assertEquals("VersionMismatch", qname[1], content);
    assertEquals(SOAP11, code.lookupNamespaceURI(qname[0]), content);

    NodeList upgrades = doc.getElementsByTagNameNS(SOAP12, "Upgrade");
    assertEquals(1, upgrades.getLength(), content);
    Element upgrade = (Element) upgrades.item(0);
    Element header = (Element) upgrade.getParentNode();
    assertEquals(SOAP11, header.getNamespaceURI(), content);
    assertEquals("Header", header.getLocalName(), content);
    assertEquals(root, header.getParentNode(), content);
    NodeList supported = upgrade.getElementsByTagNameNS(SOAP12, "SupportedEnvelope");
    assertEquals(1, supported.getLength(), content);
    Element env = (Element) supported.item(0);
    assertTrue(env.hasAttributeNS(null, "qname"), content);
    String[] named = env.getAttributeNS(null, "qname").split(":", 2);
    assertEquals(2, named.length, content);
    assertEquals("Envelope", named[1], content);
    assertEquals(SOAP11, env.lookupNamespaceURI(named[0]), content);
  }

  static Stream<Arguments> soap12MediaType() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      // as zeep 4.2.1 sends a SOAP 1.2 binding's request: the action in the media type
      cases.add(
          Arguments.of(
              path,
              "application/soap+xml; charset=utf-8; action=\"" + ACTION + "\"",
              null,
              envelope(SOAP12)));
      cases.add(Arguments.of(path, "application/soap+xml", "\"\"", envelope(SOAP12)));
      cases.add(Arguments.of(path, "Application/SOAP+XML ; charset=UTF-8", "\"\"", "hello"));
      cases.add(Arguments.of(path, "application/soap+xml", "\"\"", envelope(SOAP11)));
    }
    return cases.stream();
  }

  /** Case (a): SOAP 1.2's media type, whatever the body: 415 and the VersionMismatch. */
  @ParameterizedTest(name = "{0} {1} SOAPAction {2}")
  @MethodSource("soap12MediaType")
  void soap12MediaTypeGets415VersionMismatchWithUpgrade(
      String path, String contentType, String action, String body) throws Exception {
    HttpTester.Response r = post(path, contentType, action, body);
    assertVersionMismatch(r, 415, path + " " + contentType);
    SoapTaken.assertAccept(r);
  }

  static Stream<Arguments> otherEnvelopes() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      for (String action : new String[] {null, "\"\"", "\"" + ACTION + "\""}) {
        cases.add(Arguments.of(path, action, envelope(SOAP12)));
      }
      // a SOAP 1.2 draft's namespace, another, none: an Envelope, but not SOAP 1.1's
      cases.add(Arguments.of(path, "\"\"", envelope("http://www.w3.org/2001/12/soap-envelope")));
      cases.add(Arguments.of(path, null, envelope("urn:not-soap")));
      cases.add(
          Arguments.of(
              path,
              "\"\"",
              "<Envelope><Body><ns:echoInts xmlns:ns=\""
                  + Operation.NAMESPACE
                  + "\"/></Body></Envelope>"));
    }
    return cases.stream();
  }

  /**
   * Cases (b) and (c): under text/xml an Envelope in SOAP 1.2's namespace or any other but SOAP
   * 1.1's, without a SOAPAction, with "" or with an operation's: 500 and the VersionMismatch.
   */
  @ParameterizedTest(name = "{0} SOAPAction {1}")
  @MethodSource("otherEnvelopes")
  void anotherEnvelopeUnderTextXmlGets500VersionMismatchWithUpgrade(
      String path, String action, String body) throws Exception {
    assertVersionMismatch(
        post(path, "text/xml; charset=UTF-8", action, body), 500, path + " " + body);
  }

  /**
   * Not a change: another media type is still a Client fault with 415, and a SOAP 1.1 envelope
   * without a SOAPAction still a Client fault with 400; neither carries the Upgrade block.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void otherRefusalsStayClientFaults(String stack) throws Exception {
    String path = SoapServices.path(stack);
    HttpTester.Response json = post(path, "application/json", "\"\"", envelope(SOAP11));
    assertEquals(415, json.getStatus(), json.getContent());
    assertTrue(json.getContent().contains("<faultcode>soapenv:Client</faultcode>"));
    assertNull(upgrade(json.getContent()), json.getContent());
    SoapTaken.assertAccept(json);
    HttpTester.Response noAction = post(path, "text/xml", null, envelope(SOAP11));
    assertEquals(400, noAction.getStatus(), noAction.getContent());
    assertTrue(noAction.getContent().contains("<faultcode>soapenv:Client</faultcode>"));
    assertTrue(noAction.getContent().contains("SOAPAction"), noAction.getContent());
    assertNull(upgrade(noAction.getContent()), noAction.getContent());
    HttpTester.Response taken = post(path, "text/xml", "\"\"", envelope(SOAP11));
    assertEquals(200, taken.getStatus(), taken.getContent());
    assertNotNull(taken.getContent());
  }

  static Stream<String> stacks() {
    return SoapServices.NAMES.stream();
  }

  private static Element upgrade(String content) throws Exception {
    NodeList list = parse(content).getElementsByTagNameNS(SOAP12, "Upgrade");
    return list.getLength() == 0 ? null : (Element) list.item(0);
  }
}
