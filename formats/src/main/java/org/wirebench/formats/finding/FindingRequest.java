package org.wirebench.formats.finding;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.formats.xml.XmlFactories;

/**
 * The findItemsByKeywordsRequest a gateway POSTs (the study's ql.io table used a body template of
 * the same shape): keywords and the page size, in the FindingService namespace, escaped by
 * Woodstox. {@link #keywords} reads one back, for a backend or a test.
 */
public final class FindingRequest {
  public static final String CONTENT_TYPE = "application/xml";

  private FindingRequest() {}

  /**
   * @param keywords any text XML 1.0 can carry (see {@link
   *     org.wirebench.formats.xml.XmlFactories#xmlSafe})
   * @param entriesPerPage 1..100000
   */
  public static byte[] xml(String keywords, int entriesPerPage) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(256 + keywords.length() * 2);
    try {
      XMLStreamWriter2 w = XmlFactories.writer(out);
      w.writeStartDocument("UTF-8", "1.0");
      w.writeStartElement("findItemsByKeywordsRequest");
      w.writeDefaultNamespace(FindingResponse.NAMESPACE);
      w.writeStartElement("keywords");
      w.writeCharacters(keywords);
      w.writeEndElement();
      w.writeStartElement("paginationInput");
      w.writeStartElement("entriesPerPage");
      w.writeCharacters(Integer.toString(entriesPerPage));
      w.writeEndElement();
      w.writeStartElement("pageNumber");
      w.writeCharacters("1");
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndDocument();
      w.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write a findItemsByKeywordsRequest", e);
    }
    return out.toByteArray();
  }

  /** The keywords of a request {@link #xml} wrote (DOCTYPEs refused, entities never resolved). */
  public static String keywords(byte[] body) throws BackendPayloadException {
    try {
      XMLStreamReader r = XmlFactories.reader(body, 0, body.length);
      while (r.hasNext()) {
        int event = r.next();
        if (event == XMLStreamConstants.DTD) {
          throw new BackendPayloadException("a findItemsByKeywordsRequest with a DOCTYPE");
        }
        if (event == XMLStreamConstants.START_ELEMENT && "keywords".equals(r.getLocalName())) {
          return r.getElementText();
        }
      }
      throw new BackendPayloadException("a findItemsByKeywordsRequest without keywords");
    } catch (IOException | XMLStreamException e) {
      throw new BackendPayloadException("a findItemsByKeywordsRequest that is not XML", e);
    }
  }
}
