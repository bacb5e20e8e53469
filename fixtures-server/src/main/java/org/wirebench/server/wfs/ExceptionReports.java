package org.wirebench.server.wfs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.server.http.OwsException;

/**
 * OGC exception reports: WFS 2.0's {@code ows:ExceptionReport}, WFS 1.0's ServiceExceptionReport.
 */
final class ExceptionReports {
  static final String OWS11 = "http://www.opengis.net/ows/1.1";
  static final String OGC = "http://www.opengis.net/ogc";

  private ExceptionReports() {}

  /**
   * A report for {@code e}, whatever characters the client's input put into its message: what XML
   * 1.0 cannot carry is replaced, so the report can always be written.
   */
  static byte[] write(String version, OwsException e) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XMLStreamWriter2 w = XmlFactories.writer(out);
      w.writeStartDocument("UTF-8", "1.0");
      if (WfsRequest.V1.equals(version)) {
        w.writeStartElement("", "ServiceExceptionReport", OGC);
        w.writeDefaultNamespace(OGC);
        w.writeAttribute("version", "1.2.0");
        w.writeStartElement("", "ServiceException", OGC);
        w.writeAttribute("code", e.code());
        if (e.locator() != null) {
          w.writeAttribute("locator", XmlFactories.xmlSafe(e.locator()));
        }
        w.writeCharacters(XmlFactories.xmlSafe(e.getMessage()));
        w.writeEndElement();
      } else {
        w.writeStartElement("ows", "ExceptionReport", OWS11);
        w.writeNamespace("ows", OWS11);
        w.writeAttribute("version", "2.0.0");
        w.writeStartElement("ows", "Exception", OWS11);
        w.writeAttribute("exceptionCode", e.code());
        if (e.locator() != null) {
          w.writeAttribute("locator", XmlFactories.xmlSafe(e.locator()));
        }
        w.writeStartElement("ows", "ExceptionText", OWS11);
        w.writeCharacters(XmlFactories.xmlSafe(e.getMessage()));
        w.writeEndElement();
        w.writeEndElement();
      }
      w.writeEndDocument();
      w.close();
    } catch (IOException | XMLStreamException x) {
      throw new IllegalStateException("cannot write an exception report", x);
    }
    return out.toByteArray();
  }
}
