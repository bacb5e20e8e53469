package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import org.locationtech.jts.geom.CoordinateSequence;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;

/**
 * {@code geojson}'s bytes (what Jackson's generator writes for it) with the least work: see {@link
 * SameBytesFloor}. Everything between the values is one pre-encoded segment, property names
 * included.
 */
final class GeoJsonFloor implements SameBytesFloor.Writer {
  private static final byte[] START =
      Utf8XmlWriter.ascii("{\"type\":\"FeatureCollection\",\"features\":[");
  private static final byte[] FEATURE = GeoJsonCodec.FEATURE_START;
  private static final byte[] PROPERTIES = Utf8XmlWriter.ascii("},\"properties\":{");
  private static final byte[] END = Utf8XmlWriter.ascii("]}");
  private static final int VALUE_BYTES = 6 + 2;

  @Override
  public void write(FeatureCollection collection, OutputStream out) throws IOException {
    FeatureType type = collection.type();
    boolean points = type.geometryKind() == GeometryKind.POINT;
    String kind = type.geometryKind().geoJsonType();
    byte[] afterId =
        Utf8XmlWriter.ascii(
            points ? "\",\"geometry\":{\"type\":\"Point\",\"coordinates\":" : "\",\"bbox\":[");
    byte[] boxToCoordinates =
        Utf8XmlWriter.ascii("],\"geometry\":{\"type\":\"" + kind + "\",\"coordinates\":");
    int values = type.attributes().size();
    byte[][] names = GeoJsonCodec.names(type);
    int markupBytes =
        1 + FEATURE.length + afterId.length + boxToCoordinates.length + PROPERTIES.length + 2;
    for (byte[] name : names) {
      markupBytes += name.length;
    }
    OrdinateText line = new OrdinateText();
    FloorBuffer b = new FloorBuffer(out);
    b.room(START.length).put(START);
    boolean first = true;
    for (Feature f : collection.features()) {
      FeatureMarkup.checkKind(type, f);
      CoordinateSequence seq = f.positions();
      int bound =
          markupBytes
              + VALUE_BYTES * f.id().length()
              + seq.size() * (2 * CoordinateFormat.MAX_CHARS + 4)
              + 4 * CoordinateFormat.MAX_CHARS
              + 6;
      for (int i = 0; i < values; i++) {
        Object v = f.value(i);
        bound += v instanceof String s ? VALUE_BYTES * s.length() + 2 : FloorBuffer.NUMBER_BYTES;
      }
      b.room(bound);
      if (!first) {
        b.put(',');
      }
      first = false;
      b.put(FEATURE).json(f.id()).put(afterId);
      if (points) {
        b.put('[').ordinate(seq.getX(0)).put(',').ordinate(seq.getY(0)).put(']');
      } else {
        CoordinateBuffer text = line.format(seq, OrdinateText.Style.JSON_LINE).text();
        corner(b, line, OrdinateText.MIN_X).put(',');
        corner(b, line, OrdinateText.MIN_Y).put(',');
        corner(b, line, OrdinateText.MAX_X).put(',');
        corner(b, line, OrdinateText.MAX_Y).put(boxToCoordinates);
        b.put(text.bytes(), 0, text.length());
      }
      b.put(PROPERTIES);
      for (int i = 0; i < values; i++) {
        b.put(names[i]).jsonValue(f.value(i));
      }
      b.put('}').put('}');
    }
    b.room(END.length).put(END).drain();
    out.flush();
  }

  private static FloorBuffer corner(FloorBuffer b, OrdinateText line, int which) {
    return b.put(line.text().bytes(), line.start(which), line.length(which));
  }
}
