package org.wirebench.server.wms;

import java.io.IOException;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.formats.raster.BlueMarble;
import org.wirebench.formats.raster.WebMercator;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.results.Studies;

/**
 * The capabilities of one WMS endpoint in 1.3.0 (valid against capabilities_1_3_0.xsd) or 1.1.1
 * (valid against WMS_MS_Capabilities.dtd): one opaque, not queryable layer, {@value
 * WmsRequest#LAYER}, in the CRSs GetMap draws, GetMap as JPEG or PNG up to the size cap, and XML
 * exceptions only (INIMAGE and BLANK are refused).
 */
final class WmsCapabilities {
  static final String WMS = "http://www.opengis.net/wms";
  static final String XLINK = "http://www.w3.org/1999/xlink";
  static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
  static final String MEDIA_TYPE_111 = "application/vnd.ogc.wms_xml";
  static final String MEDIA_TYPE_130 = "text/xml";

  /**
   * The service's abstract: the source's size as {@link BlueMarble} holds it, the study as {@link
   * Studies#RASTER} cites it.
   */
  static final String ABSTRACT =
      "NASA Blue Marble Next Generation (public domain), "
          + BlueMarble.WIDTH
          + " x "
          + BlueMarble.HEIGHT
          + " pixels, served by the wirebench fixture server for the "
          + Studies.RASTER.title()
          + " study ("
          + Studies.RASTER.citation()
          + ")";

  private WmsCapabilities() {}

  /**
   * @param title what this endpoint serves, e.g. "rendered from the source pyramid"
   * @param endpoint this endpoint's absolute URL, without a query
   */
  static void write(
      WmsVersion version, String title, String endpoint, int maxSide, OutputStream out)
      throws IOException {
    try {
      XMLStreamWriter2 w = XmlFactories.writer(out);
      boolean v130 = version == WmsVersion.V1_3_0;
      w.writeStartDocument("UTF-8", "1.0");
      String ns = v130 ? WMS : "";
      if (v130) {
        w.writeStartElement("", "WMS_Capabilities", WMS);
        w.writeDefaultNamespace(WMS);
        w.writeNamespace("xlink", XLINK);
        w.writeNamespace("xsi", XSI);
        w.writeAttribute("version", version.code());
        w.writeAttribute(
            "xsi",
            XSI,
            "schemaLocation",
            WMS + " http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd");
      } else {
        w.writeDTD(
            "<!DOCTYPE WMT_MS_Capabilities SYSTEM"
                + " \"http://schemas.opengis.net/wms/1.1.1/WMS_MS_Capabilities.dtd\">");
        w.writeStartElement("WMT_MS_Capabilities");
        w.writeAttribute("version", version.code());
      }
      w.writeStartElement("", "Service", ns);
      text(w, ns, "Name", v130 ? "WMS" : "OGC:WMS");
      text(w, ns, "Title", "wirebench Blue Marble, " + title);
      text(w, ns, "Abstract", ABSTRACT);
      link(w, ns, "OnlineResource", endpoint, v130);
      text(w, ns, "Fees", "none");
      text(w, ns, "AccessConstraints", "none");
      if (v130) {
        text(w, ns, "MaxWidth", Integer.toString(maxSide));
        text(w, ns, "MaxHeight", Integer.toString(maxSide));
      }
      w.writeEndElement();
      w.writeStartElement("", "Capability", ns);
      w.writeStartElement("", "Request", ns);
      operation(w, ns, "GetCapabilities", endpoint, v130, v130 ? MEDIA_TYPE_130 : MEDIA_TYPE_111);
      operation(w, ns, "GetMap", endpoint, v130, WmsRequest.MAP_FORMATS.toArray(String[]::new));
      w.writeEndElement();
      w.writeStartElement("", "Exception", ns);
      text(w, ns, "Format", v130 ? "XML" : WmsExceptions.MEDIA_TYPE_111);
      w.writeEndElement();
      layer(w, ns, v130);
      w.writeEndElement(); // Capability
      w.writeEndElement();
      w.writeEndDocument();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException("cannot write the WMS capabilities", e);
    }
  }

  private static void layer(XMLStreamWriter2 w, String ns, boolean v130) throws XMLStreamException {
    w.writeStartElement("", "Layer", ns);
    w.writeAttribute("queryable", "0");
    w.writeAttribute("opaque", "1");
    text(w, ns, "Name", WmsRequest.LAYER);
    text(w, ns, "Title", "Blue Marble Next Generation");
    String crs = v130 ? "CRS" : "SRS";
    for (String c :
        v130
            ? new String[] {"EPSG:4326", "CRS:84", "EPSG:3857", "EPSG:900913"}
            : new String[] {"EPSG:4326", "EPSG:3857", "EPSG:900913"}) {
      text(w, ns, crs, c);
    }
    String m = Double.toString(WebMercator.HALF_EXTENT);
    if (v130) {
      w.writeStartElement("", "EX_GeographicBoundingBox", ns);
      text(w, ns, "westBoundLongitude", "-180");
      text(w, ns, "eastBoundLongitude", "180");
      text(w, ns, "southBoundLatitude", "-90");
      text(w, ns, "northBoundLatitude", "90");
      w.writeEndElement();
      box(w, ns, crs, "CRS:84", "-180", "-90", "180", "90");
      box(w, ns, crs, "EPSG:4326", "-90", "-180", "90", "180"); // latitude first
    } else {
      w.writeEmptyElement("LatLonBoundingBox");
      w.writeAttribute("minx", "-180");
      w.writeAttribute("miny", "-90");
      w.writeAttribute("maxx", "180");
      w.writeAttribute("maxy", "90");
      box(w, ns, crs, "EPSG:4326", "-180", "-90", "180", "90");
    }
    box(w, ns, crs, "EPSG:3857", "-" + m, "-" + m, m, m);
    box(w, ns, crs, "EPSG:900913", "-" + m, "-" + m, m, m);
    w.writeEndElement();
  }

  private static void box(
      XMLStreamWriter2 w,
      String ns,
      String crsAttribute,
      String crs,
      String minx,
      String miny,
      String maxx,
      String maxy)
      throws XMLStreamException {
    w.writeEmptyElement("", "BoundingBox", ns);
    w.writeAttribute(crsAttribute, crs);
    w.writeAttribute("minx", minx);
    w.writeAttribute("miny", miny);
    w.writeAttribute("maxx", maxx);
    w.writeAttribute("maxy", maxy);
  }

  private static void operation(
      XMLStreamWriter2 w, String ns, String name, String endpoint, boolean v130, String... formats)
      throws XMLStreamException {
    w.writeStartElement("", name, ns);
    for (String f : formats) {
      text(w, ns, "Format", f);
    }
    w.writeStartElement("", "DCPType", ns);
    w.writeStartElement("", "HTTP", ns);
    w.writeStartElement("", "Get", ns);
    link(w, ns, "OnlineResource", endpoint + "?", v130);
    w.writeEndElement();
    w.writeEndElement();
    w.writeEndElement();
    w.writeEndElement();
  }

  private static void link(XMLStreamWriter2 w, String ns, String name, String href, boolean v130)
      throws XMLStreamException {
    w.writeEmptyElement("", name, ns);
    if (!v130) {
      w.writeNamespace("xlink", XLINK);
    }
    w.writeAttribute("xlink", XLINK, "type", "simple");
    w.writeAttribute("xlink", XLINK, "href", href);
  }

  private static void text(XMLStreamWriter2 w, String ns, String name, String value)
      throws XMLStreamException {
    w.writeStartElement("", name, ns);
    w.writeCharacters(value);
    w.writeEndElement();
  }
}
