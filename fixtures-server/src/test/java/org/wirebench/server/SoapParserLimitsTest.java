package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * The limits of CXF's parser, kept by the envelope check for all three stacks: a request at each is
 * answered by every stack, one past it refused by every stack with 413 and a Client fault naming
 * it. Before, CXF answered each of these past its limit with a 500 and both Axis2 stacks with 200
 * (the Header's blocks, which no stack reads, made them valid requests). The XML reader's own
 * limits, above ours, are refused alike. Raw requests on a LocalConnector, under the default 16 MiB
 * body limit.
 */
class SoapParserLimitsTest {
  @RegisterExtension
  static final LocalServer SERVER =
      LocalServer.of(FixtureServer.Settings.defaults().compression(false));

  private static final String BLOCK = "<h:b xmlns:h=\"urn:h\"";

  private static String envelope(String onEnvelope, String header, String onPayload) {
    return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
        + onEnvelope
        + "><soapenv:Header>"
        + header
        + "</soapenv:Header><soapenv:Body><ns:echoInts xmlns:ns=\""
        + Operation.NAMESPACE
        + "\""
        + onPayload
        + "><ns:input>7</ns:input></ns:echoInts></soapenv:Body></soapenv:Envelope>";
  }

  private static String numbered(int n, String name) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(' ').append(name).append(i).append("=\"urn:").append(i).append('"');
    }
    return b.toString();
  }

  /** A header block whose elements are nested {@code depth} deep, the Envelope the first. */
  private static String deep(int depth) {
    int inner = depth - 3; // Envelope, Header, the block
    return BLOCK + ">" + "<h:c>".repeat(inner) + "</h:c>".repeat(inner) + "</h:b>";
  }

  /**
   * Each limit: a name, the request at it, the request one past it, and what the fault names. The
   * Envelope's one namespace declaration and the block's count in the 500 with the attributes.
   */
  static List<String[]> limits() {
    String at = "x".repeat(65_536);
    return List.of(
        new String[] {"depth", envelope("", deep(100), ""), envelope("", deep(101), ""), "deep"},
        new String[] {
          "attributes of a block",
          envelope("", BLOCK + numbered(499, "a") + "/>", ""),
          envelope("", BLOCK + numbered(500, "a") + "/>", ""),
          "more than 500 together"
        },
        new String[] {
          "namespace declarations of the payload element",
          envelope("", "", numbered(499, "xmlns:p")),
          envelope("", "", numbered(500, "xmlns:p")),
          "more than 500 together"
        },
        new String[] {
          "an attribute's characters",
          envelope("", BLOCK + " a=\"" + at + "\"/>", ""),
          envelope("", BLOCK + " a=\"" + at + "&amp;\"/>", ""),
          "longer than 65536 characters"
        },
        new String[] {
          "a namespace name's characters",
          envelope(" xmlns:q=\"" + at + "\"", "", ""),
          envelope(" xmlns:q=\"" + at + "x\"", "", ""),
          "longer than 65536 characters"
        },
        new String[] {
          "header blocks",
          envelope("", (BLOCK + "/>").repeat(SoapServices.MAX_ITEMS), ""),
          envelope("", (BLOCK + "/>").repeat(SoapServices.MAX_ITEMS + 1), ""),
          "more than " + SoapServices.MAX_ITEMS + " child elements"
        },
        new String[] {
          "children of a block",
          envelope("", BLOCK + ">" + "<h:c/>".repeat(SoapServices.MAX_ITEMS) + "</h:b>", ""),
          envelope("", BLOCK + ">" + "<h:c/>".repeat(SoapServices.MAX_ITEMS + 1) + "</h:b>", ""),
          "more than " + SoapServices.MAX_ITEMS + " child elements"
        });
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String[] limit : limits()) {
      for (String stack : SoapServices.NAMES) {
        cases.add(Arguments.of(limit[0], stack, limit[1], limit[2], limit[3]));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void atTheLimitAnsweredAndPastItRefusedAlike(
      String limit, String stack, String at, String past, String named) throws Exception {
    HttpTester.Response r = post(stack, at);
    assertEquals(200, r.getStatus(), limit + " at the limit\n" + r + r.getContent());
    assertTrue(r.getContent().contains(">7</"), r.getContent());
    r = post(stack, past);
    assertEquals(413, r.getStatus(), limit + " past the limit\n" + r + r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
    assertTrue(r.getContent().contains(named), r.getContent());
  }

  /**
   * Past the limits Woodstox keeps itself while it reads a start tag (1,000 attributes, 524,288
   * characters of an attribute value or namespace name), which it reports as it reports XML that is
   * not well-formed: one past ours got 413, these got 400 "not well-formed XML: Attribute limit
   * (1000) exceeded". Each request: a name, the body.
   */
  static Stream<Arguments> pastTheReadersOwn() {
    String past = "x".repeat(524_289);
    List<String[]> bodies =
        List.of(
            new String[] {
              "1,001 attributes of a block", envelope("", BLOCK + numbered(1001, "a") + "/>", "")
            },
            new String[] {
              "1,001 namespace declarations of the payload element",
              envelope("", "", numbered(1001, "xmlns:p"))
            },
            new String[] {
              "an attribute of 524,289 characters",
              envelope("", BLOCK + " a=\"" + past + "\"/>", "")
            },
            new String[] {
              "a namespace name of 524,289 characters",
              envelope(" xmlns:q=\"" + past + "\"", "", "")
            });
    List<Arguments> cases = new ArrayList<>();
    for (String[] body : bodies) {
      for (String stack : SoapServices.NAMES) {
        cases.add(Arguments.of(body[0], stack, body[1]));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("pastTheReadersOwn")
  void pastTheReadersOwnLimitsRefusedAsPastOurs(String name, String stack, String body)
      throws Exception {
    HttpTester.Response r = post(stack, body);
    assertEquals(413, r.getStatus(), name + "\n" + r + r.getContent());
    assertTrue(r.getContent().contains("<faultcode>soapenv:Client</faultcode>"), r.getContent());
    assertTrue(r.getContent().contains("the same on every stack"), r.getContent());
    assertFalse(r.getContent().contains("not well-formed"), r.getContent());
  }

  private static HttpTester.Response post(String stack, String body) throws Exception {
    return SERVER.postSoap(
        SoapServices.path(stack), "text/xml; charset=UTF-8", body.getBytes(StandardCharsets.UTF_8));
  }
}
