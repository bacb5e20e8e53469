package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import org.locationtech.jts.geom.CoordinateSequence;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;

/**
 * {@code gml32}'s bytes with the least work: see {@link SameBytesFloor}. The id is checked and
 * copied once and then copied again from the output; each vertex is formatted once, the envelope
 * copied from the vertices that hold its corners.
 */
final class Gml32Floor implements SameBytesFloor.Writer {
  private final Gml32Codec codec = new Gml32Codec();

  @Override
  public void write(FeatureCollection collection, OutputStream out) throws IOException {
    FeatureType type = collection.type();
    FloorBuffer.start(out, w -> codec.writeStart(w, collection));
    FeatureMarkup attributes = new FeatureMarkup(type);
    Gml3Members.Markup m = Gml32Codec.markup(type);
    int markupBytes =
        m.memberStart().length
            + m.boundsStart().length
            + Gml32Codec.LOWER_TO_UPPER.length
            + m.boundsEnd().length
            + attributes.tagBytes()
            + m.geometryStart().length
            + m.geometryAttributes().length
            + m.memberEnd().length;
    boolean points = type.geometryKind() == GeometryKind.POINT;
    OrdinateText line = new OrdinateText();
    CoordinateBuffer point = new CoordinateBuffer();
    FloorBuffer b = new FloorBuffer(out);
    for (Feature f : collection.features()) {
      FeatureMarkup.checkKind(type, f);
      CoordinateSequence seq = f.positions();
      CoordinateBuffer positions =
          points
              ? point.reset().appendPair(seq.getY(0), ' ', seq.getX(0))
              : line.format(seq, OrdinateText.Style.POS_LIST).text();
      int bound =
          markupBytes
              + 2 * Utf8XmlWriter.MAX_ESCAPED_BYTES * f.id().length()
              + 2 * positions.length()
              + 2 * CoordinateFormat.MAX_CHARS
              + 2;
      bound += FloorBuffer.valueBound(f);
      b.room(bound).put(m.memberStart());
      int idStart = b.position();
      b.ncName(f);
      int idEnd = b.position();
      b.put(m.boundsStart());
      if (points) {
        b.put(positions.bytes(), 0, positions.length()).put(Gml32Codec.LOWER_TO_UPPER);
        b.put(positions.bytes(), 0, positions.length());
      } else {
        corner(b, line, OrdinateText.MIN_Y).put(' ');
        corner(b, line, OrdinateText.MIN_X).put(Gml32Codec.LOWER_TO_UPPER);
        corner(b, line, OrdinateText.MAX_Y).put(' ');
        corner(b, line, OrdinateText.MAX_X);
      }
      b.put(m.boundsEnd());
      b.xmlAttributes(attributes, f);
      b.put(m.geometryStart()).copyWithin(idStart, idEnd).put(m.geometryAttributes());
      b.put(positions.bytes(), 0, positions.length()).put(m.memberEnd());
    }
    b.room(GmlCodec.DOCUMENT_END.length).put(GmlCodec.DOCUMENT_END).drain();
    out.flush();
  }

  private static FloorBuffer corner(FloorBuffer b, OrdinateText line, int which) {
    return b.put(line.text().bytes(), line.start(which), line.length(which));
  }
}
