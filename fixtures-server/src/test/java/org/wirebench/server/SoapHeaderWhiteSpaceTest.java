package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.soap.Operation;
import org.wirebench.server.soap.SoapServices;

/**
 * A header block's mustUnderstand (0 or 1) and actor (a URI) are read with XML's white space round
 * them, and only XML's: String.strip also took U+2003, so {@code mustUnderstand="\u20030"} was read
 * as 0 and the block taken, and an actor {@code "\u2003…/actor/next"}, another URI, was read as
 * this node and its mustUnderstand fault sent. Raw requests on a LocalConnector.
 */
class SoapHeaderWhiteSpaceTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String ENV = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final String NEXT = "http://schemas.xmlsoap.org/soap/actor/next";

  private static String withBlock(String attributes) {
    return "<soapenv:Envelope xmlns:soapenv=\""
        + ENV
        + "\"><soapenv:Header><h:b xmlns:h=\"urn:h\" "
        + attributes
        + "/></soapenv:Header><soapenv:Body><ns:echoInts xmlns:ns=\""
        + Operation.NAMESPACE
        + "\"><ns:input>7</ns:input></ns:echoInts></soapenv:Body></soapenv:Envelope>";
  }

  private static HttpTester.Response post(String stack, String body) throws Exception {
    return SERVER.postSoap(
        SoapServices.path(stack), "text/xml; charset=UTF-8", body.getBytes(StandardCharsets.UTF_8));
  }

  static Iterable<String> stacks() {
    return SoapServices.NAMES;
  }

  @ParameterizedTest
  @MethodSource("stacks")
  void mustUnderstandIsZeroOrOneBetweenXmlWhiteSpaceOnly(String stack) throws Exception {
    HttpTester.Response r = post(stack, withBlock("soapenv:mustUnderstand=\"\u20030\""));
    assertEquals(500, r.getStatus(), r + r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
    assertTrue(r.getContent().contains("is neither 0 nor 1"), r.getContent());
  }

  /**
   * " 0 " is valid (the schema collapses it): CXF takes it; Axis2's Axiom compares the value as it
   * stands and failed building its own fault (500 Server "could not process", an NPE's stack trace
   * logged each time), so it is refused as what those stacks cannot read, naming the one that can.
   */
  @ParameterizedTest
  @MethodSource("stacks")
  void mustUnderstandZeroWithXmlWhiteSpace(String stack) throws Exception {
    for (String actor : new String[] {"", " soapenv:actor=\"" + NEXT + "\""}) {
      HttpTester.Response r = post(stack, withBlock("soapenv:mustUnderstand=\" 0 \"" + actor));
      if (stack.equals("cxf-jaxb")) {
        assertEquals(200, r.getStatus(), r + r.getContent());
        assertTrue(r.getContent().contains(">7</"), r.getContent());
      } else {
        assertEquals(500, r.getStatus(), r + r.getContent());
        assertTrue(
            r.getContent().contains("<faultcode>soapenv:Server</faultcode>"), r.getContent());
        assertTrue(r.getContent().contains("use cxf-jaxb, which reads it"), r.getContent());
      }
    }
    // a block for another node: no stack reads its mustUnderstand
    HttpTester.Response r =
        post(stack, withBlock("soapenv:mustUnderstand=\" 0 \" soapenv:actor=\"urn:other\""));
    assertEquals(200, r.getStatus(), r + r.getContent());
  }

  @ParameterizedTest
  @MethodSource("stacks")
  void anActorIsTheUriBetweenXmlWhiteSpace(String stack) throws Exception {
    // another node's block: its mustUnderstand asks nothing of this one
    HttpTester.Response r =
        post(stack, withBlock("soapenv:mustUnderstand=\"1\" soapenv:actor=\"\u2003" + NEXT + "\""));
    assertEquals(200, r.getStatus(), r + r.getContent());
    assertTrue(r.getContent().contains(">7</"), r.getContent());
    // this node's, XML's white space round it
    r = post(stack, withBlock("soapenv:mustUnderstand=\"1\" soapenv:actor=\" " + NEXT + " \""));
    assertEquals(500, r.getStatus(), r + r.getContent());
    assertTrue(r.getContent().contains("MustUnderstand"), r.getContent());
  }
}
