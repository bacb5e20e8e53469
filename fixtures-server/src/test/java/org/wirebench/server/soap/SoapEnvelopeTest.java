package org.wirebench.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.server.LiveServerTest;

/**
 * Every request body is read to its end before a stack answers: an envelope cut after its payload
 * or a body holding what no operation takes gets a fault, never a 200 (Axis2 stopped reading at the
 * payload's end tag and answered both).
 */
class SoapEnvelopeTest extends LiveServerTest {
  private static final String ENV = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final String OPEN =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"" + ENV + "\">";
  private static final String INTS =
      "<ns:echoInts xmlns:ns=\"" + Operation.NAMESPACE + "\"><ns:input>1</ns:input></ns:echoInts>";

  static Stream<Arguments> broken() {
    String whole =
        new String(
            SoapEnvelopes.request(EchoValues.generate(Operation.INTS, 3)), StandardCharsets.UTF_8);
    int bodyEnd = whole.lastIndexOf("</soapenv:Body>");
    String big = "x".repeat(500 * 1024);
    List<String[]> bodies =
        List.of(
            new String[] {"cut before </Body></Envelope>", whole.substring(0, bodyEnd)},
            new String[] {
              "cut before </Envelope>", whole.substring(0, whole.lastIndexOf("</soapenv:Envelope>"))
            },
            new String[] {"cut inside </Body>", whole.substring(0, bodyEnd + 5)},
            new String[] {
              "500 KB unknown body element",
              OPEN
                  + "<soapenv:Body><x:junk xmlns:x=\"urn:x\">"
                  + big
                  + "</x:junk></soapenv:Body>"
                  + "</soapenv:Envelope>"
            },
            new String[] {
              "500 KB unknown element after the payload",
              OPEN
                  + "<soapenv:Body>"
                  + INTS
                  + "<x:junk xmlns:x=\"urn:x\">"
                  + big
                  + "</x:junk></soapenv:Body></soapenv:Envelope>"
            },
            new String[] {
              "payload in a wrong namespace",
              OPEN
                  + "<soapenv:Body>"
                  + INTS.replace(Operation.NAMESPACE, "urn:wrong")
                  + "</soapenv:Body></soapenv:Envelope>"
            },
            new String[] {
              "two payloads",
              OPEN + "<soapenv:Body>" + INTS + INTS + "</soapenv:Body></soapenv:Envelope>"
            },
            new String[] {
              "an element after the Body",
              OPEN + "<soapenv:Body>" + INTS + "</soapenv:Body><extra/></soapenv:Envelope>"
            },
            new String[] {
              "text in the Body",
              OPEN + "<soapenv:Body>hello" + INTS + "</soapenv:Body></soapenv:Envelope>"
            },
            new String[] {"an empty Body", OPEN + "<soapenv:Body/></soapenv:Envelope>"},
            new String[] {"no Body", OPEN + "</soapenv:Envelope>"},
            new String[] {
              "garbage after the Envelope",
              OPEN + "<soapenv:Body>" + INTS + "</soapenv:Body></soapenv:Envelope><more/>"
            },
            new String[] {
              "a SOAP 1.2 envelope",
              OPEN.replace(ENV, "http://www.w3.org/2003/05/soap-envelope")
                  + "<soapenv:Body>"
                  + INTS
                  + "</soapenv:Body></soapenv:Envelope>"
            });
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (String[] b : bodies) {
        cases.add(Arguments.of(stack, b[0], b[1]));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("broken")
  void aBrokenEnvelopeGetsAClientFault(String stack, String what, String body) throws Exception {
    ContentResponse r = post(stack, body);
    String text = r.getContentAsString();
    // cut short or followed by more XML, the body is not one XML document: no SOAP message
    int status = what.startsWith("cut") || what.startsWith("garbage") ? 400 : 500;
    assertEquals(status, r.getStatus(), text.length() > 2000 ? text.substring(0, 2000) : text);
    assertEquals("text/xml", r.getMediaType());
    assertTrue(
        text.contains("<faultcode>soapenv:Client</faultcode>")
            || text.contains("<faultcode>soapenv:VersionMismatch</faultcode>"),
        text);
  }

  /** The check lets every whole request through: a header, comments and white space included. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("org.wirebench.server.soap.SoapServerTest#stacks")
  void wholeRequestsPass(String stack) throws Exception {
    String body =
        OPEN
            + "<!-- a comment --> <soapenv:Header/>\n <soapenv:Body> "
            + INTS
            + " </soapenv:Body></soapenv:Envelope>\n<!-- end -->";
    ContentResponse r = post(stack, body);
    assertEquals(200, r.getStatus(), r.getContentAsString());
    assertTrue(r.getContentAsString().contains("echoIntsReturn>1<"), r.getContentAsString());
  }

  private static ContentResponse post(String stack, String body) throws Exception {
    return client
        .POST(server.uri().resolve(SoapServices.path(stack)))
        .headers(h -> h.put("SOAPAction", "\"\""))
        .body(
            new BytesRequestContent(
                "text/xml; charset=UTF-8", body.getBytes(StandardCharsets.UTF_8)))
        .timeout(30, TimeUnit.SECONDS)
        .send();
  }
}
