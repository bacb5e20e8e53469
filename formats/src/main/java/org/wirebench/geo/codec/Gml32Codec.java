package org.wirebench.geo.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.format.DateTimeFormatter;
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
 * GML 3.2.1 in a WFS 2.0 {@code wfs:FeatureCollection} with {@code numberMatched}, {@code
 * numberReturned} and {@code timeStamp}; {@code wfs:member}s; a {@code gml:id} on every feature and
 * geometry; {@code gml:pos}/{@code gml:posList} in the lat/lon axis order that {@code
 * urn:ogc:def:crs:EPSG::4326} defines. Every feature carries its own {@code gml:boundedBy}, as
 * GeoServer writes them when feature bounding is on (without repeating the CRS).
 */
public final class Gml32Codec implements GeoCodec {

  @Override
  public String name() {
    return "gml32";
  }

  @Override
  public String mediaType() {
    return "application/gml+xml; version=3.2";
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
    return XmlSchema.WFS_2_0_GML_32;
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    new Writer().write(collection, out);
  }

  @Override
  public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
    return GmlReader.gml32(type).read(in);
  }

  private static final class Writer extends XmlFeatureWriter {

    @Override
    protected void startCollection(XMLStreamWriter2 w, FeatureCollection c)
        throws XMLStreamException {
      FeatureType type = c.type();
      startElementDeclaringNamespaces(w, "wfs", "FeatureCollection", GmlNames.WFS2, type);
      w.writeNamespace("gml", GmlNames.GML32);
      w.writeAttribute(
          "xsi",
          GmlNames.XSI,
          "schemaLocation",
          GmlNames.WFS2
              + " "
              + GmlNames.WFS2_LOCATION
              + " "
              + GmlNames.GML32
              + " "
              + GmlNames.GML32_LOCATION
              + " "
              + type.namespaceUri()
              + " "
              + GmlNames.describeFeatureType("2.0.0", type.prefix(), type.name()));
      String count = Integer.toString(c.size());
      w.writeAttribute("numberMatched", count);
      w.writeAttribute("numberReturned", count);
      w.writeAttribute("timeStamp", DateTimeFormatter.ISO_INSTANT.format(c.timeStamp()));
      if (!c.bounds().isNull()) {
        w.writeStartElement("wfs", "boundedBy", GmlNames.WFS2);
        writeEnvelope(w, c.bounds(), true);
        w.writeEndElement();
      }
    }

    @Override
    protected void writeMember(XMLStreamWriter2 w, FeatureType type, Feature f)
        throws XMLStreamException {
      w.writeStartElement("wfs", "member", GmlNames.WFS2);
      w.writeStartElement(type.prefix(), type.name(), type.namespaceUri());
      w.writeAttribute("gml", GmlNames.GML32, "id", f.id());
      Geometry g = f.geometry();
      w.writeStartElement("gml", "boundedBy", GmlNames.GML32);
      if (g instanceof Point p) {
        // a point's envelope corners are the point: format it once, write it three times
        text.reset().appendPair(p.getY(), ' ', p.getX());
        startEnvelope(w, false);
        corner(w, "lowerCorner");
        corner(w, "upperCorner");
        w.writeEndElement();
      } else {
        writeEnvelope(w, g.getEnvelopeInternal(), false);
      }
      w.writeEndElement();
      writeAttributes(w, type, f);
      w.writeStartElement(type.prefix(), type.geometryName(), type.namespaceUri());
      writeGeometry(w, f.id(), g);
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndElement();
    }

    private void writeGeometry(XMLStreamWriter2 w, String featureId, Geometry g)
        throws XMLStreamException {
      w.writeStartElement("gml", g.getGeometryType(), GmlNames.GML32);
      w.writeAttribute("gml", GmlNames.GML32, "id", featureId + ".geom");
      w.writeAttribute("srsName", GmlNames.SRS_LATLON);
      w.writeAttribute("srsDimension", "2");
      if (g instanceof Point) {
        w.writeStartElement("gml", "pos", GmlNames.GML32); // text still holds "lat lon"
      } else if (g instanceof LineString line) {
        w.writeStartElement("gml", "posList", GmlNames.GML32);
        text.reset();
        CoordinateSequence seq = line.getCoordinateSequence();
        for (int i = 0; i < seq.size(); i++) {
          if (i > 0) {
            text.append(' ');
          }
          text.appendPair(seq.getY(i), ' ', seq.getX(i));
        }
      } else {
        throw new IllegalArgumentException("unsupported geometry " + g.getGeometryType());
      }
      w.writeRaw(text.chars(), 0, text.length());
      w.writeEndElement();
      w.writeEndElement();
    }

    /** A feature's envelope leaves out the CRS, which it shares with the collection's. */
    private void writeEnvelope(XMLStreamWriter2 w, Envelope e, boolean withCrs)
        throws XMLStreamException {
      startEnvelope(w, withCrs);
      text.reset().appendPair(e.getMinY(), ' ', e.getMinX());
      corner(w, "lowerCorner");
      text.reset().appendPair(e.getMaxY(), ' ', e.getMaxX());
      corner(w, "upperCorner");
      w.writeEndElement();
    }

    private static void startEnvelope(XMLStreamWriter2 w, boolean withCrs)
        throws XMLStreamException {
      w.writeStartElement("gml", "Envelope", GmlNames.GML32);
      if (withCrs) {
        w.writeAttribute("srsName", GmlNames.SRS_LATLON);
      }
      w.writeAttribute("srsDimension", "2");
    }

    /** Writes the corner element with the text buffer's content. */
    private void corner(XMLStreamWriter2 w, String name) throws XMLStreamException {
      w.writeStartElement("gml", name, GmlNames.GML32);
      w.writeRaw(text.chars(), 0, text.length());
      w.writeEndElement();
    }
  }
}
