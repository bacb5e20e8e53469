package org.wirebench.formats.finding;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/** {@link XmlCursor} over a Woodstox reader: reads any well-formed document, names every error. */
final class StaxCursor implements XmlCursor {
  private final XMLStreamReader r;

  StaxCursor(XMLStreamReader r) {
    this.r = r;
  }

  @Override
  public String localName() {
    return r.getLocalName();
  }

  @Override
  public String namespaceUri() {
    return r.getNamespaceURI();
  }

  @Override
  public String attribute(String name) {
    return r.getAttributeValue(null, name);
  }

  /**
   * Reads to the document's end, so that a body cut inside the envelope's end tag or carrying a
   * second root is refused as the fast cursor refuses it (Woodstox checks the epilog's rules).
   */
  @Override
  public void finish() throws XMLStreamException {
    while (r.getEventType() != XMLStreamConstants.END_DOCUMENT) {
      r.next();
    }
  }

  /**
   * Unlike getElementText, an entity reference (which, with no DTD, can only be undeclared) is an
   * error instead of vanishing.
   */
  @Override
  public String text() throws XMLStreamException {
    String first = null;
    StringBuilder more = null;
    while (true) {
      int event = r.next();
      switch (event) {
        case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
          if (first == null) {
            first = r.getText();
          } else {
            (more == null ? more = new StringBuilder(first) : more).append(r.getText());
          }
        }
        case XMLStreamConstants.END_ELEMENT -> {
          return more != null ? more.toString() : first == null ? "" : first;
        }
        case XMLStreamConstants.COMMENT, XMLStreamConstants.PROCESSING_INSTRUCTION -> {}
        case XMLStreamConstants.ENTITY_REFERENCE -> throw entity();
        default ->
            throw new XMLStreamException(
                "an element inside <" + r.getLocalName() + "> where text belongs", r.getLocation());
      }
    }
  }

  /** An entity reference inside the skipped element is an error too. */
  @Override
  public void skip() throws XMLStreamException {
    for (int depth = 1; depth > 0; ) {
      int event = r.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        depth--;
      } else if (event == XMLStreamConstants.ENTITY_REFERENCE) {
        throw entity();
      }
    }
  }

  private XMLStreamException entity() {
    return new XMLStreamException(
        "an entity reference &" + r.getLocalName() + "; (entities are not resolved)",
        r.getLocation());
  }

  @Override
  public void nextStart() throws XMLStreamException, BackendPayloadException {
    while (true) {
      int event = r.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        return;
      }
      if (event == XMLStreamConstants.DTD) {
        throw new BackendPayloadException("the XML backend's answer has a DOCTYPE; refused");
      }
      if (event == XMLStreamConstants.END_DOCUMENT) {
        throw new BackendPayloadException("the XML backend's answer has no element");
      }
    }
  }

  @Override
  public boolean nextChild() throws XMLStreamException {
    while (true) {
      int event = r.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        return true;
      }
      if (event == XMLStreamConstants.END_ELEMENT) {
        return false;
      }
      if (event == XMLStreamConstants.END_DOCUMENT) {
        throw new XMLStreamException("the document ends inside an element", r.getLocation());
      }
      if (event == XMLStreamConstants.ENTITY_REFERENCE) {
        throw entity();
      }
    }
  }
}
