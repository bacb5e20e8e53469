package org.wirebench.geo.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.wirebench.geo.Feature;
import org.wirebench.geo.FeatureCollection;
import org.wirebench.geo.FeatureType;

/**
 * GML 2.1.2 in a WFS 1.0.0 {@code wfs:FeatureCollection}: {@code gml:featureMember}s, {@code
 * gml:coordinates} in lon/lat order ("x,y x,y", the default separators, so no {@code cs}/{@code ts}
 * attributes), EPSG:4326, the collection's {@code gml:boundedBy}.
 */
public class Gml2Codec implements GeoCodec {

  @Override
  public String name() {
    return "gml2";
  }

  @Override
  public String mediaType() {
    return "text/xml; subtype=gml/2.1.2";
  }

  @Override
  public String fileExtension() {
    return "xml";
  }

  @Override
  public int coordinateDecimals() {
    return CoordinateFormat.DECIMALS;
  }

  @Override
  public XmlSchema xmlSchema() {
    return XmlSchema.WFS_1_0_GML_2;
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    new Writer(this).write(collection, out);
  }

  @Override
  public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
    return GmlReader.gml2(type).read(in);
  }

  /**
   * Writes the feature's geometry element ({@code gml:Point}, {@code gml:LineString}). The JTS peer
   * overrides this and nothing else.
   */
  void writeGeometry(XMLStreamWriter2 w, Geometry g, CoordinateBuffer text)
      throws XMLStreamException {
    w.writeStartElement("gml", g.getGeometryType(), GmlNames.GML2);
    w.writeAttribute("srsName", GmlNames.SRS_LONLAT);
    text.reset();
    if (g instanceof Point p) {
      text.appendPair(p.getX(), ',', p.getY());
    } else if (g instanceof LineString line) {
      CoordinateSequence seq = line.getCoordinateSequence();
      for (int i = 0; i < seq.size(); i++) {
        if (i > 0) {
          text.append(' ');
        }
        text.appendPair(seq.getX(i), ',', seq.getY(i));
      }
    } else {
      throw new IllegalArgumentException("unsupported geometry " + g.getGeometryType());
    }
    writeCoordinates(w, text);
    w.writeEndElement();
  }

  private static void writeCoordinates(XMLStreamWriter2 w, CoordinateBuffer text)
      throws XMLStreamException {
    w.writeStartElement("gml", "coordinates", GmlNames.GML2);
    w.writeRaw(text.chars(), 0, text.length());
    w.writeEndElement();
  }

  private static final class Writer extends XmlFeatureWriter {
    private final Gml2Codec codec;

    Writer(Gml2Codec codec) {
      this.codec = codec;
    }

    @Override
    protected void startCollection(XMLStreamWriter2 w, FeatureCollection c)
        throws XMLStreamException {
      FeatureType type = c.type();
      startElementDeclaringNamespaces(w, "wfs", "FeatureCollection", GmlNames.WFS1, type);
      w.writeNamespace("gml", GmlNames.GML2);
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
              + GmlNames.describeFeatureType("1.0.0", type.prefix(), type.name()));
      w.writeStartElement("gml", "boundedBy", GmlNames.GML2);
      Envelope b = c.bounds();
      if (b.isNull()) {
        w.writeStartElement("gml", "null", GmlNames.GML2);
        w.writeCharacters("missing");
      } else {
        w.writeStartElement("gml", "Box", GmlNames.GML2);
        w.writeAttribute("srsName", GmlNames.SRS_LONLAT);
        text.reset().appendPair(b.getMinX(), ',', b.getMinY()).append(' ');
        text.appendPair(b.getMaxX(), ',', b.getMaxY());
        writeCoordinates(w, text);
      }
      w.writeEndElement();
      w.writeEndElement();
    }

    @Override
    protected void writeMember(XMLStreamWriter2 w, FeatureType type, Feature f)
        throws XMLStreamException {
      w.writeStartElement("gml", "featureMember", GmlNames.GML2);
      w.writeStartElement(type.prefix(), type.name(), type.namespaceUri());
      w.writeAttribute("fid", f.id());
      writeAttributes(w, type, f);
      w.writeStartElement(type.prefix(), type.geometryName(), type.namespaceUri());
      codec.writeGeometry(w, f.geometry(), text);
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndElement();
    }
  }
}
