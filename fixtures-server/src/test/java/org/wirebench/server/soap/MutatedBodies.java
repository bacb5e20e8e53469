package org.wirebench.server.soap;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.wirebench.formats.soap.Operation;

/**
 * SOAP requests for the differential test of {@link PayloadCheck}: each operation's request
 * element with its children dropped, doubled, reordered, renamed or put in another namespace, with
 * xsi:nil, xsi:type, other attributes, text and elements where they do not belong, and values drawn
 * from the tricky spellings of each type (signs, leading zeros, white space, exponents, the
 * special values and their wrong spellings, hex, non-ASCII digits, the bounds of each type and
 * just past them), from a seeded generator so that a failure can be replayed.
 */
final class MutatedBodies {
  static final String[] INTS = {
    "0", "7", "+7", "-7", "007", "-0", "+0", "00", "2147483647", "-2147483648", "2147483648",
    "-2147483649", "02147483647", "-002147483648", "+2147483647", "4294967297",
    "99999999999999999999", "00000000000000000000001", " 7 ", "\n7\t", "7&#13;", "&#9;7", "7 8",
    "", " ", "+", "-", "+-1", "--1", "1.0", "5.", ".5", "1e3", "0x10", "\u0663", "\u0661\u0662",
    "1d", "&#160;7", "\u20037", "7\u00a0", "1_000", "1,000", "32767", "32768", "-32769", "127",
    "128", "-129", "<![CDATA[42]]>", "4<!--c-->2", "<![CDATA[ 4]]>2", "\uff17"
  };

  static final String[] DOUBLES = {
    "0", "1.5", "-1.5E3", "1e-320", "-0.0", "0e999", "1.7976931348623157E308",
    "1.7976931348623159E308", "1.7976931348623158E308", "4.9e-324", "2e-324", "3e-324", "1e309",
    "-1e309", "1e-400", "-1e-400", "0.0e-400", "0.000e-99999", "INF", "-INF", "NaN", "+INF",
    "inf", "Infinity", "-Infinity", "nan", "NAN", "+NaN", "-NaN", "0x1p3", "0X1P3", "1d", "1f",
    "1D", "1e", "e1", ".5", "5.", ".", " 1.5 ", "1 5", "+.5e-3", "1E+2", "1e+-2", "\u0663.5",
    "1,5", "", "1e-2147483648", "1e2147483648", "3.4028235E38", "3.4028236E38", "3.5e38",
    "1e39", "1.4e-45", "7e-46", "7.1e-46", "1e-46", "1e-50", "-1e39", "1e38", " INF", "INF ",
    "\tNaN\n", "I NF", "&#32;-INF", "1.5&#160;", "00001.5", "+0", "-0", "1.0e0001"
  };

  static final String[] STRINGS = {
    "a", "", "  ", "\u00e9", "<![CDATA[x<y]]>", "&lt;", "a b", "\t", "i1", "i2", "en", "en-US",
    "english-x", "123", "a:b", "1a", "-a", "\u00e9t\u00e9", "\u0663", " i1 ", "a\u00b7b",
    "x\u0300", "_x", "\u2160"
  };

  static final String[] XSI_TYPES = {
    "xsd:int", "xsd:short", "xsd:byte", "xsd:long", "xsd:integer", "xsd:unsignedShort",
    "xsd:double", "xsd:float", "xsd:decimal", "xsd:string", "xsd:token", "xsd:normalizedString",
    "xsd:language", "xsd:NCName", "xsd:Name", "xsd:NMTOKEN", "xsd:ID", "xsd:IDREF",
    "xsd:ENTITY", "xsd:NMTOKENS", "xsd:IDREFS", "xsd:anyType", "xsd:anySimpleType",
    "ns:SimpleEvent", "ns:MeshInterfaceObject", "ns:int", "int", "u:int", " xsd:int ",
    "xsd:int xsd:int", "xsd:", ":int", "xsd:Int", "xml:int", "o:int", "xsd:int:x", "",
    "ns:echoInts", "SimpleEvent", "d:SimpleEvent", "d:int"
  };

  static final String[] ATTRIBUTES = {
    "a=\"1\"", "xml:lang=\"en\"", "xsi:foo=\"1\"", "xsi:nil=\"true\"", "xsi:nil=\"false\"",
    "xsi:nil=\"1\"", "xsi:nil=\"maybe\"", "xsi:schemaLocation=\"urn:a b\"",
    "xsi:schemaLocation=\"a\"", "xsi:schemaLocation=\"" + Operation.NAMESPACE + " x.xsd\"",
    "xsi:schemaLocation=\"\"", "xsi:noNamespaceSchemaLocation=\"x.xsd\"",
    "xsi:noNamespaceSchemaLocation=\"a b\"", "xsi:noNamespaceSchemaLocation=\"%zz\"",
    "xsi:schemaLocation=\"a b c\"", "xsi:schemaLocation=\"http://[x b\"", "o:a=\"1\"",
    "xsi2:nil=\"true\"", "xsi2:type=\"xsd:int\"", "ns:a=\"1\""
  };

  private static final String[] OPS = {
    "echoVoid", "echoInts", "echoDoubles", "echoFloats", "echoStrings", "echoSimpleEvents",
    "echoMeshInterfaceObjects"
  };

  private final Random random;

  MutatedBodies(long seed) {
    this.random = new Random(seed);
  }

  /** A SOAP 1.1 envelope around {@code request}, declaring the prefixes the mutations use. */
  static String envelope(String request) {
    return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
        + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
        + " xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:o=\"urn:other\""
        + " xmlns:xsi2=\"http://www.w3.org/1999/XMLSchema-instance\"><soapenv:Body>"
        + request
        + "</soapenv:Body></soapenv:Envelope>";
  }

  /** Every value of {@code values} alone in each place a value of that type goes. */
  static List<String> everyValue() {
    List<String> bodies = new ArrayList<>();
    for (String v : INTS) {
      bodies.add(request("echoInts", leaf("ns:input", v, "")));
      bodies.add(request("echoSimpleEvents", event(v, "1.5", "m")));
      bodies.add(request("echoMeshInterfaceObjects", mesh("1", v, "0")));
    }
    for (String v : DOUBLES) {
      bodies.add(request("echoDoubles", leaf("ns:input", v, "")));
      bodies.add(request("echoFloats", leaf("ns:input", v, "")));
      bodies.add(request("echoSimpleEvents", event("1", v, "m")));
      bodies.add(request("echoMeshInterfaceObjects", mesh("1", "2", v)));
    }
    for (String v : STRINGS) {
      bodies.add(request("echoStrings", leaf("ns:input", v, "")));
      for (String type : XSI_TYPES) {
        bodies.add(request("echoStrings", leaf("ns:input", v, "xsi:type=\"" + type + "\"")));
      }
    }
    for (String type : XSI_TYPES) {
      for (String v : new String[] {"7", "-129", "40000", "1.5", "INF"}) {
        bodies.add(request("echoInts", leaf("ns:input", v, "xsi:type=\"" + type + "\"")));
        bodies.add(request("echoDoubles", leaf("ns:input", v, "xsi:type=\"" + type + "\"")));
        bodies.add(request("echoFloats", leaf("ns:input", v, "xsi:type=\"" + type + "\"")));
      }
      String attr = " xsi:type=\"" + type + "\"";
      bodies.add(request("echoSimpleEvents", "<ns:input" + attr + ">" + event3("1", "2", "m")));
      bodies.add(request("echoMeshInterfaceObjects", "<ns:input" + attr + ">" + mesh3("1", "2", "3")));
      bodies.add(envelope("<ns:echoInts xmlns:ns=\"" + Operation.NAMESPACE + "\"" + attr + "/>"));
    }
    String id = "xsi:type=\"xsd:ID\"";
    String idref = "xsi:type=\"xsd:IDREF\"";
    String[][] idPairs = {
      {id, "i1", id, "i1"}, {id, "i1", id, " i1 "}, {id, "i1", id, "i2"}, {id, "i1", idref, "i1"},
      {idref, "i1", id, "i1"}, {idref, "i1", id, "i2"}, {idref, "i1", idref, "i1"},
      {id, "i1", idref, " i1\n"}, {"", "i1", idref, "i1"}
    };
    for (String[] p : idPairs) {
      bodies.add(request("echoStrings", leaf("ns:input", p[1], p[0]) + leaf("ns:input", p[3], p[2])));
    }
    for (String content :
        new String[] {
          "", " ", "\n", "&#9;", "<!--c-->", "x", "<![CDATA[]]>", "<![CDATA[ ]]>", " <!--c--> ",
          "<ns:input/>", "<ns:echoInts><ns:input>x</ns:input></ns:echoInts>", "<?pi x?>"
        }) {
      for (String op : OPS) {
        bodies.add(request(op, content));
      }
      bodies.add(request("echoInts", leaf("ns:input", "1", "") + content));
      bodies.add(request("echoInts", leaf("ns:input", "1" + content, "")));
      bodies.add(request("echoSimpleEvents", "<ns:input>" + content + event3("1", "2", "m")));
    }
    for (String a : ATTRIBUTES) {
      bodies.add(request("echoInts", leaf("ns:input", "1", a)));
      bodies.add(envelope("<ns:echoStrings xmlns:ns=\"" + Operation.NAMESPACE + "\" " + a + "/>"));
      bodies.add(request("echoSimpleEvents", "<ns:input " + a + ">" + event3("1", "2", "m")));
    }
    return bodies;
  }

  /** A random request, one or more of its parts mutated. */
  String next() {
    String op = OPS[random.nextInt(OPS.length)];
    StringBuilder inner = new StringBuilder();
    int n = random.nextInt(4);
    for (int i = 0; i < n; i++) {
      if (chance(15)) {
        inner.append(chance(2) ? "text" : "<!--c--> \n");
      }
      inner.append(item(op));
    }
    if (chance(20)) {
      inner.append(leaf(name("input"), value(op), ""));
    }
    if (chance(15)) {
      inner.append(chance(2) ? " " : "x");
    }
    String attrs = chance(12) ? " " + attribute() : "";
    return envelope(
        "<ns:"
            + op
            + " xmlns:ns=\""
            + Operation.NAMESPACE
            + "\""
            + (chance(20) ? " xmlns:d=\"" + Operation.NAMESPACE + "\"" : "")
            + attrs
            + ">"
            + inner
            + "</ns:"
            + op
            + ">");
  }

  private String item(String op) {
    return switch (op) {
      case "echoSimpleEvents" -> struct(new String[] {"sequenceNumber", "timestamp", "message"});
      case "echoMeshInterfaceObjects" -> struct(new String[] {"x", "y", "value"});
      default -> leaf(name("input"), value(op), chance(8) ? attribute() : "");
    };
  }

  private String struct(String[] fields) {
    List<String> children = new ArrayList<>();
    for (String f : fields) {
      String op =
          f.equals("timestamp") || f.equals("value")
              ? "echoDoubles"
              : f.equals("message") ? "echoStrings" : "echoInts";
      children.add(leaf(name(f), value(op), chance(15) ? attribute() : ""));
    }
    if (chance(10)) {
      children.remove(random.nextInt(children.size()));
    }
    if (chance(10) && !children.isEmpty()) {
      int i = random.nextInt(children.size());
      children.add(i, children.get(i));
    }
    if (chance(10) && children.size() > 1) {
      int i = random.nextInt(children.size() - 1);
      children.add(i + 1, children.remove(i));
    }
    if (chance(15)) {
      children.add(random.nextInt(children.size() + 1), chance(2) ? "x" : "<ns:extra/>");
    }
    String attrs = chance(10) ? " " + attribute() : "";
    String name = name("input");
    return "<" + name + attrs + ">" + String.join("", children) + "</" + name + ">";
  }

  /** Mostly {@code ns:local}; sometimes renamed, in no namespace or in another. */
  private String name(String local) {
    if (!chance(12)) {
      return "ns:" + local;
    }
    return switch (random.nextInt(5)) {
      case 0 -> local;
      case 1 -> "o:" + local;
      case 2 -> "ns:" + Character.toUpperCase(local.charAt(0)) + local.substring(1);
      case 3 -> "d:" + local;
      default -> "ns:extra";
    };
  }

  private String value(String op) {
    String v =
        switch (op) {
          case "echoInts", "echoVoid" -> chance(3) ? pick(INTS) : String.valueOf(random.nextInt());
          case "echoDoubles" -> chance(3) ? pick(DOUBLES) : String.valueOf(random.nextGaussian());
          case "echoFloats" -> chance(3) ? pick(DOUBLES) : String.valueOf(random.nextFloat());
          default -> pick(STRINGS);
        };
    return chance(25) ? v + "<ns:input>1</ns:input>" : v;
  }

  private String attribute() {
    return chance(2) ? "xsi:type=\"" + pick(XSI_TYPES) + "\"" : pick(ATTRIBUTES);
  }

  /** An element closed by {@code </prefix:local>}, whatever prefix opened it. */
  static String leaf(String name, String value, String attrs) {
    return "<" + name + (attrs.isEmpty() ? "" : " " + attrs) + ">" + value + "</" + name + ">";
  }

  private static String request(String op, String inner) {
    return envelope(
        "<ns:" + op + " xmlns:ns=\"" + Operation.NAMESPACE + "\">" + inner + "</ns:" + op + ">");
  }

  private static String event(String seq, String time, String message) {
    return "<ns:input>" + event3(seq, time, message);
  }

  private static String event3(String seq, String time, String message) {
    return leaf("ns:sequenceNumber", seq, "")
        + leaf("ns:timestamp", time, "")
        + leaf("ns:message", message, "")
        + "</ns:input>";
  }

  private static String mesh(String x, String y, String value) {
    return "<ns:input>" + mesh3(x, y, value);
  }

  private static String mesh3(String x, String y, String value) {
    return leaf("ns:x", x, "") + leaf("ns:y", y, "") + leaf("ns:value", value, "") + "</ns:input>";
  }

  private String pick(String[] values) {
    return values[random.nextInt(values.length)];
  }

  private boolean chance(int oneIn) {
    return random.nextInt(oneIn) == 0;
  }
}
