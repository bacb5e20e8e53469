package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import org.locationtech.jts.geom.CoordinateSequence;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;

/** {@code gml2}'s bytes with the least work: see {@link SameBytesFloor}. */
final class Gml2Floor implements SameBytesFloor.Writer {
  private final Gml2Codec codec = new Gml2Codec();

  @Override
  public void write(FeatureCollection collection, OutputStream out) throws IOException {
    FeatureType type = collection.type();
    FloorBuffer.start(out, w -> codec.writeStart(w, collection));
    FeatureMarkup attributes = new FeatureMarkup(type);
    Gml2Codec.Markup m = Gml2Codec.Markup.of(type);
    int markupBytes =
        m.memberStart().length
            + Gml2Codec.ID_END.length
            + attributes.tagBytes()
            + m.geometryStart().length
            + m.memberEnd().length;
    FloorBuffer b = new FloorBuffer(out);
    for (Feature f : collection.features()) {
      FeatureMarkup.checkKind(type, f);
      CoordinateSequence seq = f.positions();
      int bound =
          markupBytes
              + Utf8XmlWriter.MAX_ESCAPED_BYTES * f.id().length()
              + seq.size() * (2 * CoordinateFormat.MAX_CHARS + 2);
      bound += FloorBuffer.valueBound(f);
      b.room(bound).put(m.memberStart()).ncName(f).put(Gml2Codec.ID_END);
      b.xmlAttributes(attributes, f);
      b.put(m.geometryStart());
      putCoordinates(b, seq);
      b.put(m.memberEnd());
    }
    b.room(GmlCodec.DOCUMENT_END.length).put(GmlCodec.DOCUMENT_END).drain();
    out.flush();
  }

  /** A method of its own, as {@code gml2}'s: see {@link Gml2Codec#writeCoordinates}. */
  private static void putCoordinates(FloorBuffer b, CoordinateSequence seq) {
    for (int i = 0; i < seq.size(); i++) {
      if (i > 0) {
        b.put(' ');
      }
      b.ordinate(seq.getX(i)).put(',').ordinate(seq.getY(i));
    }
  }
}
