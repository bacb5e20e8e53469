package org.wirebench.server.wfs.filter;

import java.io.IOException;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.xml.XmlFactories;

/**
 * A FILTER's XML as the characters its query parameter holds (percent-encoded UTF-8, decoded), and
 * what the reader says when it cannot read them.
 *
 * <p>Read as characters, never as bytes again: handed {@code getBytes(UTF_8)}, Woodstox decoded
 * them as the XML declaration's encoding said, so that {@code encoding="ISO-8859-1"} made "ä" two
 * characters (and {@code *ä*} matched nothing). The only encoding such a declaration can truly name
 * is UTF-8; one naming another (ISO-8859-1, windows-1252, UTF-16) describes bytes that never were
 * and is refused rather than believed or ignored, as a SOAP body whose declaration contradicts its
 * bytes is ({@code BodyEncoding}).
 */
final class FilterText {
  private FilterText() {}

  /** What a filter's parser makes of the reader it is given. */
  interface Reading<T> {
    T read(XMLStreamReader r) throws XMLStreamException, FilterException;
  }

  /**
   * {@code reading} on a reader at the start of {@code xml}, its declaration checked; whatever the
   * reader cannot read is refused as {@link #unread} says.
   */
  static <T> T read(String xml, Reading<T> reading) throws FilterException {
    try {
      XMLStreamReader r = reader(xml);
      try {
        // a reference to a character XML forbids (&#1; in a Literal or a ValueReference) fails
        // only when its text is read
        return XmlFactories.reading(() -> reading.read(r));
      } finally {
        r.close();
      }
    } catch (XMLStreamException | IOException e) {
      throw unread(e);
    }
  }

  /** A reader at the start of {@code xml}, its XML declaration (if any) checked. */
  private static XMLStreamReader reader(String xml) throws IOException, FilterException {
    XMLStreamReader r = XmlFactories.reader(xml);
    String version = XmlFactories.notXml10(r);
    if (version != null) {
      close(r);
      throw FilterException.parsing(
          "the FILTER declares XML "
              + version
              + "; a filter is XML 1.0, as Filter Encoding and its schemas are: declare"
              + " version=\"1.0\" or none");
    }
    String declared = r.getCharacterEncodingScheme();
    if (declared != null && !declared.equalsIgnoreCase("UTF-8")) {
      close(r);
      throw FilterException.parsing(
          "the FILTER's XML declaration names encoding \""
              + Envelopes.shorten(declared)
              + "\", but a query parameter is UTF-8 (percent-encoded): declare encoding=\"UTF-8\""
              + " or none");
    }
    return r;
  }

  private static void close(XMLStreamReader r) {
    try {
      r.close();
    } catch (XMLStreamException e) {
      // nothing held but the string
    }
  }

  /** The refusal for what the reader threw: a limit exceeded, or XML that is not well-formed. */
  static FilterException unread(Exception e) {
    String limit = XmlFactories.limitExceeded(e);
    if (limit != null) {
      // perhaps well-formed, but larger than the reader takes: say so, not "malformed"
      return FilterException.parsing("FILTER exceeds a limit of the XML reader: " + limit);
    }
    return FilterException.parsing("FILTER is not well-formed XML: " + firstLine(e.getMessage()));
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
