package org.wirebench.server.soap;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.wirebench.formats.soap.Operation;

/**
 * SOAP requests for the differential test of {@link PayloadCheck}: each operation's request element
 * with its children dropped, doubled, reordered, renamed or put in another namespace, with xsi:nil,
 * xsi:type, other attributes, text and elements where they do not belong, and values drawn from the
 * tricky spellings of each type (signs, leading zeros, white space, exponents, the special values
 * and their wrong spellings, hex, non-ASCII digits, the bounds of each type and just past them),
 * from a seeded generator so that a failure can be replayed.
 */
final class MutatedBodies {
  private static final String[] OPS = {
    "echoVoid",
    "echoInts",
    "echoDoubles",
    "echoFloats",
    "echoStrings",
    "echoSimpleEvents",
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
    for (String v : TrickyValues.INTS) {
      bodies.add(request("echoInts", leaf("ns:input", v, "")));
      bodies.add(request("echoSimpleEvents", event(v, "1.5", "m")));
      bodies.add(request("echoMeshInterfaceObjects", mesh("1", v, "0")));
    }
    for (String v : TrickyValues.DOUBLES) {
      bodies.add(request("echoDoubles", leaf("ns:input", v, "")));
      bodies.add(request("echoFloats", leaf("ns:input", v, "")));
      bodies.add(request("echoSimpleEvents", event("1", v, "m")));
      bodies.add(request("echoMeshInterfaceObjects", mesh("1", "2", v)));
    }
    for (String v : TrickyValues.STRINGS) {
      bodies.add(request("echoStrings", leaf("ns:input", v, "")));
      for (String type : TrickyValues.XSI_TYPES) {
        bodies.add(request("echoStrings", leaf("ns:input", v, "xsi:type=\"" + type + "\"")));
      }
    }
    for (String type : TrickyValues.XSI_TYPES) {
      for (String v : new String[] {"7", "-129", "40000", "1.5", "INF"}) {
        bodies.add(request("echoInts", leaf("ns:input", v, "xsi:type=\"" + type + "\"")));
        bodies.add(request("echoDoubles", leaf("ns:input", v, "xsi:type=\"" + type + "\"")));
        bodies.add(request("echoFloats", leaf("ns:input", v, "xsi:type=\"" + type + "\"")));
      }
      String attr = " xsi:type=\"" + type + "\"";
      bodies.add(request("echoSimpleEvents", "<ns:input" + attr + ">" + event3("1", "2", "m")));
      bodies.add(
          request("echoMeshInterfaceObjects", "<ns:input" + attr + ">" + mesh3("1", "2", "3")));
      bodies.add(envelope("<ns:echoInts xmlns:ns=\"" + Operation.NAMESPACE + "\"" + attr + "/>"));
    }
    String id = "xsi:type=\"xsd:ID\"";
    String idref = "xsi:type=\"xsd:IDREF\"";
    String[][] idPairs = {
      {id, "i1", id, "i1"},
      {id, "i1", id, " i1 "},
      {id, "i1", id, "i2"},
      {id, "i1", idref, "i1"},
      {idref, "i1", id, "i1"},
      {idref, "i1", id, "i2"},
      {idref, "i1", idref, "i1"},
      {id, "i1", idref, " i1\n"},
      {"", "i1", idref, "i1"}
    };
    for (String[] p : idPairs) {
      bodies.add(
          request("echoStrings", leaf("ns:input", p[1], p[0]) + leaf("ns:input", p[3], p[2])));
    }
    for (String content :
        new String[] {
          "",
          " ",
          "\n",
          "&#9;",
          "<!--c-->",
          "x",
          "<![CDATA[]]>",
          "<![CDATA[ ]]>",
          " <!--c--> ",
          "<ns:input/>",
          "<ns:echoInts><ns:input>x</ns:input></ns:echoInts>",
          "<?pi x?>"
        }) {
      for (String op : OPS) {
        bodies.add(request(op, content));
      }
      bodies.add(request("echoInts", leaf("ns:input", "1", "") + content));
      bodies.add(request("echoInts", leaf("ns:input", "1" + content, "")));
      bodies.add(request("echoSimpleEvents", "<ns:input>" + content + event3("1", "2", "m")));
    }
    for (String a : TrickyValues.ATTRIBUTES) {
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
          case "echoInts", "echoVoid" ->
              chance(3) ? pick(TrickyValues.INTS) : String.valueOf(random.nextInt());
          case "echoDoubles" ->
              chance(3) ? pick(TrickyValues.DOUBLES) : String.valueOf(random.nextGaussian());
          case "echoFloats" ->
              chance(3) ? pick(TrickyValues.DOUBLES) : String.valueOf(random.nextFloat());
          default -> pick(TrickyValues.STRINGS);
        };
    return chance(25) ? v + "<ns:input>1</ns:input>" : v;
  }

  private String attribute() {
    return chance(2)
        ? "xsi:type=\"" + pick(TrickyValues.XSI_TYPES) + "\""
        : pick(TrickyValues.ATTRIBUTES);
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
