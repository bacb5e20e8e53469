package org.wirebench.geo.codec;

import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.gml2.GMLWriter;

/**
 * The peer to beat for {@code gml2}: the same WFS 1.0 document, with each geometry written by JTS's
 * own {@link GMLWriter}, as a Java user without a streaming GML encoder would. JTS prints every
 * ordinate at full double precision.
 */
public final class JtsGml2Codec extends Gml2Codec {
  private static final GMLWriter GEOMETRY_WRITER = newGeometryWriter();

  private static GMLWriter newGeometryWriter() {
    GMLWriter writer = new GMLWriter(false);
    writer.setPrefix("gml");
    writer.setSrsName(GmlNames.SRS_LONLAT);
    return writer;
  }

  @Override
  public String name() {
    return "jts-gml2";
  }

  @Override
  public int coordinateDecimals() {
    return FULL_PRECISION;
  }

  @Override
  void writeGeometry(XMLStreamWriter2 w, Geometry g, CoordinateBuffer text)
      throws XMLStreamException {
    w.writeRaw(GEOMETRY_WRITER.write(g));
  }
}
