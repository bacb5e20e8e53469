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
      feature(b, type, values, f);
    }
    b.drain();
  }

  /**
   * One feature, straight into the buffer's array with constant offsets from locals (a method of
   * its own: the JIT compiles it whole, not inside the loop's on-stack replacement).
   */
  private static void feature(FloorBuffer b, FeatureType type, int values, Feature f)
      throws IOException {
    FeatureMarkup.checkKind(type, f);
    FlatGeobufFeatures.checkFinite(f);
    CoordinateSequence seq = f.positions();
    int n = seq.size();
    int bound = BEFORE_PROPERTIES + 4 + 6 + 3 * f.id().length() + 3 + GEOMETRY_BYTES + 16 * n;
    for (int i = 0; i < values; i++) {
      bound += f.value(i) instanceof String s ? 6 + 3 * s.length() : 10;
    }
    b.room(bound);
    byte[] a = b.array();
    int start = b.position();
    int properties = start + BEFORE_PROPERTIES;
    FlatGeobufFeatures.LE_SHORT.set(a, properties, (short) 0);
    int at = FlatGeobufFeatures.utf8(f.id(), a, properties + 6);
    FlatGeobufFeatures.LE_INT.set(a, properties + 2, at - properties - 6);
    for (int i = 0; i < values; i++) {
      Object value = f.value(i);
      if (value == null) {
        continue;
      }
      FlatGeobufFeatures.LE_SHORT.set(a, at, (short) (i + 1));
      at += 2;
      switch (FlatGeobufFeatures.checkValue(type, f, i, value).type()) {
        case STRING -> {
          int end = FlatGeobufFeatures.utf8((String) value, a, at + 4);
          FlatGeobufFeatures.LE_INT.set(a, at, end - at - 4);
          at = end;
        }
        case INT -> {
          FlatGeobufFeatures.LE_INT.set(a, at, (int) (Integer) value);
          at += 4;
        }
        case LONG -> {
          FlatGeobufFeatures.LE_LONG.set(a, at, (long) (Long) value);
          at += 8;
        }
        case BOOLEAN -> a[at++] = (byte) ((Boolean) value ? 1 : 0);
      }
    }
    int length = at - properties;
    int padding = -length & 3;
    int rest = 44 + length + padding + 16 * n; // what the builder wrote before finishing
    int align = (rest & 7) == 0 ? 0 : 4;
    if (align != 0) {
      System.arraycopy(a, properties, a, properties + 4, length);
      at += 4;
    }
    FlatGeobufFeatures.LE_INT.set(a, start, rest + align + 4);
    FlatGeobufFeatures.LE_INT.set(a, start + 4, 12 + align);
    FlatGeobufFeatures.LE_INT.set(a, start + 8, 0);
    int t = start + 8 + align;
    FlatGeobufFeatures.LE_LONG.set(a, t, FlatGeobufFeatures.FEATURE_VTABLE);
    FlatGeobufFeatures.LE_INT.set(a, t + 8, 8);
    FlatGeobufFeatures.LE_INT.set(a, t + 12, 20 + length + padding);
    FlatGeobufFeatures.LE_INT.set(a, t + 16, 4);
    FlatGeobufFeatures.LE_INT.set(a, t + 20, length);
    FlatGeobufFeatures.LE_INT.set(a, at, 0);
    at += padding;
    FlatGeobufFeatures.LE_LONG.set(a, at, FlatGeobufFeatures.GEOMETRY_VTABLE);
    FlatGeobufFeatures.LE_INT.set(a, at + 8, 8);
    FlatGeobufFeatures.LE_INT.set(a, at + 12, 4);
    FlatGeobufFeatures.LE_INT.set(a, at + 16, 2 * n);
    at += 20;
    for (int i = 0; i < n; i++, at += 16) {
      FlatGeobufFeatures.LE_LONG.set(a, at, Double.doubleToRawLongBits(seq.getX(i)));
      FlatGeobufFeatures.LE_LONG.set(a, at + 8, Double.doubleToRawLongBits(seq.getY(i)));
    }
    b.position(at);
  }
}
