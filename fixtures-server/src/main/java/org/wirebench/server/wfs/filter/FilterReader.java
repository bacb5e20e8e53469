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

  FilterReader(XMLStreamReader r) {
    this.r = r;
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

  boolean isFilterNs() {
    String ns = r.getNamespaceURI();
    return FilterParser.FES.equals(ns) || FilterParser.OGC.equals(ns);
  }

  String name() {
    String ns = r.getNamespaceURI();
    return (ns == null || ns.isEmpty() ? "" : "{" + ns + "}") + r.getLocalName();
  }
}
