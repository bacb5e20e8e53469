package org.wirebench.server.soap;

import com.ctc.wstx.api.WstxInputProperties;
import com.ctc.wstx.stax.WstxInputFactory;
import java.io.IOException;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import org.codehaus.stax2.io.Stax2ByteArraySource;
import org.wirebench.formats.xml.XmlFactories;

/**
 * The envelope check's reader, stopped at the first start tag past the limits CXF's parser keeps
 * (its StAX defaults), so that all three stacks take and refuse the same bodies: CXF answered a
 * valid request past one of them with a 500 Client fault while both Axis2 stacks answered 200
 * (50,001 ints; a header block 101 elements deep, with 501 attributes, a 65,537-character
 * attribute, or 50,001 children; Axis2-ADB 727,000 ints, 16 MB, in 5.9 s). Kept here, around
 * whichever schema check reads the request element (the hand-written one or the JDK's validator the
 * tests hold it to), both stop at the same tag, and nothing past a limit is read further.
 *
 * <p>Woodstox keeps limits of its own while it reads a start tag, before this reader sees it: 1,000
 * attributes, 524,288 characters of an attribute value or namespace name. Past them it threw what
 * it throws for XML that is not well-formed, and the check answered 400 "not well-formed" where one
 * attribute fewer got our 413. Every limit the reader stops at is a 413 naming it ({@link
 * #ofReader}), and CXF's one limit not kept here before, 128 MiB of text, is kept too.
 */
final class ReaderLimits extends StreamReaderDelegate {
  /** Elements open at once, the Envelope the first. */
  static final int MAX_DEPTH = 100;

  /** Attributes and namespace declarations of one start tag together. */
  static final int MAX_ATTRIBUTES = 500;

  /** Characters of one attribute's value (entities expanded) or one namespace name. */
  static final int MAX_ATTRIBUTE_CHARS = 65_536;

  /**
   * Characters of one text, entities expanded: CXF's own limit, reachable only under a body limit
   * above it, set on the check's reader so that no stack takes what CXF refuses.
   */
  static final int MAX_TEXT_CHARS = 128 << 20;

  /** What every limit's refusal says after naming the limit. */
  private static final String SAME_ON_EVERY_STACK =
      " (a limit of this server, the same on every stack; docs/server.md)";

  private static final WstxInputFactory FACTORY = XmlFactories.newInputFactory();

  static {
    FACTORY.setProperty(WstxInputProperties.P_MAX_TEXT_LENGTH, MAX_TEXT_CHARS);
  }

  /** The envelope check's reader over {@code body}, within these limits and the text's. */
  static XMLStreamReader open(byte[] body) throws IOException {
    try {
      return new ReaderLimits(
          FACTORY.createXMLStreamReader(new Stax2ByteArraySource(body, 0, body.length)));
    } catch (XMLStreamException e) {
      throw new IOException("not XML: " + e.getMessage(), e);
    }
  }

  /**
   * The 413 for a limit the XML reader itself stopped at, which {@code e} (or a cause) reports, or
   * null when it reports none: a request the reader stopped reading as too large is no malformed
   * one, and gets the answer one past our own limits gets.
   */
  static EnvelopeCheck.Refused ofReader(Throwable e) {
    String limit = XmlFactories.limitExceeded(e);
    return limit == null
        ? null
        : EnvelopeCheck.Refused.tooLarge(
            "the request is larger than the XML reader takes: "
                + limit
                + "; at most "
                + MAX_ATTRIBUTES
                + " attributes and namespace declarations a start tag, "
                + MAX_ATTRIBUTE_CHARS
                + " characters an attribute value or namespace name, "
                + MAX_TEXT_CHARS
                + " characters a text, "
                + MAX_DEPTH
                + " elements deep and "
                + SoapServices.MAX_ITEMS
                + " child elements an element are read"
                + SAME_ON_EVERY_STACK);
  }

  /** Thrown out of {@link #next()}, whose signature allows no other checked exception. */
  static final class Exceeded extends XMLStreamException {
    private static final long serialVersionUID = 1L;

    final transient EnvelopeCheck.Refused refused;

    Exceeded(String message) {
      super(message);
      this.refused = EnvelopeCheck.Refused.tooLarge(message + SAME_ON_EVERY_STACK);
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
    } else if ((event == XMLStreamConstants.CHARACTERS
            || event == XMLStreamConstants.CDATA
            || event == XMLStreamConstants.SPACE)
        && getTextLength() > MAX_TEXT_CHARS) {
      // asked of every text, the Header's too, which Woodstox would otherwise skip uncounted
      // (CXF reads the Header's blocks whole); Woodstox stops first, at the same count
      throw new Exceeded("a text is longer than " + MAX_TEXT_CHARS + " characters");
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
