package org.wirebench.server.soap;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;

/**
 * The envelope check's reader, stopped at the first start tag past the limits CXF's parser keeps
 * (its StAX defaults), so that all three stacks take and refuse the same bodies: CXF answered a
 * valid request past one of them with a 500 Client fault while both Axis2 stacks answered 200
 * (50,001 ints; a header block 101 elements deep, with 501 attributes, a 65,537-character
 * attribute, or 50,001 children; Axis2-ADB 727,000 ints, 16 MB, in 5.9 s). Kept here, around
 * whichever schema check reads the request element (the hand-written one or the JDK's validator the
 * tests hold it to), both stop at the same tag, and nothing past a limit is read further.
 */
final class ReaderLimits extends StreamReaderDelegate {
  /** Elements open at once, the Envelope the first. */
  static final int MAX_DEPTH = 100;

  /** Attributes and namespace declarations of one start tag together. */
  static final int MAX_ATTRIBUTES = 500;

  /** Characters of one attribute's value (entities expanded) or one namespace name. */
  static final int MAX_ATTRIBUTE_CHARS = 65_536;

  /** Thrown out of {@link #next()}, whose signature allows no other checked exception. */
  static final class Exceeded extends XMLStreamException {
    private static final long serialVersionUID = 1L;

    final transient EnvelopeCheck.Refused refused;

    Exceeded(String message) {
      super(message);
      this.refused =
          EnvelopeCheck.Refused.tooLarge(
              message + " (a limit of this server, the same on every stack; docs/server.md)");
    }
  }

  /** Child elements so far of each open element, by depth. */
  private final int[] children = new int[MAX_DEPTH + 1];

  private int depth;

  ReaderLimits(XMLStreamReader r) {
    super(r);
  }

  @Override
  public int next() throws XMLStreamException {
    int event = super.next();
    if (event == XMLStreamConstants.START_ELEMENT) {
      started();
    } else if (event == XMLStreamConstants.END_ELEMENT) {
      depth--;
    }
    return event;
  }

  private void started() throws Exceeded {
    if (depth > 0 && ++children[depth] > SoapServices.MAX_ITEMS) {
      throw new Exceeded(
          "an element holds more than "
              + SoapServices.MAX_ITEMS
              + " child elements (an array more than "
              + SoapServices.MAX_ITEMS
              + " items): <"
              + getLocalName()
              + "> is one more");
    }
    if (++depth > MAX_DEPTH) {
      throw new Exceeded(
          "elements nested more than " + MAX_DEPTH + " deep, <" + getLocalName() + "> the first");
    }
    children[depth] = 0;
    int attributes = getAttributeCount();
    int declarations = getNamespaceCount();
    if (attributes + declarations > MAX_ATTRIBUTES) {
      throw new Exceeded(
          "<"
              + getLocalName()
              + "> has "
              + attributes
              + " attributes and "
              + declarations
              + " namespace declarations, more than "
              + MAX_ATTRIBUTES
              + " together");
    }
    for (int i = 0; i < attributes; i++) {
      if (getAttributeValue(i).length() > MAX_ATTRIBUTE_CHARS) {
        throw tooLong("attribute '" + getAttributeLocalName(i) + "'");
      }
    }
    for (int i = 0; i < declarations; i++) {
      String uri = getNamespaceURI(i);
      if (uri != null && uri.length() > MAX_ATTRIBUTE_CHARS) {
        throw tooLong("a namespace name");
      }
    }
  }

  private Exceeded tooLong(String what) {
    return new Exceeded(
        what
            + " on <"
            + getLocalName()
            + "> is longer than "
            + MAX_ATTRIBUTE_CHARS
            + " characters");
  }
}
