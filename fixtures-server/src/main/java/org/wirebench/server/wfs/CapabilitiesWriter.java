package org.wirebench.server.wfs;

import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.formats.geo.codec.WfsVersion;

/**
 * One WFS version's GetCapabilities document (as GeoServer keeps one writer per version): the root
 * element and everything in it; {@link Capabilities#write} opens and closes the document.
 */
interface CapabilitiesWriter {
  /**
   * @param endpoint this endpoint's absolute URL without the query, as the operations' GET links
   */
  void write(XMLStreamWriter2 w, String endpoint) throws XMLStreamException;

  /** The writer of {@code version}: a new version does not compile until it has one. */
  static CapabilitiesWriter of(WfsVersion version) {
    return switch (version) {
      case V2_0_0 -> new Capabilities200();
      case V1_1_0 -> new Capabilities110();
      case V1_0_0 -> new Capabilities100();
    };
  }
}
