package org.wirebench.server.load;

import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;

/**
 * The assertions of a {@link JmeterPlan}: what the driver checks of every answer (status, content
 * type, length), as JMeter can see it, and the outline check of one answer a thread.
 */
final class JmeterChecks {
  private JmeterChecks() {}

  /**
   * The most bytes a good body of variant {@code index} may take on the wire, where JMeter measures
   * it: its length within the tolerance, plus the chunked encoding's framing of a streamed answer
   * (at most 8 bytes a chunk of 1 KiB or more, and 5 for the last chunk). The least bytes need no
   * such allowance: framing only adds.
   */
  static long wireMaxBytes(ResponseProbe probe, int index) {
    long max = probe.maxBytes(index);
    return max + 8 * ((max + 1023) / 1024) + 5;
  }

  /** The driver's first two checks: the status, and the content type of the first response. */
  static void statusAndType(XMLStreamWriter2 w, LoadPlan p, ResponseProbe probe)
      throws XMLStreamException {
    responseAssertion(
        w, "status " + p.expectStatus, "Assertion.response_code", 8, p.expectStatus + "");
    if (probe.contentType() != null) {
      // 2: contains, as a regular expression; case-insensitive, as HTTP header values are read
      // (a client may give "charset=utf-8" for the "charset=UTF-8" a server sent)
      responseAssertion(
          w,
          "content type " + probe.contentType(),
          "Assertion.response_headers",
          2,
          "(?i)Content-Type: *" + literal(probe.contentType()));
    }
  }

  /** {@code text} as a regular expression matching itself (Java's and JMeter's ORO alike). */
  static String literal(String text) {
    StringBuilder b = new StringBuilder();
    for (char c : text.toCharArray()) {
      if (!Character.isLetterOrDigit(c) && c < 128) {
        b.append('\\');
      }
      b.append(c);
    }
    return b.toString();
  }

  static void responseAssertion(
      XMLStreamWriter2 w, String name, String field, int testType, String expected)
      throws XMLStreamException {
    JmeterPlan.element(w, "ResponseAssertion", "AssertionGui", name);
    w.writeStartElement("collectionProp");
    w.writeAttribute("name", "Asserion.test_strings"); // sic: JMeter's own spelling
    JmeterPlan.prop(w, "stringProp", "0", expected);
    w.writeEndElement();
    JmeterPlan.prop(w, "stringProp", "Assertion.test_field", field);
    JmeterPlan.prop(w, "boolProp", "Assertion.assume_success", "false");
    JmeterPlan.prop(w, "intProp", "Assertion.test_type", Integer.toString(testType));
    w.writeEndElement();
    w.writeEmptyElement("hashTree");
  }

  static void size(XMLStreamWriter2 w, String name, String bytes, int operator)
      throws XMLStreamException {
    JmeterPlan.element(w, "SizeAssertion", "SizeAssertionGui", name);
    JmeterPlan.prop(w, "stringProp", "Assertion.test_field", "SizeAssertion.response_data");
    JmeterPlan.prop(w, "stringProp", "SizeAssertion.size", bytes);
    JmeterPlan.prop(w, "intProp", "SizeAssertion.operator", Integer.toString(operator));
    w.writeEndElement();
    w.writeEmptyElement("hashTree");
  }

  static void structure(XMLStreamWriter2 w, ResponseProbe.Structure s) throws XMLStreamException {
    if (s.kind().equals(ResponseProbe.Structure.XML)) {
      JmeterPlan.element(w, "XPath2Assertion", "XPath2AssertionGui", "root element");
      JmeterPlan.prop(w, "boolProp", "XPath.negate", "false");
      JmeterPlan.prop(w, "stringProp", "XPath.xpath", s.path());
      JmeterPlan.prop(w, "stringProp", "XPath.namespaces", "");
    } else {
      JmeterPlan.element(
          w, "JSONPathAssertion", "JSONPathAssertionGui", "first member " + s.path());
      JmeterPlan.prop(w, "stringProp", "JSON_PATH", s.path());
      JmeterPlan.prop(w, "stringProp", "EXPECTED_VALUE", s.value() == null ? "" : s.value());
      JmeterPlan.prop(w, "boolProp", "JSONVALIDATION", Boolean.toString(s.value() != null));
      JmeterPlan.prop(w, "boolProp", "EXPECT_NULL", "false");
      JmeterPlan.prop(w, "boolProp", "INVERT", "false");
      JmeterPlan.prop(w, "boolProp", "ISREGEX", "false");
    }
    w.writeEndElement();
    w.writeEmptyElement("hashTree");
  }
}
