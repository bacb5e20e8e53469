package org.wirebench.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.InputStreamRequestContent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.formats.soap.SoapStacks;
import org.wirebench.server.FixtureServer;

/** The three stacks hosted for real (AxisServlet, CXF servlet) on a real Jetty. */
class SoapServerTest {
  private static final long LIMIT = 512 * 1024;
  private static FixtureServer server;
  private static HttpClient client;

  @BeforeAll
  static void start() throws Exception {
    server = new FixtureServer(FixtureServer.Settings.defaults().maxBodyBytes(LIMIT)).start();
    client = new HttpClient();
    client.start();
  }

  @AfterAll
  static void stop() throws Exception {
    client.stop();
    server.close();
  }

  static Stream<Arguments> stackOperationSize() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (Operation op : Operation.values()) {
        cases.add(Arguments.of(stack, op, op == Operation.VOID ? 0 : 1));
        cases.add(Arguments.of(stack, op, op == Operation.VOID ? 0 : 500));
      }
    }
    return cases.stream();
  }

  private static ContentResponse post(String stack, byte[] body) throws Exception {
    return client
        .POST(server.uri().resolve(SoapServices.path(stack)))
        .headers(h -> h.put("SOAPAction", "\"\""))
        .body(new BytesRequestContent("text/xml; charset=UTF-8", body))
        .timeout(30, TimeUnit.SECONDS)
        .send();
  }

  @ParameterizedTest(name = "{0} echoes {1} x {2}")
  @MethodSource("stackOperationSize")
  void echoesOverHttp(String stack, Operation op, int size) throws Exception {
    EchoValues sent = EchoValues.generate(op, size);
    ContentResponse r = post(stack, SoapEnvelopes.request(sent));
    assertEquals(200, r.getStatus(), r::getContentAsString);
    assertTrue(r.getMediaType().equals("text/xml"), r.getMediaType());
    // read back by an independent stack, not the one that wrote it
    EchoValues echoed =
        SoapStacks.get("stax-raw").readResponse(op, new ByteArrayInputStream(r.getContent()));
    assertEquals(sent, echoed);
  }

  @ParameterizedTest(name = "{0} WSDL")
  @MethodSource("stacks")
  void wsdlNamesTheServiceAtItsOwnAddress(String stack) throws Exception {
    ContentResponse r =
        client.GET(server.uri().resolve(SoapServices.path(stack) + "?wsdl").toString());
    assertEquals(200, r.getStatus());
    Document wsdl = parse(r.getContent());
    assertEquals("definitions", wsdl.getDocumentElement().getLocalName());
    String address =
        wsdl.getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/soap/", "address")
            .item(0)
            .getAttributes()
            .getNamedItem("location")
            .getNodeValue();
    assertTrue(
        address.startsWith(server.uri().resolve(SoapServices.path(stack)).toString()), address);
  }

  static Stream<String> stacks() {
    return SoapServices.NAMES.stream();
  }

  static Stream<Arguments> badRequests() {
    String ns = "xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"";
    String dtd =
        "<?xml version=\"1.0\"?><!DOCTYPE s:Envelope [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
            + "<s:Envelope "
            + ns
            + "><s:Body><b:echoStrings xmlns:b=\"http://www.extreme.indiana.edu/wsdl/Benchmark1\">"
            + "<b:input>&e;</b:input></b:echoStrings></s:Body></s:Envelope>";
    String truncated = "<s:Envelope " + ns + "><s:Body><b:echoInts";
    String unknown =
        "<s:Envelope " + ns + "><s:Body><x:nothing xmlns:x=\"urn:nowhere\"/></s:Body></s:Envelope>";
    String notXml = "hello";
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      cases.add(Arguments.of(stack, "DTD with an external entity", dtd, 500));
      cases.add(Arguments.of(stack, "truncated envelope", truncated, 400));
      cases.add(Arguments.of(stack, "unknown operation", unknown, 500));
      cases.add(Arguments.of(stack, "not XML", notXml, 400));
      cases.add(Arguments.of(stack, "empty body", "", 400));
      cases.add(Arguments.of(stack, "another root element", "<a/>", 400));
    }
    return cases.stream();
  }

  /**
   * SOAP 1.1 over HTTP answers a fault in an envelope with 500 (WS-I Basic Profile R1126); a body
   * that is no SOAP message at all (not XML, cut short, empty) is the HTTP request's fault: 400.
   */
  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("badRequests")
  void badRequestsGetAFaultWithoutAStackTrace(String stack, String what, String body, int status)
      throws Exception {
    ContentResponse r = post(stack, body.getBytes(StandardCharsets.UTF_8));
    String text = r.getContentAsString();
    assertEquals(status, r.getStatus(), text);
    assertEquals("text/xml", r.getMediaType());
    Document fault = parse(r.getContent());
    assertEquals(
        1,
        fault
            .getElementsByTagNameNS("http://schemas.xmlsoap.org/soap/envelope/", "Fault")
            .getLength(),
        text);
    String faultstring = fault.getElementsByTagName("faultstring").item(0).getTextContent();
    assertFalse(faultstring.isBlank());
    String faultcode = fault.getElementsByTagName("faultcode").item(0).getTextContent();
    assertTrue(faultcode.matches("\\w+:(Client|Server)(\\.\\w+)*"), faultcode);
    assertNoJavaInternals(text);
    assertFalse(text.contains("root:"), "the external entity was resolved: " + text);
  }

  /** A fault names the problem; Java class names and stack frames stay in the server's log. */
  private static void assertNoJavaInternals(String text) {
    assertFalse(text.contains("\tat ") || text.contains("at org."), text);
    assertFalse(
        java.util.regex.Pattern.compile("\\b[a-z]+\\.[a-z]+\\.[\\w.]*[A-Z]\\w*")
            .matcher(text)
            .find(),
        "a Java class name in: " + text);
    assertFalse(text.contains("Exception"), text);
  }

  static Stream<Arguments> refusedRequests() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      cases.add(Arguments.of(stack, "POST", "text/xml; charset=bogus-42", 415, "bogus-42"));
      // a VersionMismatch fault rather than Client (SoapVersionMismatchTest)
      cases.add(
          Arguments.of(stack, "POST", "application/soap+xml; charset=UTF-8", 415, "SOAP 1.2"));
      cases.add(Arguments.of(stack, "POST", "application/json", 415, "not text/xml"));
      cases.add(Arguments.of(stack, "DELETE", "text/xml", 405, "DELETE"));
      cases.add(Arguments.of(stack, "PUT", "text/xml", 405, "PUT"));
    }
    return cases.stream();
  }

  /** What no stack here serves is refused before a stack sees it, as a fault with a 4xx. */
  @ParameterizedTest(name = "{0}: {1} {2}")
  @MethodSource("refusedRequests")
  void refusedRequestsGetAClientFault(
      String stack, String method, String contentType, int status, String says) throws Exception {
    byte[] body = SoapEnvelopes.request(EchoValues.generate(Operation.INTS, 3));
    ContentResponse r =
        client
            .newRequest(server.uri().resolve(SoapServices.path(stack)))
            .method(method)
            .body(new BytesRequestContent(contentType, body))
            .timeout(30, TimeUnit.SECONDS)
            .send();
    String text = r.getContentAsString();
    assertEquals(status, r.getStatus(), text);
    assertEquals("text/xml", r.getMediaType(), text);
    assertTrue(
        text.contains(
            contentType.startsWith("application/soap+xml")
                ? "soapenv:VersionMismatch"
                : "soapenv:Client"),
        text);
    assertTrue(text.contains(says), text);
    assertNoJavaInternals(text);
    if (status == 415) {
      // RFC 9110 §15.5.16: what would have been taken
      assertEquals("text/xml", r.getHeaders().get("Accept"), text);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void aBodyAboveTheLimitGets413AndAClientFault(String stack) throws Exception {
    byte[] big = SoapEnvelopes.request(EchoValues.generate(Operation.STRINGS, 60_000));
    assertTrue(big.length > LIMIT);
    ContentResponse declared = post(stack, big);
    assertEquals(413, declared.getStatus());
    assertTrue(declared.getContentAsString().contains("soapenv:Client"));
    ContentResponse chunked =
        client
            .POST(server.uri().resolve(SoapServices.path(stack)))
            .body(new InputStreamRequestContent("text/xml", new ByteArrayInputStream(big)))
            .timeout(30, TimeUnit.SECONDS)
            .send();
    assertEquals(413, chunked.getStatus());
    assertTrue(chunked.getContentAsString().contains("above this server's limit of 524288"));
  }

  /** Axis2 reads to the envelope's end only; the server must still keep the connection. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void chunkedRequestsKeepTheConnectionAlive(String stack) throws Exception {
    byte[] body = SoapEnvelopes.request(EchoValues.generate(Operation.INTS, 10));
    URI uri = server.uri();
    String head =
        "POST "
            + SoapServices.path(stack)
            + " HTTP/1.1\r\nHost: "
            + uri.getHost()
            + "\r\nContent-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"\"\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n";
    ByteArrayOutputStream request = new ByteArrayOutputStream();
    request.write(head.getBytes(StandardCharsets.US_ASCII));
    request.write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
    request.write(body);
    request.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      // a bound for a stalled machine: each read ends at its envelope's end, not at this
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      int answers = 0;
      for (int i = 0; i < 2; i++) {
        out.write(request.toByteArray());
        out.flush();
        answers += readUntilResponseEnds(in);
      }
      assertEquals(2, answers, "both requests on one connection were answered");
    }
  }

  /** Reads one response; 1 if it was a 200. */
  private static int readUntilResponseEnds(InputStream in) throws Exception {
    ByteArrayOutputStream seen = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    try {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        seen.write(buffer, 0, n);
        String s = seen.toString(StandardCharsets.ISO_8859_1);
        if (s.contains("</soapenv:Envelope>") || s.contains("</soap:Envelope>")) {
          if (!s.contains("Transfer-Encoding: chunked") || s.endsWith("0\r\n\r\n")) {
            break;
          }
        }
      }
    } catch (SocketTimeoutException e) {
      // fall through: judge what arrived
    }
    return seen.toString(StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 200") ? 1 : 0;
  }

  private static Document parse(byte[] xml) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
  }
}
