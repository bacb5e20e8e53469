package org.wirebench.server.wfs.filter;

import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.xml.XsdWhiteSpace;

/**
 * The XML Schema instance attributes a filter's elements may carry. A schema location only says
 * where a schema is and passes. {@code xsi:type} naming the element's own declared type ({@link
 * DeclaredTypes}) says what the element already is and passes too. Any other {@code xsi:type}, and
 * {@code xsi:nil}, would change what a value is (a Literal read as another type, or as no value),
 * and this server reads a Literal as its property's declared type: they are refused, never skipped,
 * and so is an xsi: name XML Schema does not define. {@code xsi:type}'s value is a QName, read by
 * {@link QualifiedNames}' rule through the FILTER's declarations (an unprefixed one in the default
 * namespace): a prefix bound by none makes the filter malformed (Namespaces in XML, as XML Schema
 * applies it to QName values).
 */
final class XsiAttributes {
  static final String XSI = org.wirebench.formats.geo.codec.GmlNames.XSI;

  private XsiAttributes() {}

  /**
   * Checks attribute {@code i} of the element at {@code r}'s start tag, an attribute in XSI's
   * namespace; {@code element} names the element for a message.
   */
  static void check(XMLStreamReader r, int i, String element) throws FilterException {
    String name = r.getAttributeLocalName(i);
    String value = r.getAttributeValue(i);
    switch (name) {
      case "schemaLocation", "noNamespaceSchemaLocation" -> {
        // where a schema is: says nothing about the features
      }
      case "type" -> {
        QualifiedNames.Name named;
        try {
          named =
              QualifiedNames.resolve(
                  XsdWhiteSpace.collapse(value), QualifiedNames.xml(r.getNamespaceContext()), true);
        } catch (QualifiedNames.Unresolved e) {
          throw FilterException.parsing(element + "'s xsi:type: " + e.getMessage());
        }
        QualifiedNames.Name own = DeclaredTypes.of(r.getNamespaceURI(), r.getLocalName());
        if (named.equals(own)) {
          return; // the element's own declared type: it says what the element already is
        }
        throw FilterException.unsupported(
            element
                + "'s xsi:type='"
                + Envelopes.shorten(value)
                + "' ({"
                + Envelopes.shorten(named.namespace())
                + "}"
                + Envelopes.shorten(named.local())
                + ") is not supported: "
                + (own == null
                    ? "xsi:type is not read on " + element
                    : "only its own declared type {"
                        + own.namespace()
                        + "}"
                        + own.local()
                        + " is, which changes nothing")
                + (r.getLocalName().equals("Literal")
                    ? "; a Literal is read as its property's declared type (DescribeFeatureType)"
                    : "")
                + "; drop xsi:type");
      }
      case "nil" ->
          throw FilterException.unsupported(
              element
                  + "'s xsi:nil is not supported: compare with PropertyIsNull instead; drop"
                  + " xsi:nil");
      default ->
          throw FilterException.parsing(
              element
                  + " has an attribute xsi:"
                  + Envelopes.shorten(name)
                  + " that XML Schema does not define; it defines schemaLocation,"
                  + " noNamespaceSchemaLocation, type and nil");
    }
  }
}
