package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * GML 3.2.1 in a WFS 2.0 {@code wfs:FeatureCollection} with {@code numberMatched}, {@code
 * numberReturned} and {@code timeStamp}; {@code wfs:member}s; a {@code gml:id} on every feature and
 * geometry; {@code gml:pos}/{@code gml:posList} in the lat/lon axis order that {@code
 * urn:ogc:def:crs:EPSG::4326} defines. Every feature carries its own {@code gml:boundedBy}, as
 * GeoServer writes them when feature bounding is on (without repeating the CRS).
 */
public final class Gml32Codec extends GmlCodec {
  public Gml32Codec() {
    super("gml32", "application/gml+xml; version=3.2", XmlSchema.WFS_2_0_GML_32);
  }

  private static final byte[] LOWER_TO_UPPER =
      Utf8XmlWriter.ascii("</gml:lowerCorner><gml:upperCorner>");
  private static final byte[] ENVELOPE_END =
      Utf8XmlWriter.ascii("</gml:upperCorner></gml:Envelope>");

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    FeatureType type = collection.type();
    Utf8XmlWriter w = new Utf8XmlWriter(out);
    w.raw(Utf8XmlWriter.ascii(GmlHeaders.gml32(type, collection)));
    Envelope b = collection.bounds();
    if (!b.isNull()) {
      w.raw(
          Utf8XmlWriter.ascii(
              "<wfs:boundedBy><gml:Envelope srsName=\""
                  + GmlNames.SRS_LATLON
                  + "\" srsDimension=\"2\"><gml:lowerCorner>"));
      w.ordinate(b.getMinY()).ascii(' ').ordinate(b.getMinX()).raw(LOWER_TO_UPPER);
      w.ordinate(b.getMaxY()).ascii(' ').ordinate(b.getMaxX()).raw(ENVELOPE_END);
      w.raw(Utf8XmlWriter.ascii("</wfs:boundedBy>"));
    }
    FeatureMarkup markup = new FeatureMarkup(type);
    CoordinateBuffer point = new CoordinateBuffer();
    EscapedText id = new EscapedText();
    boolean points = type.geometryKind() == GeometryKind.POINT;
    String kind = type.geometryKind().geoJsonType();
    String positions = points ? "pos" : "posList";
    byte[] memberStart =
        Utf8XmlWriter.ascii("<wfs:member><" + type.prefix() + ":" + type.name() + " gml:id=\"");
    byte[] boundsStart =
        Utf8XmlWriter.ascii("\"><gml:boundedBy><gml:Envelope srsDimension=\"2\"><gml:lowerCorner>");
    byte[] boundsEnd = Utf8XmlWriter.ascii("</gml:upperCorner></gml:Envelope></gml:boundedBy>");
    byte[] geometryStart =
        Utf8XmlWriter.ascii(
            FeatureMarkup.openTag(type, type.geometryName()) + "<gml:" + kind + " gml:id=\"");
    byte[] geometryAttributes =
        Utf8XmlWriter.ascii(
            ".geom\" srsName=\""
                + GmlNames.SRS_LATLON
                + "\" srsDimension=\"2\"><gml:"
                + positions
                + ">");
    byte[] memberEnd =
        Utf8XmlWriter.ascii(
            "</gml:"
                + positions
                + "></gml:"
                + kind
                + ">"
                + FeatureMarkup.closeTag(type, type.geometryName())
                + FeatureMarkup.closeTag(type, type.name())
                + "</wfs:member>");
    for (Feature f : collection.features()) {
      FeatureMarkup.checkKind(type, f);
      FeatureMarkup.checkId(f);
      CoordinateSequence seq = f.positions();
      // the id goes out twice (feature and geometry): escape it once
      id.reset().attribute(f.id());
      w.raw(memberStart).raw(id.bytes(), 0, id.length()).raw(boundsStart);
      if (points) {
        // a point's envelope corners are the point: format it once, write it three times
        point.reset().appendPair(seq.getY(0), ' ', seq.getX(0));
        w.raw(point.bytes(), 0, point.length()).raw(LOWER_TO_UPPER);
        w.raw(point.bytes(), 0, point.length()).raw(boundsEnd);
      } else {
        Envelope e = f.geometry().getEnvelopeInternal();
        w.ordinate(e.getMinY()).ascii(' ').ordinate(e.getMinX()).raw(LOWER_TO_UPPER);
        w.ordinate(e.getMaxY()).ascii(' ').ordinate(e.getMaxX()).raw(boundsEnd);
      }
      markup.writeAttributes(w, f);
      w.raw(geometryStart).raw(id.bytes(), 0, id.length()).raw(geometryAttributes);
      if (points) {
        w.raw(point.bytes(), 0, point.length());
      } else {
        for (int i = 0; i < seq.size(); i++) {
          if (i > 0) {
            w.ascii(' ');
          }
          w.ordinate(seq.getY(i)).ascii(' ').ordinate(seq.getX(i));
        }
      }
      w.raw(memberEnd);
    }
    w.raw(Utf8XmlWriter.ascii("</wfs:FeatureCollection>"));
    w.flush();
  }
}
