package org.wirebench.server.soap;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;

/**
 * The request element's reader, stopped at the start tag of its child one past {@link
 * SoapServices#MAX_ITEMS}: the one limit all three stacks are held to, counted here, around
 * whichever schema check reads the element ({@link PayloadCheck}, or the JDK's validator the tests
 * hold it to), so both stop at the same tag and no array above it is read to its end. CXF refused
 * more than 50,000 children itself, with a 500, while both Axis2 stacks took 727,000 ints (16 MB)
 * in 5.9 s.
 */
final class ItemLimit extends StreamReaderDelegate {
  /** Thrown out of {@link #next()}, whose signature allows no other checked exception. */
  static final class Exceeded extends XMLStreamException {
    private static final long serialVersionUID = 1L;

    final transient EnvelopeCheck.Refused refused;

    Exceeded(EnvelopeCheck.Refused refused) {
      super(refused.getMessage());
      this.refused = refused;
    }
  }

  private final int max;
  private final String element;
  private int depth = 1;
  private int items;

  /**
   * @param r a reader at the request element's start tag
   */
  ItemLimit(XMLStreamReader r, int max) {
    super(r);
    this.max = max;
    this.element = r.getLocalName();
  }

  @Override
  public int next() throws XMLStreamException {
    int event = super.next();
    if (event == XMLStreamConstants.START_ELEMENT) {
      if (++depth == 2 && ++items > max) {
        throw new Exceeded(
            EnvelopeCheck.Refused.tooLarge(
                "the request's <"
                    + element
                    + "> holds more than "
                    + max
                    + " items; the services here take at most "
                    + max
                    + " an array (a limit of this server, on every stack)"));
      }
    } else if (event == XMLStreamConstants.END_ELEMENT) {
      depth--;
    }
    return event;
  }
}
