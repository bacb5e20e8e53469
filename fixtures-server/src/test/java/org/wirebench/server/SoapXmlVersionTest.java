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
 * A SOAP 1.1 message is XML 1.0, as are the answers and the WSDL's XML Schema 1.0 types: an XML 1.1
 * body is refused by every stack with a 400 Client fault. Before, all three read it as XML 1.1 and
 * echoed {@code a&#x1;b} with 200 in an XML 1.0 answer that is not well-formed (Axis2 wrote {@code
 * &#1;}, CXF the raw control character). Raw bytes on a LocalConnector.
 */
class SoapXmlVersionTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static byte[] echoStrings(String declaration, String value) {
    return (declaration
            + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soapenv:Body><ns:echoStrings xmlns:ns=\""
            + Operation.NAMESPACE
            + "\"><ns:input>"
            + value
            + "</ns:input></ns:echoStrings></soapenv:Body></soapenv:Envelope>")
        .getBytes(StandardCharsets.UTF_8);
  }

  static Stream<Arguments> stacks(List<String> declarations, List<String> values) {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (String d : declarations) {
        for (String v : values) {
          cases.add(Arguments.of(SoapServices.path(stack), d, v));
        }
      }
    }
    return cases.stream();
  }

  static Stream<Arguments> xml11() {
    return stacks(
        List.of("<?xml version=\"1.1\"?>", "<?xml version='1.1' encoding='UTF-8'?>"),
        List.of("a&#x1;b", "x"));
  }

  static Stream<Arguments> xml10() {
    return stacks(List.of("", "<?xml version=\"1.0\"?>"), List.of("x"));
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("xml11")
  void anXml11BodyIsRefused(String path, String declaration, String value) throws Exception {
    HttpTester.Response r =
        SERVER.postSoap(path, "text/xml; charset=UTF-8", echoStrings(declaration, value));
    String body = r.getContent();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("<faultcode>soapenv:Client</faultcode>"), body);
    assertTrue(body.contains("XML 1.1"), body);
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("xml10")
  void anXml10BodyIsEchoed(String path, String declaration, String value) throws Exception {
    HttpTester.Response r =
        SERVER.postSoap(path, "text/xml; charset=UTF-8", echoStrings(declaration, value));
    assertEquals(200, r.getStatus(), r.getContent());
    assertTrue(r.getContent().contains("echoStringsReturn>x</"), r.getContent());
  }
}
