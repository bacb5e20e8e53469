package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.server.soap.SoapServices;

/**
 * A request to a SOAP endpoint that carries no SOAP message (a GET or HEAD not asking for the WSDL,
 * a POST whose body is empty, not XML, or not an Envelope) is the client's mistake: a Client fault
 * with 400. The stacks answered 500 (CXF "No binding operation info", Axis2 "EPR not found", the
 * envelope check's fault). Raw requests on a LocalConnector.
 */
class SoapNonMessagesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static HttpTester.Response send(String raw) throws Exception {
    return HttpTester.parseResponse(
        SERVER.connector().executeRequest(raw).waitForResponse(false, 60, TimeUnit.SECONDS));
  }

  static Stream<Arguments> gets() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (String query : new String[] {"", "?wsdlx", "?xsd=x", "?wsdl&x=1", "?foo=1", "?"}) {
        cases.add(Arguments.of("GET", SoapServices.path(stack) + query));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("gets")
  void aGetWithoutWsdlGetsAClientFault(String method, String target) throws Exception {
    HttpTester.Response r =
        send(method + " " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertEquals(400, r.getStatus(), method + " " + target + "\n" + r + r.getContent());
    if (method.equals("GET")) {
      assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
      assertTrue(r.getContent().contains("?wsdl"), r.getContent());
    }
  }

  static Stream<Arguments> actions() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      cases.add(Arguments.of(SoapServices.path(stack), null));
      cases.add(Arguments.of(SoapServices.path(stack), "\"urn:nothing\""));
    }
    return cases.stream();
  }

  /**
   * A whole envelope without a SOAPAction, or with one naming no operation: Axis2 answered the
   * first 500, CXF the second 500 Server.
   */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("actions")
  void aSoapActionMissingOrUnknownGetsAClientFault(String path, String action) throws Exception {
    byte[] bytes =
        org.wirebench.formats.soap.SoapEnvelopes.request(
            org.wirebench.formats.soap.EchoValues.generate(
                org.wirebench.formats.soap.Operation.INTS, 3));
    HttpTester.Response r =
        send(
            "POST "
                + path
                + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + (action == null ? "" : "SOAPAction: " + action + "\r\n")
                + "Content-Length: "
                + bytes.length
                + "\r\nConnection: close\r\n\r\n"
                + new String(bytes, StandardCharsets.UTF_8));
    assertEquals(400, r.getStatus(), path + " " + action + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
    assertTrue(r.getContent().contains("SOAPAction"), r.getContent());
  }

  static Stream<Arguments> bodies() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (String body : new String[] {"", "hello", "<a/>", "<s:Envelope xmlns:s=\"x\"", " "}) {
        cases.add(Arguments.of(SoapServices.path(stack), body));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} [{1}]")
  @MethodSource("bodies")
  void aPostOfNoSoapMessageGetsAClientFault(String path, String body) throws Exception {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    HttpTester.Response r =
        send(
            "POST "
                + path
                + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: \"\"\r\nContent-Length: "
                + bytes.length
                + "\r\nConnection: close\r\n\r\n"
                + body);
    assertEquals(400, r.getStatus(), path + " [" + body + "]\n" + r + r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
  }

  static Stream<Arguments> queries() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (String query : new String[] {"?x=1", "?wsdl", "?xsd=1", "?x"}) {
        for (boolean expect : new boolean[] {false, true}) {
          cases.add(Arguments.of(SoapServices.path(stack) + query, expect));
        }
      }
    }
    return cases.stream();
  }

  /**
   * A valid request POSTed with a query string: the service's address takes none, and every stack
   * answered it 200 as if the query were not there (?wsdl too). Refused from the head, so with
   * {@code Expect: 100-continue} in place of {@code 100 Continue}, the body never sent.
   */
  @ParameterizedTest(name = "{0} expect={1}")
  @MethodSource("queries")
  void aPostWithAQueryGetsAClientFault(String target, boolean expect) throws Exception {
    byte[] bytes =
        org.wirebench.formats.soap.SoapEnvelopes.request(
            org.wirebench.formats.soap.EchoValues.generate(
                org.wirebench.formats.soap.Operation.INTS, 3));
    String head =
        "POST "
            + target
            + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\n"
            + "SOAPAction: \"\"\r\nContent-Length: "
            + bytes.length
            + (expect ? "\r\nExpect: 100-continue" : "")
            + "\r\nConnection: close\r\n\r\n";
    HttpTester.Response r = send(expect ? head : head + new String(bytes, StandardCharsets.UTF_8));
    assertEquals(400, r.getStatus(), target + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
    assertTrue(r.getContent().contains("unknown query parameter"), r.getContent());
  }
}
