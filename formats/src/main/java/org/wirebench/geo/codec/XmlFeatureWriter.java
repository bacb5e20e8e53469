package org.wirebench.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.geo.Attribute;
import org.wirebench.geo.Feature;
import org.wirebench.geo.FeatureCollection;
import org.wirebench.geo.FeatureType;

/**
 * The shared skeleton of the WFS/GML encoders: a Woodstox writer, the collection element, one
 * member per feature with its attributes, and a hook for the geometry, which is where GML 2, GML
 * 3.2 and the JTS peer differ.
 */
abstract class XmlFeatureWriter {
  /** Per-document scratch space for coordinate text: writers are made per call, never shared. */
  protected final CoordinateBuffer text = new CoordinateBuffer();

  /** Starts the document and the collection element, with its bounds. */
  protected abstract void startCollection(XMLStreamWriter2 w, FeatureCollection c)
      throws XMLStreamException;

  /** Writes one member element with the feature inside. */
  protected abstract void writeMember(XMLStreamWriter2 w, FeatureType type, Feature f)
      throws XMLStreamException;

  final void write(FeatureCollection collection, OutputStream out) throws IOException {
    XMLStreamWriter2 w = XmlFactories.writer(out);
    try {
      startCollection(w, collection);
      FeatureType type = collection.type();
      for (Feature f : collection.features()) {
        writeMember(w, type, f);
      }
      w.writeEndDocument();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  /** The attribute elements, in type order; absent optional values are omitted. */
  static void writeAttributes(XMLStreamWriter2 w, FeatureType type, Feature f)
      throws XMLStreamException {
    List<Attribute> attributes = type.attributes();
    for (int i = 0; i < attributes.size(); i++) {
      Object value = f.value(i);
      if (value == null) {
        continue;
      }
      w.writeStartElement(type.prefix(), attributes.get(i).name(), type.namespaceUri());
      if (value instanceof String s) {
        w.writeCharacters(s);
      } else {
        w.writeRaw(value.toString());
      }
      w.writeEndElement();
    }
  }

  static void startElementDeclaringNamespaces(
      XMLStreamWriter2 w, String prefix, String localName, String nsUri, FeatureType type)
      throws XMLStreamException {
    w.writeStartDocument("UTF-8", "1.0");
    w.writeStartElement(prefix, localName, nsUri);
    w.writeNamespace(prefix, nsUri);
    w.writeNamespace(type.prefix(), type.namespaceUri());
    w.writeNamespace("xsi", GmlNames.XSI);
  }
}
