package org.wirebench.formats.finding;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A StAX cursor over a backend's answer that lets nothing pass unseen: a DOCTYPE before the first
 * element and an entity reference anywhere (with no DTD, one that cannot be declared) are refused
 * instead of vanishing, as getElementText and a plain skip would let them.
 */
abstract class StrictXmlCursor {
  final XMLStreamReader r;

  StrictXmlCursor(XMLStreamReader r) {
    this.r = r;
  }

  /**
   * The text of a simple element, its end tag consumed. Unlike getElementText, an entity reference
   * (which, with no DTD, can only be undeclared) is an error instead of vanishing.
   */
  final String text() throws XMLStreamException {
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

  /** Skips the current element and everything in it; an entity reference there is an error too. */
  final void skip() throws XMLStreamException {
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

  final boolean is(String namespace, String localName) {
    return localName.equals(r.getLocalName()) && namespace.equals(r.getNamespaceURI());
  }

  /** Moves to the first start tag of the document; a DOCTYPE before it is refused. */
  final void nextStart() throws XMLStreamException, BackendPayloadException {
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

  /**
   * Moves to the next child start tag of the current element and says true, or to the element's end
   * tag and says false. Text between elements is ignored; an entity reference is refused.
   */
  final boolean nextChild() throws XMLStreamException {
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
