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
 * A Content-Type parameter other than one charset is refused with 415, never ignored: Axis2 looks
 * for application/soap+xml anywhere in the header and takes the operation from SOAP 1.2's {@code
 * action} parameter, so such a request is not the SOAP 1.1 one the gate checked. Raw requests on a
 * LocalConnector, so the header reaches the server exactly as written.
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
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      String path = SoapServices.path(stack);
      cases.add(Arguments.of(path, "text/xml; charset=UTF-8; action=" + action, "action"));
      cases.add(Arguments.of(path, "text/xml; type=\"application/soap+xml\"", "type"));
      cases.add(Arguments.of(path, "text/xml;ACTION=" + action + ";charset=utf-8", "ACTION"));
      cases.add(Arguments.of(path, "text/xml; charset=UTF-8; charset=UTF-8", "twice"));
      cases.add(Arguments.of(path, "text/xml; charset", "charset ''"));
      cases.add(Arguments.of(path, "text/xml; charset=\"UTF-8", "does not parse"));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("refused")
  void aParameterOtherThanOneCharsetGetsA415(String path, String contentType, String named)
      throws Exception {
    HttpTester.Response r = post(path, contentType);
    assertEquals(415, r.getStatus(), path + " " + contentType + "\n" + r + r.getContent());
    String content = r.getContent();
    assertTrue(content.contains("<faultcode>soapenv:Client</faultcode>"), content);
    assertTrue(content.contains(named), content);
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
              "TEXT/XML ;  Charset=UTF-8 ")) {
        cases.add(Arguments.of(path, type));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("taken")
  void textXmlWithAtMostACharsetIsAnswered(String path, String contentType) throws Exception {
    HttpTester.Response r = post(path, contentType);
    assertEquals(200, r.getStatus(), path + " " + contentType + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains(Operation.INTS.responseElement()), r.getContent());
  }
}
