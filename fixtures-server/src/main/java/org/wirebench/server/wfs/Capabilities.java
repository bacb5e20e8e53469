package org.wirebench.server.wfs;

import java.io.IOException;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.formats.xml.XmlFactories;

/**
 * GetCapabilities: the document in the version asked for, written by that version's {@link
 * CapabilitiesWriter}, and what every version says the same way (the service's identity, a layer's
 * abstract).
 */
final class Capabilities {
  static final String XLINK = "http://www.w3.org/1999/xlink";
  static final String TITLE = "wirebench fixture WFS";
  static final String ABSTRACT =
      "The datasets of the wirebench benchmark suite (OpenStreetMap extracts and generated"
          + " layers) as WFS layers, for GIS clients and load tests.";
  static final String[] KEYWORDS = {"WFS", "benchmark", "OpenStreetMap", "wirebench"};
  private static final String PROVIDER = "wirebench";
  private static final String CONTACT = "wirebench maintainers";

  private Capabilities() {}

  static void write(WfsVersion version, String endpoint, OutputStream out) throws IOException {
    try {
      XMLStreamWriter2 w = XmlFactories.writer(out);
      w.writeStartDocument("UTF-8", "1.0");
      CapabilitiesWriter.of(version).write(w, endpoint);
      w.writeEndDocument();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  /** A layer's abstract: what it holds. */
  static String layerAbstract(Dataset d) {
    FeatureType t = d.featureType();
    return d.size()
        + " "
        + t.geometryKind().geoJsonType()
        + " features ("
        + d.name()
        + ") with "
        + String.join(", ", t.attributes().stream().map(a -> a.name()).toList());
  }

  /**
   * A layer's abstract in WFS 1.0 and 1.1, which cannot page: what it holds, and then, for a layer
   * larger than the server sends at once, {@code cut} (what a GetFeature without maxFeatures gets).
   */
  static String layerAbstract(Dataset d, String cut) {
    return d.size() <= WfsRequest.MAX_COUNT ? layerAbstract(d) : layerAbstract(d) + cut;
  }

  /** The versions' codes newest first, as AcceptVersions and ServiceTypeVersion list them. */
  static String[] versionCodes() {
    WfsVersion[] all = WfsVersion.values();
    String[] codes = new String[all.length];
    for (int i = 0; i < all.length; i++) {
      codes[i] = all[i].code();
    }
    return codes;
  }

  /**
   * OWS Common's ServiceIdentification and ServiceProvider (WFS 1.1 in OWS 1.0, 2.0 in OWS 1.1).
   *
   * @param ows the OWS Common namespace
   * @param versions the ServiceTypeVersion values, newest first
   */
  static void owsService(XMLStreamWriter2 w, String ows, String... versions)
      throws XMLStreamException {
    w.writeStartElement("ows", "ServiceIdentification", ows);
    text(w, "ows", ows, "Title", TITLE);
    text(w, "ows", ows, "Abstract", ABSTRACT);
    w.writeStartElement("ows", "Keywords", ows);
    for (String k : KEYWORDS) {
      text(w, "ows", ows, "Keyword", k);
    }
    w.writeEndElement();
    text(w, "ows", ows, "ServiceType", "WFS");
    for (String v : versions) {
      text(w, "ows", ows, "ServiceTypeVersion", v);
    }
    text(w, "ows", ows, "Fees", "NONE");
    text(w, "ows", ows, "AccessConstraints", "NONE");
    w.writeEndElement();
    w.writeStartElement("ows", "ServiceProvider", ows);
    text(w, "ows", ows, "ProviderName", PROVIDER);
    w.writeStartElement("ows", "ServiceContact", ows);
    text(w, "ows", ows, "IndividualName", CONTACT);
    w.writeEndElement();
    w.writeEndElement();
  }

  static void text(XMLStreamWriter2 w, String prefix, String ns, String name, String value)
      throws XMLStreamException {
    w.writeStartElement(prefix, name, ns);
    w.writeCharacters(value);
    w.writeEndElement();
  }
}
