package org.wirebench.server.soap;

import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.transform.dom.DOMSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.ValidatorHandler;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.wirebench.formats.finding.Quote;
import org.wirebench.formats.soap.Operation;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.AttributesImpl;

/**
 * The Body's request element checked against Benchmark1.wsdl's own XML Schema (the JDK's W3C XML
 * Schema 1.0 validator), fed from the one Woodstox pass {@link EnvelopeCheck} makes over the body:
 * its children, their namespaces, order and count, and each value in its type's lexical and value
 * space. The stacks were each looser in their own way (CXF and Axis2-JAXB wrapped 4294967297 to 1
 * as an xs:int, Axis2-JAXB dropped values it could not parse and elements it did not know, all
 * three read Java spellings such as {@code 0x1p3} or {@code Infinity}, an empty or nil int became
 * 0), so a value is refused here, one way for all three, before any of them reads it.
 */
final class PayloadSchema {
  private static final String XSD = XMLConstants.W3C_XML_SCHEMA_NS_URI;

  /** Benchmark1.wsdl's {@code xsd:schema}; a Schema is thread-safe, its handlers are not. */
  private static final Schema SCHEMA = load();

  private static final ThreadLocal<ValidatorHandler> HANDLERS =
      ThreadLocal.withInitial(PayloadSchema::handler);

  private PayloadSchema() {}

  private static Schema load() {
    try (InputStream wsdl = Operation.class.getResourceAsStream("Benchmark1.wsdl")) {
      if (wsdl == null) {
        throw new IllegalStateException("Benchmark1.wsdl is missing from the classpath");
      }
      DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
      dbf.setNamespaceAware(true);
      dbf.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      Document doc = dbf.newDocumentBuilder().parse(wsdl);
      Element schema = (Element) doc.getElementsByTagNameNS(XSD, "schema").item(0);
      // the schema alone, in a document of its own: the prefixes it uses (xsd, tns) are declared
      // on wsdl:definitions, which the schema loader would not look at
      Document alone = dbf.newDocumentBuilder().newDocument();
      Element copy = (Element) alone.importNode(schema, true);
      for (Node n = schema.getParentNode(); n instanceof Element e; n = n.getParentNode()) {
        var attrs = e.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
          Node a = attrs.item(i);
          if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(a.getNamespaceURI())
              && !copy.hasAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, a.getLocalName())) {
            copy.setAttributeNS(
                XMLConstants.XMLNS_ATTRIBUTE_NS_URI, a.getNodeName(), a.getNodeValue());
          }
        }
      }
      alone.appendChild(copy);
      SchemaFactory factory = SchemaFactory.newInstance(XSD);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      return factory.newSchema(new DOMSource(alone));
    } catch (Exception e) {
      throw new IllegalStateException("cannot read Benchmark1.wsdl's schema", e);
    }
  }

  private static ValidatorHandler handler() {
    ValidatorHandler h = SCHEMA.newValidatorHandler();
    try {
      // nothing a request names (xsi:schemaLocation) is ever loaded: only the WSDL's schema counts
      h.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      h.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      h.setFeature("http://apache.org/xml/features/validation/schema/augment-psvi", false);
    } catch (SAXException e) {
      throw new IllegalStateException("the JDK's schema validator lacks a setting", e);
    }
    h.setResourceResolver(
        (type, ns, publicId, systemId, base) -> {
          throw new IllegalStateException("no schema is loaded for a request: " + systemId);
        });
    h.setErrorHandler(
        new ErrorHandler() {
          @Override
          public void warning(SAXParseException e) {}

          @Override
          public void error(SAXParseException e) throws SAXException {
            throw e;
          }

          @Override
          public void fatalError(SAXParseException e) throws SAXException {
            throw e;
          }
        });
    return h;
  }

  /**
   * Validates the element {@code r} is at the start tag of, leaving {@code r} at its end tag.
   *
   * @param inScope the namespace declarations in scope at its start (prefix to URI, "" the
   *     default), which xsi:type values may use
   * @param carriesSentinels whether the stack carries NaN, the infinities and -2147483648
   *     (Axis2-ADB does not)
   * @throws EnvelopeCheck.Refused naming the element, the value and what the schema says of it
   */
  static void validate(XMLStreamReader r, Map<String, String> inScope, boolean carriesSentinels)
      throws XMLStreamException, EnvelopeCheck.Refused {
    String operation = r.getLocalName();
    ValidatorHandler h = HANDLERS.get();
    Deque<String> open = new ArrayDeque<>();
    StringBuilder text = new StringBuilder();
    String closed = null; // the last element closed, and its depth
    int closedDepth = 0;
    int depth = 0;
    AttributesImpl attrs = new AttributesImpl();
    try {
      h.startDocument();
      for (Map.Entry<String, String> ns : inScope.entrySet()) {
        h.startPrefixMapping(ns.getKey(), ns.getValue());
      }
      int event = XMLStreamConstants.START_ELEMENT;
      while (true) {
        switch (event) {
          case XMLStreamConstants.START_ELEMENT -> {
            depth++;
            for (int i = 0; i < r.getNamespaceCount(); i++) {
              h.startPrefixMapping(nonNull(r.getNamespacePrefix(i)), nonNull(r.getNamespaceURI(i)));
            }
            attrs.clear();
            for (int i = 0; i < r.getAttributeCount(); i++) {
              String prefix = nonNull(r.getAttributePrefix(i));
              String local = r.getAttributeLocalName(i);
              attrs.addAttribute(
                  nonNull(r.getAttributeNamespace(i)),
                  local,
                  prefix.isEmpty() ? local : prefix + ":" + local,
                  "CDATA",
                  r.getAttributeValue(i));
            }
            open.push(r.getLocalName());
            text.setLength(0);
            h.startElement(nonNull(r.getNamespaceURI()), r.getLocalName(), qName(r), attrs);
          }
          case XMLStreamConstants.CHARACTERS,
              XMLStreamConstants.CDATA,
              XMLStreamConstants.SPACE -> {
            text.append(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
            h.characters(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
          }
          case XMLStreamConstants.END_ELEMENT -> {
            h.endElement(nonNull(r.getNamespaceURI()), r.getLocalName(), qName(r));
            String type = numeric(operation, depth, r.getLocalName());
            if (type != null && !type.equals("int")) {
              String outside = outsideRange(type, text.toString().strip());
              if (outside != null) {
                throw new SAXParseException(outside, null);
              }
            }
            if (type != null && !carriesSentinels) {
              refuseAdbSentinel(type, r.getLocalName(), text.toString().strip());
            }
            closed = r.getLocalName();
            closedDepth = depth;
            for (int i = 0; i < r.getNamespaceCount(); i++) {
              h.endPrefixMapping(nonNull(r.getNamespacePrefix(i)));
            }
            open.pop();
            text.setLength(0);
            if (--depth == 0) {
              h.endDocument();
              return;
            }
          }
          case XMLStreamConstants.PROCESSING_INSTRUCTION ->
              throw new EnvelopeCheck.Refused(
                  "Client", "a SOAP message must not hold processing instructions (SOAP 1.1 §3)");
          case XMLStreamConstants.ENTITY_REFERENCE ->
              throw new EnvelopeCheck.Refused("Client", "an entity reference is not allowed here");
          default -> {} // comments
        }
        event = r.next();
      }
    } catch (SAXParseException e) {
      String where = open.isEmpty() ? "the request" : "<" + open.peek() + ">";
      if (closed != null && closedDepth == depth + 1 && r.isEndElement()) {
        where += " holding <" + closed + ">"; // Xerces finds a child out of place at the end tag
      }
      String value = text.length() == 0 ? "" : " (value " + Quote.of(text.toString(), 60) + ")";
      throw new EnvelopeCheck.Refused(
          "Client",
          "the request does not match Benchmark1.wsdl's schema at "
              + where
              + value
              + ": "
              + e.getMessage());
    } catch (SAXException | IllegalStateException e) {
      throw new EnvelopeCheck.Refused(
          "Client", "the request cannot be checked against the WSDL's schema: " + e.getMessage());
    }
  }

  /**
   * Why a valid xs:double or xs:float literal is outside its type's value space (XML Schema 1.0
   * §3.2.4-5: a mantissa and an exponent within the type's range), or null: a finite literal beyond
   * the range ({@code 1e309}) that every stack read as INF, or a nonzero one below it ({@code
   * 1e-400}) that every stack read as 0, changing the value without a word. The JDK's validator
   * takes both.
   */
  private static String outsideRange(String type, String value) {
    if (value.equals("INF") || value.equals("-INF") || value.equals("NaN")) {
      return null;
    }
    double d = type.equals("float") ? Float.parseFloat(value) : Double.parseDouble(value);
    if (Double.isInfinite(d)) {
      return "beyond xs:" + type + "'s range, so it would be read as " + (d > 0 ? "" : "-") + "INF";
    }
    if (d == 0) {
      for (int i = 0; i < value.length() && value.charAt(i) != 'e' && value.charAt(i) != 'E'; i++) {
        if (value.charAt(i) >= '1' && value.charAt(i) <= '9') {
          return "nonzero but below xs:" + type + "'s smallest value, so it would be read as 0";
        }
      }
    }
    return null;
  }

  /** The element's XML Schema type when it is xs:int, xs:double or xs:float, else null. */
  private static String numeric(String operation, int depth, String local) {
    return switch (operation) {
      case "echoInts" -> depth == 2 ? "int" : null;
      case "echoDoubles" -> depth == 2 ? "double" : null;
      case "echoFloats" -> depth == 2 ? "float" : null;
      case "echoSimpleEvents" ->
          depth != 3
              ? null
              : local.equals("timestamp")
                  ? "double"
                  : local.equals("sequenceNumber") ? "int" : null;
      case "echoMeshInterfaceObjects" ->
          depth != 3
              ? null
              : local.equals("value") ? "double" : local.equals("message") ? null : "int";
      default -> null;
    };
  }

  /**
   * Axis2-ADB's generated beans take NaN and Integer.MIN_VALUE for "absent": an array's NaN or
   * -2147483648 was dropped with 200 ([NaN, 1] answered [1.0]), a SimpleEvent's a Server fault
   * "cannot be null"; they read INF with Java's parser (a Server fault) and write an infinity as
   * Java's {@code Infinity}, which is no xs:double. A value this stack would lose or change is
   * refused, as what it cannot carry, naming the stacks that do.
   */
  private static void refuseAdbSentinel(String type, String local, String value)
      throws EnvelopeCheck.Refused {
    boolean lost;
    if (type.equals("int")) {
      lost =
          Integer.parseInt(value.startsWith("+") ? value.substring(1) : value) == Integer.MIN_VALUE;
    } else if (value.equals("INF") || value.equals("-INF")) {
      lost = true;
    } else {
      // valid by the schema: every other spelling is one Java's parsers read
      double d = type.equals("float") ? Float.parseFloat(value) : Double.parseDouble(value);
      lost = Double.isNaN(d) || Double.isInfinite(d);
    }
    if (lost) {
      throw new EnvelopeCheck.Refused(
          "Server",
          "axis2-adb cannot carry <"
              + local
              + "> "
              + Quote.of(value, 60)
              + " (xs:"
              + type
              + "): its generated code takes NaN and -2147483648 for an absent value and writes"
              + " an infinity as 'Infinity', which is no XML Schema value; axis2-jaxb and cxf-jaxb"
              + " carry it");
    }
  }

  private static String qName(XMLStreamReader r) {
    String prefix = r.getPrefix();
    return prefix == null || prefix.isEmpty() ? r.getLocalName() : prefix + ":" + r.getLocalName();
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }
}
