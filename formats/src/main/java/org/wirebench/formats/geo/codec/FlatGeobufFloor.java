package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import org.locationtech.jts.geom.CoordinateSequence;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;

/**
 * {@code flatgeobuf}'s bytes with the least work: see {@link SameBytesFloor}. The header is written
 * once through the codec's own code (the library's); each feature is laid out directly, front to
 * back, as FlatBuffers' builder lays it out back to front for the codec's calls, every offset known
 * from the properties' length and the vertex count:
 *
 * <pre>
 * uint32 size | uint32 root (12 + pad) | pad (0 or 4 zero bytes, the doubles 8-aligned)
 * Feature vtable: 8, 12, 4 (geometry), 8 (properties)
 * Feature table: int32 8 (to its vtable), uint32 to Geometry, uint32 4 (to properties)
 * properties: uint32 length, the bytes, zeros to a 4-byte boundary
 * Geometry vtable: 8, 8, 0 (no ends), 4 (xy)
 * Geometry table: int32 8, uint32 4 | xy: uint32 2n, then x, y as doubles
 * </pre>
 *
 * Numbers are little-endian. The properties are written where they go and moved up 4 bytes when the
 * alignment pad turns out to be needed: cheaper than measuring each string's UTF-8 first.
 */
final class FlatGeobufFloor implements SameBytesFloor.Writer {
  /** size, root, Feature vtable and table, the properties' length: before the properties. */
  private static final int BEFORE_PROPERTIES = 4 + 4 + 8 + 12 + 4;

  /** Geometry vtable and table, xy's length: between the properties' padding and the doubles. */
  private static final int GEOMETRY_BYTES = 8 + 8 + 4;

  @Override
  public void write(FeatureCollection collection, OutputStream out) throws IOException {
    FeatureType type = collection.type();
    FlatGeobufCodec.writeHeader(collection, 0, out);
    int values = type.attributes().size();
    FloorBuffer b = new FloorBuffer(out);
    for (Feature f : collection.features()) {
      FeatureMarkup.checkKind(type, f);
      FlatGeobufFeatures.checkFinite(f);
      CoordinateSequence seq = f.positions();
      int n = seq.size();
      int bound = BEFORE_PROPERTIES + 4 + 6 + 3 * f.id().length() + 3 + GEOMETRY_BYTES + 16 * n;
      for (int i = 0; i < values; i++) {
        Object v = f.value(i);
        bound += v instanceof String s ? 6 + 3 * s.length() : 10;
      }
      b.room(bound);
      int start = b.position();
      int properties = start + BEFORE_PROPERTIES;
      b.position(properties).le16(0).le32(0);
      int idStart = b.position();
      b.utf8(f.id());
      lengthBefore(b, idStart);
      for (int i = 0; i < values; i++) {
        Object value = f.value(i);
        if (value == null) {
          continue;
        }
        b.le16(i + 1);
        switch (FlatGeobufFeatures.checkValue(type, f, i, value).type()) {
          case STRING -> {
            b.le32(0);
            int textStart = b.position();
            b.utf8((String) value);
            lengthBefore(b, textStart);
          }
          case INT -> b.le32((Integer) value);
          case LONG -> b.le64((long) (Long) value);
          case BOOLEAN -> b.put((Boolean) value ? (char) 1 : (char) 0);
        }
      }
      int length = b.position() - properties;
      int padding = -length & 3;
      int rest = 44 + length + padding + 16 * n; // what the builder wrote before finishing
      int align = (rest & 7) == 0 ? 0 : 4;
      if (align != 0) {
        b.shiftUp(properties, align);
      }
      int end = b.position();
      b.position(start)
          .le32(rest + align + 4)
          .le32(12 + align)
          .zeros(align)
          .le16(8)
          .le16(12)
          .le16(4)
          .le16(8)
          .le32(8)
          .le32(20 + length + padding)
          .le32(4)
          .le32(length)
          .position(end)
          .zeros(padding)
          .le16(8)
          .le16(8)
          .le16(0)
          .le16(4)
          .le32(8)
          .le32(4)
          .le32(2 * n);
      for (int i = 0; i < n; i++) {
        b.le64(seq.getX(i)).le64(seq.getY(i));
      }
    }
    b.drain();
  }

  /** Fills in the uint32 length before a string written from {@code textStart}. */
  private static void lengthBefore(FloorBuffer b, int textStart) {
    int end = b.position();
    b.position(textStart - 4).le32(end - textStart).position(end);
  }
}
