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
 * What is no header block, and SOAP 1.1's own elements out of place, make a malformed envelope: a
 * 500 Client fault naming it, the same on all three stacks. A Header child in SOAP 1.1's namespace
 * ({@code soapenv:Foo}, {@code soapenv:Body}, {@code soapenv:Header}, {@code soapenv:Fault}: SOAP
 * 1.1 defines no header block there and its schema takes only other namespaces' in the Header), one
 * in no namespace (SOAP 1.1 §4.2.1) and an attribute in SOAP 1.1's namespace that SOAP 1.1 does not
 * define on a block were answered 200 by every stack, ignored as blocks not understood; an element
 * of SOAP 1.1's namespace inside a block was too, but for CXF, which took a {@code soapenv:Body}
 * there for the message's and answered 500 Server (no operation found). A second Header or Body, a
 * Header after the Body, a Body or Envelope inside the Body, and text in the Envelope or Body were
 * refused already and stay so. Blocks of other namespaces, with the attributes SOAP defines for
 * them, stay taken. Raw requests on a LocalConnector.
 */
class SoapEnvelopePartsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String ENV = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final String PAYLOAD =
      "<ns:echoInts xmlns:ns=\"" + Operation.NAMESPACE + "\"><ns:input>7</ns:input></ns:echoInts>";

  /** The Envelope holding {@code beforeBody}, the Body with the payload, then {@code afterBody}. */
  private static String envelope(String beforeBody, String inBody, String afterBody) {
    return "<soapenv:Envelope xmlns:soapenv=\""
        + ENV
        + "\">"
        + beforeBody
        + "<soapenv:Body>"
        + inBody
        + "</soapenv:Body>"
        + afterBody
        + "</soapenv:Envelope>";
  }

  private static String header(String blocks) {
    return envelope("<soapenv:Header>" + blocks + "</soapenv:Header>", PAYLOAD, "");
  }

  /** Each refused envelope: a name, the body, and what the fault's message says. */
  private static final String[][] REFUSED = {
    // answered 200 before
    {"soapenv:Foo as a header block", header("<soapenv:Foo/>"), "in SOAP 1.1's namespace"},
    {
      "soapenv:Body as a header block",
      header("<soapenv:Body>" + PAYLOAD + "</soapenv:Body>"),
      "in SOAP 1.1's namespace"
    },
    {"soapenv:Header as a header block", header("<soapenv:Header/>"), "in SOAP 1.1's namespace"},
    {
      "soapenv:Fault as a header block, after a good one",
      header("<h:b xmlns:h=\"urn:h\"/><soapenv:Fault/>"),
      "in SOAP 1.1's namespace"
    },
    {"a header block in no namespace", header("<b/>"), "namespace-qualified"},
    {
      "a header block in no namespace with mustUnderstand",
      header("<b xmlns=\"\" soapenv:mustUnderstand=\"1\"/>"),
      "namespace-qualified"
    },
    {
      "a misspelled soapenv:mustunderstand on a block",
      header("<h:b xmlns:h=\"urn:h\" soapenv:mustunderstand=\"1\"/>"),
      "does not define"
    },
    {
      "soapenv:role (SOAP 1.2's name) on a block",
      header("<h:b xmlns:h=\"urn:h\" soapenv:role=\"urn:r\"/>"),
      "does not define"
    },
    // CXF answered 500 Server "No binding operation info", Axis2 200
    {
      "soapenv:Body inside a header block",
      header("<b xmlns=\"urn:h\"><soapenv:Body/></b>"),
      "whose elements belong only in their places"
    },
    // answered 200 before
    {
      "soapenv:Foo deep inside a header block",
      header("<h:b xmlns:h=\"urn:h\"><h:c><soapenv:Foo/></h:c></h:b>"),
      "whose elements belong only in their places"
    },
    // refused before, kept
    {
      "two Headers",
      envelope("<soapenv:Header/><soapenv:Header/>", PAYLOAD, ""),
      "where the Envelope's Body belongs"
    },
    {"a Header after the Body", envelope("", PAYLOAD, "<soapenv:Header/>"), "after its Body"},
    {"two Bodies", envelope("", PAYLOAD, "<soapenv:Body/>"), "after its Body"},
    {
      "a Body in the Body",
      envelope("", "<soapenv:Body>" + PAYLOAD + "</soapenv:Body>", ""),
      "no operation here takes"
    },
    {"a Fault in the Body", envelope("", "<soapenv:Fault/>", ""), "no operation here takes"},
    {
      "an Envelope in the Body",
      envelope("", "<soapenv:Envelope><soapenv:Body/></soapenv:Envelope>", ""),
      "no operation here takes"
    },
    {"text in the Envelope", envelope("x", PAYLOAD, ""), "text where only elements belong"},
    {"text in the Body", envelope("", "x" + PAYLOAD, ""), "text where only elements belong"},
    {"text after the Body", envelope("", PAYLOAD, "x"), "text where only elements belong"},
  };

  /** Header blocks that stay taken: other namespaces', with SOAP's own attributes for them. */
  private static final String[] TAKEN = {
    "<h:b xmlns:h=\"urn:h\"/>",
    "<h:b xmlns:h=\"urn:h\" soapenv:mustUnderstand=\"0\" soapenv:actor=\"" + ENV + "actor/next\"/>",
    "<h:b xmlns:h=\"urn:h\" soapenv:mustUnderstand=\"1\" soapenv:actor=\"urn:other-node\"/>",
    "<h:b xmlns:h=\"urn:h\" soapenv:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\"/>",
    "<b xmlns=\"urn:h\"><c>text</c><c xmlns=\"\"/></b>",
  };

  static Stream<Arguments> refused() {
    List<Arguments> cases = new ArrayList<>();
    for (String[] c : REFUSED) {
      for (String stack : SoapServices.NAMES) {
        cases.add(Arguments.of(c[0], stack, c[1], c[2]));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("refused")
  void aMalformedEnvelopeGetsTheSameClientFaultOnEveryStack(
      String name, String stack, String body, String says) throws Exception {
    HttpTester.Response r = post(stack, body);
    assertEquals(500, r.getStatus(), name + "\n" + body + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
    assertTrue(r.getContent().contains(says), r.getContent());
  }

  static Stream<Arguments> taken() {
    List<Arguments> cases = new ArrayList<>();
    for (String block : TAKEN) {
      for (String stack : SoapServices.NAMES) {
        cases.add(Arguments.of(stack, header(block)));
      }
    }
    return cases.stream();
  }

  /** A block of another namespace is not understood here, and ignored where SOAP lets it be. */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("taken")
  void aHeaderBlockOfAnotherNamespaceStaysTaken(String stack, String body) throws Exception {
    HttpTester.Response r = post(stack, body);
    assertEquals(200, r.getStatus(), body + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains(">7</"), r.getContent());
  }

  private static HttpTester.Response post(String stack, String body) throws Exception {
    return SERVER.postSoap(
        SoapServices.path(stack), "text/xml; charset=UTF-8", body.getBytes(StandardCharsets.UTF_8));
  }
}
