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
 * 0), so a value is refused, one way for all three, before any of them reads it. This is the
 * oracle: the server runs {@link PayloadCheck}, written by hand for this one schema, which the
 * tests hold to take and refuse what this takes and refuses (the validator costs about 0.5 µs an
 * element, as much as a stack's own work on large arrays; docs/server.md), and which leaves to
 * {@link #takesAlone} only the rare forms it does not read itself.
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
            open.push(r.getLocalName());
            text.setLength(0);
            startElement(r, h, attrs);
          }
          case XMLStreamConstants.CHARACTERS,
              XMLStreamConstants.CDATA,
              XMLStreamConstants.SPACE -> {
            text.append(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
            h.characters(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
          }
          case XMLStreamConstants.END_ELEMENT -> {
            h.endElement(nonNull(r.getNamespaceURI()), r.getLocalName(), qName(r));
            String type = SimpleValues.numeric(operation, depth, r.getLocalName());
            if (type != null && !type.equals("int")) {
              String outside = SimpleValues.outsideRange(type, text.toString().strip());
              if (outside != null) {
                throw new SAXParseException(outside, null);
              }
            }
            if (type != null && !carriesSentinels) {
              SimpleValues.refuseAdbSentinel(type, r.getLocalName(), text.toString());
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
          case XMLStreamConstants.PROCESSING_INSTRUCTION, XMLStreamConstants.ENTITY_REFERENCE ->
              throw EnvelopeCheck.Refused.notInPayload(event);
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
   * Reads the element {@code r} is at the start tag of, which stands where the schema puts no
   * element (inside a simple-typed element, or echoVoid, whose content is empty), to its end tag,
   * as the JDK's validator reads it there: an element a global declaration names is checked against
   * it, any other laxly (XML Schema 1.0 §3.4.4), so a refusal inside it comes where the validator's
   * does, before the one for the element standing there, which the caller makes.
   *
   * @param inScope the namespace declarations in scope at its parent (prefix to URI)
   */
  static void foreign(XMLStreamReader r, Map<String, String> inScope)
      throws XMLStreamException, EnvelopeCheck.Refused {
    ValidatorHandler h = HANDLERS.get();
    String ns = Operation.NAMESPACE;
    AttributesImpl attrs = new AttributesImpl();
    String where = r.getLocalName();
    try {
      h.startDocument();
      for (Map.Entry<String, String> e : inScope.entrySet()) {
        h.startPrefixMapping(e.getKey(), e.getValue());
      }
      // an xs:string's element: a child there is read as inside any simple type or echoVoid
      h.startElement(ns, "echoStrings", "echoStrings", attrs);
      h.startElement(ns, "input", "input", attrs);
      int depth = 0;
      for (int event = XMLStreamConstants.START_ELEMENT; ; event = r.next()) {
        switch (event) {
          case XMLStreamConstants.START_ELEMENT -> {
            depth++;
            where = r.getLocalName();
            startElement(r, h, attrs);
          }
          case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
              h.characters(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
          case XMLStreamConstants.END_ELEMENT -> {
            h.endElement(nonNull(r.getNamespaceURI()), r.getLocalName(), qName(r));
            for (int i = 0; i < r.getNamespaceCount(); i++) {
              h.endPrefixMapping(nonNull(r.getNamespacePrefix(i)));
            }
            if (--depth == 0) {
              return;
            }
          }
          case XMLStreamConstants.PROCESSING_INSTRUCTION, XMLStreamConstants.ENTITY_REFERENCE ->
              throw EnvelopeCheck.Refused.notInPayload(event);
          default -> {} // comments
        }
      }
    } catch (SAXParseException e) {
      throw new EnvelopeCheck.Refused(
          "Client",
          "the request does not match Benchmark1.wsdl's schema at <"
              + where
              + ">, where no element belongs: "
              + e.getMessage());
    } catch (SAXException | IllegalStateException e) {
      throw new EnvelopeCheck.Refused(
          "Client", "the request cannot be checked against the WSDL's schema: " + e.getMessage());
    }
  }

  /**
   * Whether the JDK's validator takes {@code value} as the built-in type {@code xsdType} (an
   * element's text under an xsi:type naming it) or, with {@code xsdType} null, as the value of the
   * attribute xsi:{@code xsiLocal} (schemaLocation, noNamespaceSchemaLocation): the rare forms
   * {@link PayloadCheck} leaves to the library, judged alone from a few events, without a parse.
   */
  static boolean takesAlone(String xsdType, String xsiLocal, String value) {
    ValidatorHandler h = HANDLERS.get();
    String xsi = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI;
    String ns = Operation.NAMESPACE;
    AttributesImpl attrs = new AttributesImpl();
    try {
      h.startDocument();
      h.startPrefixMapping("tns", ns);
      h.startPrefixMapping("xsi", xsi);
      h.startPrefixMapping("xsd", XSD);
      if (xsdType == null) {
        attrs.addAttribute(xsi, xsiLocal, "xsi:" + xsiLocal, "CDATA", value);
        h.startElement(ns, "echoVoid", "tns:echoVoid", attrs);
        h.endElement(ns, "echoVoid", "tns:echoVoid");
      } else {
        h.startElement(ns, "echoStrings", "tns:echoStrings", attrs);
        attrs.addAttribute(xsi, "type", "xsi:type", "CDATA", "xsd:" + xsdType);
        h.startElement(ns, "input", "tns:input", attrs);
        h.characters(value.toCharArray(), 0, value.length());
        h.endElement(ns, "input", "tns:input");
        h.endElement(ns, "echoStrings", "tns:echoStrings");
      }
      h.endDocument();
      return true;
    } catch (SAXException | RuntimeException e) {
      return false;
    }
  }

  /** The reader's start tag as SAX gives it: its namespace declarations, then the element. */
  private static void startElement(XMLStreamReader r, ValidatorHandler h, AttributesImpl attrs)
      throws SAXException {
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
    h.startElement(nonNull(r.getNamespaceURI()), r.getLocalName(), qName(r), attrs);
  }

  private static String qName(XMLStreamReader r) {
    String prefix = r.getPrefix();
    return prefix == null || prefix.isEmpty() ? r.getLocalName() : prefix + ":" + r.getLocalName();
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }
}
