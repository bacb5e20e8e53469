package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.soap.Operation;
import org.wirebench.server.soap.SoapServices;

/**
 * Every request element is checked against Benchmark1.wsdl's schema before a stack reads it, one
 * way for all three: a value outside its type's lexical or value space, a child out of place, or
 * nil where the schema allows none gets a 500 Client fault naming the element and the value. The
 * stacks changed such values without a fault (CXF and Axis2-JAXB wrapped 4294967297 to 1,
 * Axis2-JAXB dropped what it could not parse, an empty int was 0) or answered Server. Values the
 * schema takes are echoed; Axis2-ADB, which loses NaN and writes infinities as Java's Infinity,
 * refuses them with a Server fault naming the value. Raw requests on a LocalConnector.
 */
public class SoapValuesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String ADB = SoapServices.path("axis2-adb");

  public static String envelope(String header, String op, String inner) {
    return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
        + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
        + header
        + "<soapenv:Body><ns:"
        + op
        + " xmlns:ns=\""
        + Operation.NAMESPACE
        + "\">"
        + inner
        + "</ns:"
        + op
        + "></soapenv:Body></soapenv:Envelope>";
  }

  static HttpTester.Response post(String path, String envelope) throws Exception {
    byte[] body = envelope.getBytes(StandardCharsets.UTF_8);
    byte[] head =
        ("POST "
                + path
                + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: \"\"\r\nContent-Length: "
                + body.length
                + "\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    byte[] raw = java.util.Arrays.copyOf(head, head.length + body.length);
    System.arraycopy(body, 0, raw, head.length, body.length);
    return SERVER.send(raw);
  }

  private static String ints(String... values) {
    StringBuilder s = new StringBuilder();
    for (String v : values) {
      s.append(
          v.equals("<nil>") ? "<ns:input xsi:nil=\"true\"/>" : "<ns:input>" + v + "</ns:input>");
    }
    return s.toString();
  }

  /** {operation, request element's content, what the fault must name}. */
  public static final String[][] REFUSED = {
    {"echoInts", ints("4294967297"), "4294967297"},
    {"echoInts", ints("2147483648"), "2147483648"},
    {"echoInts", ints("-2147483649"), "-2147483649"},
    {"echoInts", ints("99999999999999999999"), "99999999999999999999"},
    {"echoInts", ints("0", "5.0"), "5.0"},
    {"echoInts", ints("0x10"), "0x10"},
    {"echoInts", ints("1e3"), "1e3"},
    {"echoInts", ints("abc"), "abc"},
    {"echoInts", ints("\u0663"), "\u0663"},
    {"echoInts", ints("1d"), "1d"},
    {"echoInts", ints(""), "input"},
    {"echoInts", "<ns:input/>", "input"},
    {"echoInts", ints("<nil>"), "nil"},
    {"echoInts", ints("0", "1") + "<ns:extra>2</ns:extra>", "extra"},
    {"echoInts", ints("0") + "<input>1</input>" + ints("2"), "'input'"},
    {
      "echoInts",
      "<ns:input><xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"x\"/></ns:input>",
      "include"
    },
    {"echoVoid", "<ns:input>1</ns:input>", "input"},
    {"echoDoubles", ints("1d"), "1d"},
    {"echoDoubles", ints("1f"), "1f"},
    {"echoDoubles", ints("Infinity"), "Infinity"},
    {"echoDoubles", ints("-Infinity"), "-Infinity"},
    {"echoDoubles", ints("+INF"), "+INF"},
    {"echoDoubles", ints("nan"), "nan"},
    {"echoDoubles", ints(""), "input"},
    {"echoDoubles", ints("0x1p3"), "0x1p3"},
    {"echoDoubles", ints("\u0663.5"), "\u0663.5"},
    {"echoDoubles", ints("1e309"), "1e309"},
    {"echoDoubles", ints("-1e400"), "-1e400"},
    {"echoDoubles", ints("1e-400"), "1e-400"},
    {"echoFloats", ints("1e39"), "1e39"},
    {"echoFloats", ints("-1e39"), "-1e39"},
    {"echoFloats", ints("1e-50"), "1e-50"},
    {
      "echoMeshInterfaceObjects",
      "<ns:input><ns:x>1</ns:x><ns:y>2</ns:y><ns:value>1e309</ns:value></ns:input>",
      "1e309"
    },
    {"echoFloats", ints("1f"), "1f"},
    {"echoFloats", ints("0x1p3"), "0x1p3"},
    {"echoFloats", ints("Infinity"), "Infinity"},
    {"echoStrings", ints("a", "<nil>"), "nil"},
    {
      "echoSimpleEvents",
      "<ns:input><ns:sequenceNumber>1</ns:sequenceNumber><ns:message>m</ns:message>"
          + "<ns:timestamp>1</ns:timestamp></ns:input>",
      "message"
    },
  };

  static Stream<Arguments> refused() {
    List<Arguments> cases = new ArrayList<>();
    for (String stack : SoapServices.NAMES) {
      for (String[] c : REFUSED) {
        cases.add(Arguments.of(SoapServices.path(stack), c[0], c[1], c[2]));
      }
    }
    return cases.stream();
  }

  /** The fault's code and faultstring. */
  static String[] fault(HttpTester.Response r) {
    String content = r.getContent();
    Matcher code = Pattern.compile("<faultcode>soapenv:(\\w+)</faultcode>").matcher(content);
    Matcher text = Pattern.compile("<faultstring>(.*?)</faultstring>").matcher(content);
    assertTrue(code.find() && text.find(), content);
    return new String[] {
      code.group(1), text.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    };
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("refused")
  void aValueOutsideTheSchemaGetsOneClientFaultOnEveryStack(
      String path, String op, String inner, String named) throws Exception {
    HttpTester.Response r = post(path, envelope("", op, inner));
    assertEquals(500, r.getStatus(), path + "\n" + r + r.getContent());
    String[] fault = fault(r);
    assertEquals("Client", fault[0], fault[1]);
    assertTrue(fault[1].contains("Benchmark1.wsdl's schema"), fault[1]);
    assertTrue(fault[1].contains(named), named + " in " + fault[1]);
  }

  static Stream<Arguments> stacks() {
    return SoapServices.NAMES.stream().map(s -> Arguments.of(SoapServices.path(s)));
  }

  /** What the schema takes is echoed as its value by every stack. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void valuesTheSchemaTakesAreEchoed(String path) throws Exception {
    HttpTester.Response r =
        post(path, envelope("", "echoInts", ints("+7", "-2147483647", "2147483647")));
    assertEquals(200, r.getStatus(), r.getContent());
    assertTrue(
        r.getContent().contains(">7<") && r.getContent().contains(">-2147483647<"), r.getContent());
    r =
        post(
            path,
            envelope(
                "",
                "echoDoubles",
                ints("1e-320", "-0.0", "1.5E3", "0e999", "1.7976931348623157E308")));
    assertEquals(200, r.getStatus(), r.getContent());
    assertTrue(
        r.getContent().contains(">-0.0<") && r.getContent().contains(">1500.0<"), r.getContent());
  }

  /**
   * An xs:int with XML white space around it is a value the schema takes (its whiteSpace facet
   * collapses it): the JAXB stacks echo the number; Axis2-ADB's generated code cannot read it and
   * answered a Server fault saying only Java's "For input string", and now refuses it naming the
   * stack and the value, in an array, a SimpleEvent and a MeshInterfaceObject alike.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void intsWithWhiteSpaceAroundThemAreEchoedOrRefusedByName(String path) throws Exception {
    String[][] cases = {
      {"echoInts", ints(" 5 "), "echoIntsReturn>5<"},
      {"echoInts", ints("\n\t5"), "echoIntsReturn>5<"},
      {
        "echoSimpleEvents",
        "<ns:input><ns:sequenceNumber>5 </ns:sequenceNumber><ns:timestamp>1.5</ns:timestamp>"
            + "<ns:message>m</ns:message></ns:input>",
        "sequenceNumber>5<"
      },
      {
        "echoMeshInterfaceObjects",
        "<ns:input><ns:x>1</ns:x><ns:y> 5</ns:y><ns:value>1.5</ns:value></ns:input>",
        "y>5<"
      },
    };
    for (String[] c : cases) {
      HttpTester.Response r = post(path, envelope("", c[0], c[1]));
      String what = path + " " + c[0] + "\n" + r.getContent();
      if (path.equals(ADB)) {
        assertEquals(500, r.getStatus(), what);
        String[] fault = fault(r);
        assertEquals("Server", fault[0], what);
        assertTrue(fault[1].contains("axis2-adb cannot carry") && fault[1].contains("5"), what);
        assertTrue(!fault[1].contains("For input string"), what);
      } else {
        assertEquals(200, r.getStatus(), what);
        assertTrue(r.getContent().contains(c[2]), what);
      }
    }
  }

  /**
   * NaN and the infinities, as zeep sends {@code [nan, inf, 1e-320, -0.0]}: the JAXB stacks echo
   * them in XML Schema's spellings, and -2147483648; Axis2-ADB dropped NaN and -2147483648 from the
   * array with 200 and refuses them now with a Server fault naming the value.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void nanInfinitiesAndIntMinAreEchoedOrRefused(String path) throws Exception {
    for (String op : List.of("echoDoubles", "echoFloats")) {
      for (String special : List.of("NaN", "INF", "-INF")) {
        HttpTester.Response r =
            post(
                path,
                envelope(
                    "", op, ints(special, op.equals("echoFloats") ? "1e-45" : "1e-320", "-0.0")));
        String what = path + " " + op + " " + special + "\n" + r.getContent();
        if (path.equals(ADB)) {
          assertEquals(500, r.getStatus(), what);
          String[] fault = fault(r);
          assertEquals("Server", fault[0], what);
          assertTrue(fault[1].contains("axis2-adb") && fault[1].contains(special), what);
        } else {
          assertEquals(200, r.getStatus(), what);
          assertTrue(r.getContent().contains("Return>" + special + "</"), what);
          assertTrue(r.getContent().contains("Return>-0.0</"), what);
          assertEquals(3, r.getContent().split("Return>").length / 2, what);
        }
      }
    }
    HttpTester.Response r = post(path, envelope("", "echoInts", ints("-2147483648", "1")));
    if (path.equals(ADB)) {
      assertEquals(500, r.getStatus(), r.getContent());
      assertEquals("Server", fault(r)[0], r.getContent());
      assertTrue(fault(r)[1].contains("-2147483648"), r.getContent());
    } else {
      assertEquals(200, r.getStatus(), r.getContent());
      assertTrue(r.getContent().contains(">-2147483648<"), r.getContent());
    }
    r =
        post(
            path,
            envelope(
                "",
                "echoSimpleEvents",
                "<ns:input><ns:sequenceNumber>1</ns:sequenceNumber><ns:timestamp>NaN</ns:timestamp>"
                    + "<ns:message>m</ns:message></ns:input>"));
    assertEquals(path.equals(ADB) ? 500 : 200, r.getStatus(), r.getContent());
    if (path.equals(ADB)) {
      assertTrue(fault(r)[1].contains("timestamp"), r.getContent());
    }
  }

  /**
   * A character reference XML forbids in a value (Woodstox reports it only when the text is read,
   * as the schema check does): the 400 for a body that is no XML, on every stack, as before the
   * schema check, whose reading of the text first made it a 500 Server fault.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void aForbiddenCharacterReferenceIsNotWellFormed(String path) throws Exception {
    HttpTester.Response r = post(path, envelope("", "echoStrings", ints("a&#0;")));
    assertEquals(400, r.getStatus(), r.getContent());
    assertEquals("Client", fault(r)[0], r.getContent());
    assertTrue(fault(r)[1].contains("not well-formed XML"), r.getContent());
  }

  /**
   * Header blocks: none is understood here, so mustUnderstand="1" gets the MustUnderstand fault
   * (Axis2 and CXF did, too), and a value other than 0 or 1 a Client fault (Axis2 answered "true"
   * Server, CXF MustUnderstand); text in the Header a Client fault (the stacks ignored it); a
   * processing instruction anywhere (SOAP 1.1 §3) a Client fault (CXF answered one before the
   * Envelope 200, Axis2 500 Server).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void headerBlocksAndProcessingInstructions(String path) throws Exception {
    String block =
        "<soapenv:Header><h:b xmlns:h=\"urn:h\" soapenv:mustUnderstand=\"%s\"/></soapenv:Header>";
    HttpTester.Response r =
        post(path, envelope(String.format(block, "true"), "echoInts", ints("1")));
    assertEquals(500, r.getStatus(), r.getContent());
    assertEquals("Client", fault(r)[0], r.getContent());
    assertTrue(fault(r)[1].contains("'true'"), r.getContent());
    r = post(path, envelope(String.format(block, "1"), "echoInts", ints("1")));
    assertEquals(500, r.getStatus(), r.getContent());
    assertEquals("MustUnderstand", fault(r)[0], r.getContent());
    r = post(path, envelope(String.format(block, "0"), "echoInts", ints("1")));
    assertEquals(200, r.getStatus(), r.getContent());
    r = post(path, envelope("<soapenv:Header>text</soapenv:Header>", "echoInts", ints("1")));
    assertEquals(500, r.getStatus(), r.getContent());
    assertEquals("Client", fault(r)[0], r.getContent());
    assertTrue(fault(r)[1].contains("text in the Header"), r.getContent());
    for (String env :
        List.of(
            "<?pi x?>" + envelope("", "echoInts", ints("1")),
            envelope("", "echoInts", "<?pi x?>" + ints("1")),
            envelope("", "echoInts", ints("1")) + "<?pi x?>")) {
      r = post(path, env);
      assertEquals(500, r.getStatus(), env + "\n" + r.getContent());
      assertEquals("Client", fault(r)[0], r.getContent());
      assertTrue(fault(r)[1].contains("processing instruction"), r.getContent());
    }
  }

  /**
   * A header block for another actor is not this node's (SOAP 1.1 §4.2.2-4.2.3): its
   * mustUnderstand="1" asks nothing of the ultimate receiver, and the message is served (it was
   * refused with MustUnderstand). A block with no actor or the "next" actor is this node's and
   * still gets MustUnderstand; an empty actor, which names no node, a Client fault.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void aMustUnderstandBlockForAnotherActorIsNotThisNodes(String path) throws Exception {
    String block =
        "<soapenv:Header><h:b xmlns:h=\"urn:h\" soapenv:mustUnderstand=\"1\"%s/></soapenv:Header>";
    String served = post(path, envelope("", "echoInts", ints("1", "2"))).getContent();
    HttpTester.Response r =
        post(
            path,
            envelope(
                String.format(block, " soapenv:actor=\"urn:example:other-node\""),
                "echoInts",
                ints("1", "2")));
    assertEquals(200, r.getStatus(), r.getContent());
    assertEquals(served, r.getContent());
    for (String actor :
        List.of("", " soapenv:actor=\"http://schemas.xmlsoap.org/soap/actor/next\"")) {
      r = post(path, envelope(String.format(block, actor), "echoInts", ints("1")));
      assertEquals(500, r.getStatus(), actor + r.getContent());
      assertEquals("MustUnderstand", fault(r)[0], r.getContent());
    }
    r = post(path, envelope(String.format(block, " soapenv:actor=\"\""), "echoInts", ints("1")));
    assertEquals(500, r.getStatus(), r.getContent());
    assertEquals("Client", fault(r)[0], r.getContent());
    assertTrue(fault(r)[1].contains("empty actor"), r.getContent());
  }
}
