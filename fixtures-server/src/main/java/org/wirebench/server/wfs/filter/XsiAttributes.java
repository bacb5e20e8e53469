package org.wirebench.server.wfs.filter;

import javax.xml.stream.XMLStreamReader;

/**
 * The XML Schema instance attributes a filter's elements may carry. A schema location only says
 * where a schema is and passes. {@code xsi:type} and {@code xsi:nil} would change what a value is
 * (a Literal read as another type, or as no value), and this server reads a Literal as its
 * property's declared type: they are refused, never skipped, and so is an xsi: name XML Schema does
 * not define. {@code xsi:type}'s value is a QName: a prefix in it bound by no declaration in scope
 * makes the filter malformed (Namespaces in XML, as XML Schema applies it to QName values).
 */
final class XsiAttributes {
  static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

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
        String v = value.strip();
        int colon = v.indexOf(':');
        if (colon > 0) {
          String prefix = v.substring(0, colon);
          String uri = r.getNamespaceContext().getNamespaceURI(prefix);
          if (uri == null || uri.isEmpty()) {
            throw FilterException.parsing(
                element
                    + "'s xsi:type='"
                    + Envelopes.shorten(value)
                    + "' uses the prefix '"
                    + Envelopes.shorten(prefix)
                    + "', which no xmlns:"
                    + Envelopes.shorten(prefix)
                    + " in the FILTER binds");
          }
        }
        throw FilterException.unsupported(
            element
                + "'s xsi:type='"
                + Envelopes.shorten(value)
                + "' is not supported: a Literal is read as its property's declared type"
                + " (DescribeFeatureType); drop xsi:type");
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
