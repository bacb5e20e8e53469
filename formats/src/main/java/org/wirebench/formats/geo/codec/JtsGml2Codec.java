package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.io.gml2.GMLWriter;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.schema.XmlSchema;
import org.wirebench.formats.xml.XmlFactories;

/**
 * The peer to beat for {@code gml2}: the same WFS 1.0 document as a Java user without a dedicated
 * encoder would write it, the markup through a StAX writer (Woodstox) and each geometry through
 * JTS's own {@link GMLWriter}, which prints every ordinate at full double precision.
 */
public final class JtsGml2Codec extends GmlCodec {
  public JtsGml2Codec() {
    super("jts-gml2", Gml2Codec.MEDIA_TYPE, XmlSchema.WFS_1_0_GML_2, WfsOutputFormat.UNLISTED);
  }

  private static final GMLWriter GEOMETRY_WRITER = newGeometryWriter();

  private static GMLWriter newGeometryWriter() {
    GMLWriter writer = new GMLWriter(false);
    writer.setPrefix("gml");
    writer.setSrsName(GmlNames.SRS_LONLAT);
    return writer;
  }

  @Override
  public int coordinateDecimals() {
    return FULL_PRECISION;
  }

  @Override
  public void encode(FeatureCollection c, OutputStream out) throws IOException {
    FeatureType type = c.type();
    XMLStreamWriter2 w = XmlFactories.writer(out);
    try {
      w.writeStartDocument("UTF-8", "1.0");
      w.writeStartElement("wfs", "FeatureCollection", GmlNames.WFS1);
      w.writeNamespace("wfs", GmlNames.WFS1);
      w.writeNamespace("gml", GmlNames.GML2);
      w.writeNamespace(type.prefix(), type.namespaceUri());
      w.writeNamespace("xsi", GmlNames.XSI);
      w.writeAttribute(
          "xsi",
          GmlNames.XSI,
          "schemaLocation",
          GmlNames.WFS1
              + " "
              + GmlNames.WFS1_LOCATION
              + " "
              + type.namespaceUri()
              + " "
              + GmlNames.describeFeatureType(
                  c.schemaBase(), WfsVersion.V1_0_0.code(), type.prefix(), type.name()));
      w.writeStartElement("gml", "boundedBy", GmlNames.GML2);
      Envelope b = c.bounds();
      if (b.isNull()) {
        w.writeStartElement("gml", "null", GmlNames.GML2);
        w.writeCharacters("missing");
        w.writeEndElement();
      } else {
        // JTS has no writer for a gml:Box: the bounds go out as a Java user would print them
        w.writeStartElement("gml", "Box", GmlNames.GML2);
        w.writeAttribute("srsName", GmlNames.SRS_LONLAT);
        w.writeStartElement("gml", "coordinates", GmlNames.GML2);
        w.writeCharacters(b.getMinX() + "," + b.getMinY() + " " + b.getMaxX() + "," + b.getMaxY());
        w.writeEndElement();
        w.writeEndElement();
      }
      w.writeEndElement();
      for (Feature f : c.features()) {
        FeatureMarkup.checkKind(type, f);
        w.writeStartElement("gml", "featureMember", GmlNames.GML2);
        w.writeStartElement(type.prefix(), type.name(), type.namespaceUri());
        w.writeAttribute("fid", f.id());
        writeAttributes(w, type, f);
        w.writeStartElement(type.prefix(), type.geometryName(), type.namespaceUri());
        w.writeRaw(GEOMETRY_WRITER.write(f.geometry()));
        w.writeEndElement();
        w.writeEndElement();
        w.writeEndElement();
      }
      w.writeEndDocument();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  private static void writeAttributes(XMLStreamWriter2 w, FeatureType type, Feature f)
      throws XMLStreamException {
    List<Attribute> attributes = type.attributes();
    for (int i = 0; i < attributes.size(); i++) {
      Object value = f.value(i);
      if (value == null) {
        continue;
      }
      w.writeStartElement(type.prefix(), attributes.get(i).name(), type.namespaceUri());
      w.writeCharacters(value.toString());
      w.writeEndElement();
    }
  }
}
