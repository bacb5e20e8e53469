package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.soap.Operation;

/**
 * An address under /services/ that is no service's gets a 404 fault: CXF answered a POST to
 * /services/cxf-jaxb/extra as its service (200), Axis2 500. And a WSDL asked of no service is a 404
 * and nothing more: the filter that rewrites WSDL addresses wrote after the stack's own answer, and
 * the server logged a warning with a stack trace for each such request, a log any client could
 * fill.
 */
class SoapNoServiceTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String ENVELOPE =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv="
          + "\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body><ns:echoInts xmlns:ns=\""
          + Operation.NAMESPACE
          + "\"><ns:input>1</ns:input></ns:echoInts></soapenv:Body></soapenv:Envelope>";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/services/cxf-jaxb/extra",
        "/services/axis2-adb/extra",
        "/services/axis2-jaxb/x/y",
        "/services/cxf-jaxb/",
        "/services/nope",
        "/services/"
      })
  void aPostToNoServicesAddressIs404(String target) throws Exception {
    byte[] body = ENVELOPE.getBytes(StandardCharsets.UTF_8);
    HttpTester.Response r =
        HttpTester.parseResponse(
            SERVER
                .connector()
                .executeRequest(
                    "POST "
                        + target
                        + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                        + "SOAPAction: \"\"\r\nContent-Length: "
                        + body.length
                        + "\r\nConnection: close\r\n\r\n"
                        + ENVELOPE)
                .waitForResponse(false, 30, TimeUnit.SECONDS));
    assertEquals(404, r.getStatus(), target + "\n" + r.getContent());
    assertTrue(r.getContent().contains("soapenv:Client"), r.getContent());
    assertTrue(r.getContent().contains("/services/cxf-jaxb"), r.getContent());
  }

  @Test
  void aWsdlOfNoServiceIs404WithoutALoggedFailure() throws Exception {
    PrintStream before = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    HttpTester.Response r;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      r =
          HttpTester.parseResponse(
              SERVER
                  .connector()
                  .executeRequest(
                      "GET /services/nope?wsdl HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                  .waitForResponse(false, 30, TimeUnit.SECONDS));
      Thread.sleep(200); // a warning is logged after the answer went out
    } finally {
      System.setErr(before);
    }
    String logged = err.toString(StandardCharsets.UTF_8);
    assertEquals(404, r.getStatus(), r.getContent());
    assertFalse(logged.contains("Exception"), logged);
  }
}
