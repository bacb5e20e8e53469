package org.wirebench.formats.finding;

import javax.xml.stream.XMLStreamException;

/**
 * The few moves {@link FindingXmlReader} makes through a document: from a start tag to its
 * children, its text or past it. Two implementations: {@link StaxCursor} (Woodstox, every document)
 * and {@link Utf8XmlCursor} (the bytes themselves, a strict subset of XML, for speed).
 */
interface XmlCursor {
  /** Moves to the first start tag of the document; a DOCTYPE before it is refused. */
  void nextStart() throws XMLStreamException, BackendPayloadException;

  /**
   * Moves to the next child start tag of the current element and says true, or past the element's
   * end tag and says false. Text between elements is ignored; an entity reference is refused.
   */
  boolean nextChild() throws XMLStreamException;

  /** The text of the current (simple) element, its end tag consumed. */
  String text() throws XMLStreamException;

  /** Skips the current element and everything in it. */
  void skip() throws XMLStreamException;

  /** The current start tag's local name. */
  String localName();

  /** The current start tag's namespace URI ({@code ""} or null for none). */
  String namespaceUri();

  /** The value of the current start tag's attribute {@code name} (in no namespace), or null. */
  String attribute(String name);

  /** Called once the answer has been read; may check the rest of the document. */
  void finish() throws XMLStreamException;
}
