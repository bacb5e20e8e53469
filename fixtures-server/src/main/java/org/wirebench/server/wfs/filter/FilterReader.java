package org.wirebench.server.wfs.filter;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The filter parser's walk over its StAX reader: tags, element text and names, with what a filter
 * must not contain (a DOCTYPE, entity references, stray text) refused on the way.
 */
final class FilterReader {
  private final XMLStreamReader r;

  /** The Filter's own namespace (its version's), once read: every element must be in it. */
  private String root;

  FilterReader(XMLStreamReader r) {
    this.r = r;
  }

  /**
   * At the Filter's start tag: from here on only its version's namespace is a filter's, and every
   * element's attributes are checked ({@link FilterAttributes}).
   */
  void enterFilter() throws FilterException {
    root = r.getNamespaceURI();
    FilterAttributes.check(r, root);
  }

  /** Whether the Filter is FES 2.0's (else Filter Encoding 1.x's). */
  boolean isFes() {
    return FilterParser.FES.equals(root);
  }

  /**
   * The current element's text. Not {@code getElementText()}: it passes over an entity reference it
   * cannot expand, and "&amp;x;" would then compare as "".
   */
  String text() throws XMLStreamException, FilterException {
    StringBuilder b = new StringBuilder();
    while (true) {
      switch (r.next()) {
        case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
            b.append(r.getText());
        case XMLStreamConstants.END_ELEMENT -> {
          return b.toString();
        }
        case XMLStreamConstants.START_ELEMENT ->
            throw FilterException.unsupported(
                "an element " + name() + " inside a text operand is not supported");
        case XMLStreamConstants.ENTITY_REFERENCE ->
            throw FilterException.parsing("entity references are not allowed in a FILTER");
        default -> {
          // comments and processing instructions
        }
      }
    }
  }

  /**
   * Moves to the next start tag (true) or end tag (false), past whitespace and comments; text
   * elsewhere, a DOCTYPE and entity references are refused.
   */
  boolean nextTag() throws XMLStreamException, FilterException {
    while (r.hasNext()) {
      int event = r.next();
      switch (event) {
        case XMLStreamConstants.START_ELEMENT:
          if (root != null && root.equals(r.getNamespaceURI())) {
            FilterAttributes.check(r, root);
          }
          return true;
        case XMLStreamConstants.END_ELEMENT:
          return false;
        case XMLStreamConstants.DTD:
          throw FilterException.parsing("a DOCTYPE is not allowed in a FILTER");
        case XMLStreamConstants.ENTITY_REFERENCE:
          throw FilterException.parsing("entity references are not allowed in a FILTER");
        case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA:
          if (!r.isWhiteSpace()) {
            throw FilterException.parsing(
                "unexpected text '" + Envelopes.shorten(r.getText()) + "' in the FILTER");
          }
          break;
        default:
          break; // comments, processing instructions, the document's end
      }
    }
    return false;
  }

  /**
   * Whether the current element is in the Filter's namespace (before the Filter is read: in FES
   * 2.0's or Filter Encoding 1.x's). A fes: element inside an ogc:Filter is not: its version's
   * rules are not the Filter's.
   */
  boolean isFilterNs() {
    String ns = r.getNamespaceURI();
    if (root != null) {
      return root.equals(ns);
    }
    return FilterParser.FES.equals(ns) || FilterParser.OGC.equals(ns);
  }

  /**
   * Refuses an element of the other filter version's vocabulary in the Filter's namespace: FES 2.0
   * names properties with ValueReference and ids with ResourceId, Filter Encoding 1.x with
   * PropertyName and FeatureId/GmlObjectId.
   */
  void checkVocabulary() throws FilterException {
    String name = r.getLocalName();
    boolean fesOnly = name.equals("ValueReference") || name.equals("ResourceId");
    boolean ogcOnly =
        name.equals("PropertyName") || name.equals("FeatureId") || name.equals("GmlObjectId");
    if ((fesOnly && !isFes()) || (ogcOnly && isFes())) {
      throw FilterException.parsing(
          name()
              + " is "
              + (fesOnly ? "FES 2.0's (fes:Filter)" : "Filter Encoding 1.x's (ogc:Filter)")
              + ", not this Filter's version");
    }
  }

  String name() {
    String ns = r.getNamespaceURI();
    return (ns == null || ns.isEmpty() ? "" : "{" + ns + "}") + r.getLocalName();
  }

  /** GmlObjectId's gml:id. */
  String gmlId() {
    for (int i = 0; i < r.getAttributeCount(); i++) {
      if (r.getAttributeLocalName(i).equals("id")) {
        return r.getAttributeValue(i);
      }
    }
    return null;
  }
}
