package org.wirebench.server.wfs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.server.http.OwsException;

/**
 * OGC exception reports: WFS 2.0's {@code ows:ExceptionReport} (OWS 1.1), WFS 1.1's (OWS 1.0), WFS
 * 1.0's ServiceExceptionReport.
 */
final class ExceptionReports {
  static final String OWS11 = "http://www.opengis.net/ows/1.1";
  static final String OGC = "http://www.opengis.net/ogc";

  private ExceptionReports() {}

  /** An OWS Common ExceptionReport's namespace and the report version it carries. */
  private record OwsReport(String namespace, String version) {}

  /**
   * A report for {@code e}, whatever characters the client's input put into its message: what XML
   * 1.0 cannot carry is replaced, so the report can always be written.
   */
  static byte[] write(WfsVersion version, OwsException e) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XMLStreamWriter2 w = XmlFactories.writer(out);
      w.writeStartDocument("UTF-8", "1.0");
      // WFS 1.0 has its own ServiceExceptionReport; 1.1 reports in OWS Common 1.0 (its report
      // version is 1.0.0), 2.0 in OWS 1.1
      OwsReport ows =
          switch (version) {
            case V1_0_0 -> null;
            case V1_1_0 -> new OwsReport(Capabilities110.OWS10, "1.0.0");
            case V2_0_0 -> new OwsReport(OWS11, "2.0.0");
          };
      if (ows == null) {
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
        w.writeStartElement("ows", "ExceptionReport", ows.namespace());
        w.writeNamespace("ows", ows.namespace());
        w.writeAttribute("version", ows.version());
        w.writeStartElement("ows", "Exception", ows.namespace());
        w.writeAttribute("exceptionCode", e.code());
        if (e.locator() != null) {
          w.writeAttribute("locator", XmlFactories.xmlSafe(e.locator()));
        }
        w.writeStartElement("ows", "ExceptionText", ows.namespace());
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
