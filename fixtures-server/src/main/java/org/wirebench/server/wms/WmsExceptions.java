package org.wirebench.server.wms;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.server.http.OwsException;

/**
 * ServiceExceptionReports as each WMS version spells them: 1.3.0's in the {@code
 * http://www.opengis.net/ogc} namespace ({@code text/xml}, valid against exceptions_1_3_0.xsd),
 * 1.1.1's without a namespace under its DTD ({@code application/vnd.ogc.se_xml}).
 */
final class WmsExceptions {
  static final String OGC = "http://www.opengis.net/ogc";
  static final String MEDIA_TYPE_111 = "application/vnd.ogc.se_xml";
  static final String MEDIA_TYPE_130 = "text/xml";

  private WmsExceptions() {}

  static String mediaType(WmsVersion version) {
    return version == WmsVersion.V1_1_1 ? MEDIA_TYPE_111 : MEDIA_TYPE_130;
  }

  /**
   * What XML 1.0 cannot carry in the client's input is replaced, so a report can always be made.
   */
  static byte[] write(WmsVersion version, OwsException e) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XMLStreamWriter2 w = XmlFactories.writer(out);
      w.writeStartDocument("UTF-8", "1.0");
      boolean v111 = version == WmsVersion.V1_1_1;
      if (v111) {
        w.writeDTD(
            "<!DOCTYPE ServiceExceptionReport SYSTEM"
                + " \"http://schemas.opengis.net/wms/1.1.1/exception_1_1_1.dtd\">");
        w.writeStartElement("ServiceExceptionReport");
        w.writeAttribute("version", version.code());
        w.writeStartElement("ServiceException");
      } else {
        w.writeStartElement("", "ServiceExceptionReport", OGC);
        w.writeDefaultNamespace(OGC);
        w.writeNamespace("xsi", "http://www.w3.org/2001/XMLSchema-instance");
        w.writeAttribute("version", version.code());
        w.writeAttribute(
            "xsi",
            "http://www.w3.org/2001/XMLSchema-instance",
            "schemaLocation",
            OGC + " http://schemas.opengis.net/wms/1.3.0/exceptions_1_3_0.xsd");
        w.writeStartElement("", "ServiceException", OGC);
      }
      if (e.code() != null) {
        w.writeAttribute("code", e.code());
      }
      if (e.locator() != null && !v111) { // the 1.1.1 DTD declares no locator
        w.writeAttribute("locator", XmlFactories.xmlSafe(e.locator()));
      }
      w.writeCharacters(XmlFactories.xmlSafe(e.getMessage()));
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndDocument();
      w.close();
    } catch (IOException | XMLStreamException x) {
      throw new IllegalStateException("cannot write a service exception report", x);
    }
    return out.toByteArray();
  }
}
