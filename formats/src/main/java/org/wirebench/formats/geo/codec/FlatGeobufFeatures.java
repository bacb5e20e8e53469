package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.locationtech.jts.geom.CoordinateSequence;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;
import org.wololo.flatgeobuf.generated.GeometryType;

/**
 * Writes one feature of a type as FlatGeobuf's size-prefixed Feature FlatBuffer: the Feature table
 * with its geometry and properties, the Geometry table with its {@code xy} vector only (the header
 * gives the type), and the properties as the format's key/value buffer (a little-endian ushort
 * column index, then the value: Int 4 bytes, Long 8, Bool 1, String a uint32 byte length and
 * UTF-8). An absent (null) value is not written, so null and "" stay apart.
 *
 * <p>The FlatBuffer is laid out here, front to back, byte for byte as flatbuffers-java's builder
 * lays it out back to front through the library's generated {@code Feature} and {@code Geometry}
 * tables (FlatGeobufLayoutTest byte-compares the two; {@link FlatGeobufFloor} shows the layout).
 * Not the builder itself: per ordinate it aligns and bounds-checks a ByteBuffer, per table it
 * searches the vtables written before, and the properties are copied into it once more; on 200
 * features that made the codec 2–3× its same-bytes floor (a stack profile under JMH: the builder's
 * endTable, addOffset, prep and the geometry's addDouble loop first, String.getBytes next). Not the
 * library's {@code GeometryConversions.serialize} either: it writes a {@code z} vector whenever the
 * JTS sequence has a third dimension, which every sequence of JTS's default factory has, even
 * holding NaN, against a header that says 2D: 200 osm_mainroads features took 125,120 bytes that
 * way, 91,216 this way (osm_places 31,544 and 27,184). One properties buffer and one feature buffer
 * serve a whole document.
 */
final class FlatGeobufFeatures {
  static final VarHandle LE_SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle LE_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle LE_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** The Feature vtable (size 8, table 12, geometry at 4, properties at 8), little-endian. */
  static final long FEATURE_VTABLE = 8L | 12L << 16 | 4L << 32 | 8L << 48;

  /** The Geometry vtable (size 8, table 8, no ends, xy at 4). */
  static final long GEOMETRY_VTABLE = 8L | 8L << 16 | 0L << 32 | 4L << 48;

  private final FeatureType type;
  private byte[] properties = new byte[256];
  private int length;
  private byte[] feature = new byte[1024];

  FlatGeobufFeatures(FeatureType type) {
    this.type = type;
  }

  static byte geometryType(GeometryKind kind) {
    return switch (kind) {
      case POINT -> GeometryType.Point;
      case LINE_STRING -> GeometryType.LineString;
    };
  }

  void write(Feature f, OutputStream out) throws IOException {
    FeatureMarkup.checkKind(type, f);
    checkFinite(f);
    length = 0;
    putString(0, f.id());
    for (int i = 0; i < type.attributes().size(); i++) {
      Object value = f.value(i);
      if (value != null) {
        put(f, i, value);
      }
    }
    CoordinateSequence positions = f.positions();
    int n = positions.size();
    int padding = -length & 3;
    // what the builder has written before it finishes: geometry, properties, table and vtables
    int body = 44 + length + padding + 16 * n;
    int align = (body & 7) == 0 ? 0 : 4; // the doubles 8-aligned from the buffer's end
    int total = 8 + align + body; // with the size prefix and the root offset
    if (feature.length < total) {
      feature = new byte[Math.max(total, 2 * feature.length)];
    }
    byte[] b = feature;
    LE_INT.set(b, 0, total - 4);
    LE_INT.set(b, 4, 12 + align);
    LE_INT.set(b, 8, 0); // the pad, when there is one; else the vtable's first half, set next
    int at = 8 + align;
    LE_LONG.set(b, at, FEATURE_VTABLE);
    LE_INT.set(b, at + 8, 8);
    LE_INT.set(b, at + 12, 20 + length + padding);
    LE_INT.set(b, at + 16, 4);
    LE_INT.set(b, at + 20, length);
    at += 24;
    System.arraycopy(properties, 0, b, at, length);
    at += length;
    LE_INT.set(b, at, 0); // zeros to the 4-byte boundary; what passes it is rewritten next
    at += padding;
    LE_LONG.set(b, at, GEOMETRY_VTABLE);
    LE_INT.set(b, at + 8, 8);
    LE_INT.set(b, at + 12, 4);
    LE_INT.set(b, at + 16, 2 * n);
    at += 20;
    for (int i = 0; i < n; i++, at += 16) {
      LE_LONG.set(b, at, Double.doubleToRawLongBits(positions.getX(i)));
      LE_LONG.set(b, at + 8, Double.doubleToRawLongBits(positions.getY(i)));
    }
    out.write(b, 0, total);
  }

  /** See the codec: NaN or an infinity would poison the header's envelope and the index. */
  static void checkFinite(Feature f) {
    CoordinateSequence positions = f.positions();
    for (int i = 0; i < positions.size(); i++) {
      double x = positions.getX(i);
      double y = positions.getY(i);
      if (!Double.isFinite(x) || !Double.isFinite(y)) {
        throw new IllegalArgumentException(
            "feature "
                + f.id()
                + ": position "
                + i
                + " is ("
                + x
                + " "
                + y
                + "); FlatGeobuf output holds finite ordinates only");
      }
    }
  }

  private void put(Feature f, int attribute, Object value) {
    Attribute a = checkValue(type, f, attribute, value);
    int column = attribute + 1;
    switch (a.type()) {
      case STRING -> putString(column, (String) value);
      case INT -> {
        room(6);
        putShort(column);
        putInt((Integer) value);
      }
      case LONG -> {
        room(10);
        putShort(column);
        long v = (Long) value;
        putInt((int) v);
        putInt((int) (v >>> 32));
      }
      case BOOLEAN -> {
        room(3);
        putShort(column);
        properties[length++] = (byte) ((Boolean) value ? 1 : 0);
      }
    }
  }

  /** The attribute a non-null value is written for, once it is of that attribute's type. */
  static Attribute checkValue(FeatureType type, Feature f, int attribute, Object value) {
    Attribute a = type.attributes().get(attribute);
    if (!a.type().javaType().isInstance(value)) {
      throw new IllegalArgumentException(
          "feature "
              + f.id()
              + ": "
              + a.name()
              + " holds a "
              + value.getClass().getSimpleName()
              + ", not a "
              + a.type().javaType().getSimpleName());
    }
    return a;
  }

  private void putString(int column, String text) {
    room(6 + 3 * text.length());
    putShort(column);
    int start = length + 4;
    int end = utf8(text, properties, start);
    putInt(end - start);
    length = end;
  }

  /**
   * {@code s} as UTF-8 into {@code buf} at {@code pos}, which has room for 3 bytes a char; a lone
   * surrogate is refused as {@code geojson} refuses it ({@link GeoJsonCodec#wellFormed}): UTF-8
   * cannot carry it.
   *
   * @return the position after the last byte written
   */
  static int utf8(String s, byte[] buf, int pos) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        buf[pos++] = (byte) c;
      } else if (c < 0x800) {
        buf[pos++] = (byte) (0xc0 | c >> 6);
        buf[pos++] = (byte) (0x80 | c & 0x3f);
      } else if (Character.isSurrogate(c)) {
        if (!Character.isHighSurrogate(c)
            || i + 1 == n
            || !Character.isLowSurrogate(s.charAt(i + 1))) {
          throw GeoJsonCodec.loneSurrogate(c, i);
        }
        int cp = Character.toCodePoint(c, s.charAt(++i));
        buf[pos++] = (byte) (0xf0 | cp >> 18);
        buf[pos++] = (byte) (0x80 | cp >> 12 & 0x3f);
        buf[pos++] = (byte) (0x80 | cp >> 6 & 0x3f);
        buf[pos++] = (byte) (0x80 | cp & 0x3f);
      } else {
        buf[pos++] = (byte) (0xe0 | c >> 12);
        buf[pos++] = (byte) (0x80 | c >> 6 & 0x3f);
        buf[pos++] = (byte) (0x80 | c & 0x3f);
      }
    }
    return pos;
  }

  private void room(int bytes) {
    if (length + bytes > properties.length) {
      properties = Arrays.copyOf(properties, Math.max(properties.length * 2, length + bytes));
    }
  }

  private void putShort(int v) {
    properties[length++] = (byte) v;
    properties[length++] = (byte) (v >>> 8);
  }

  private void putInt(int v) {
    properties[length++] = (byte) v;
    properties[length++] = (byte) (v >>> 8);
    properties[length++] = (byte) (v >>> 16);
    properties[length++] = (byte) (v >>> 24);
  }
}
