package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
 * way, 91,216 this way (osm_places 31,544 and 27,184).
 *
 * <p>Each feature goes straight into one output buffer a document (room made once a feature, for
 * the most bytes it can take), which goes out in the encoders' chunk size ({@link
 * FloorBuffer#CAPACITY}). Building the properties byte by byte in a buffer of their own, copying
 * them into a feature buffer and writing each feature to the stream cost 1.10–1.13× the same-bytes
 * floor on osm_places (its profile under JMH: the byte-wise putInt/putShort and a room check a
 * value 11% of the samples, the copies and a stream write a feature 14%).
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

  /** Size prefix, root offset, Feature vtable and table, properties' length: 8 + 8 + 12 + 4. */
  private static final int BEFORE_PROPERTIES = 32;

  /** The most bytes a property key and a non-string value take (a ushort and a Long). */
  private static final int KEY_AND_NUMBER = 10;

  private final FeatureType type;
  private final OutputStream out;
  private byte[] buf = new byte[FloorBuffer.CAPACITY];
  private int pos;

  /** Writes features into {@code out} in buffer-sized chunks; {@link #flush} sends the rest. */
  FlatGeobufFeatures(FeatureType type, OutputStream out) {
    this.type = type;
    this.out = out;
  }

  static byte geometryType(GeometryKind kind) {
    return switch (kind) {
      case POINT -> GeometryType.Point;
      case LINE_STRING -> GeometryType.LineString;
    };
  }

  /**
   * Buffers one feature's size-prefixed FlatBuffer.
   *
   * @return the bytes it takes
   */
  int write(Feature f) throws IOException {
    FeatureMarkup.checkKind(type, f);
    checkFinite(f);
    CoordinateSequence positions = f.positions();
    int n = positions.size();
    room(mostBytes(f, n));
    byte[] b = buf;
    int start = pos;
    // the properties go where they belong without the alignment pad; moved up if it is needed
    int properties = start + BEFORE_PROPERTIES;
    int length = writeProperties(f, b, properties) - properties;
    int padding = -length & 3;
    // what the builder has written before it finishes: geometry, properties, table and vtables
    int body = 44 + length + padding + 16 * n;
    int align = (body & 7) == 0 ? 0 : 4; // the doubles 8-aligned from the buffer's end
    if (align != 0) {
      System.arraycopy(b, properties, b, properties + align, length);
    }
    int total = 8 + align + body; // with the size prefix and the root offset
    LE_INT.set(b, start, total - 4);
    LE_INT.set(b, start + 4, 12 + align);
    // the pad, when there is one; else the vtable's first half, set next
    LE_INT.set(b, start + 8, 0);
    int at = start + 8 + align;
    LE_LONG.set(b, at, FEATURE_VTABLE);
    LE_INT.set(b, at + 8, 8);
    LE_INT.set(b, at + 12, 20 + length + padding);
    LE_INT.set(b, at + 16, 4);
    LE_INT.set(b, at + 20, length);
    at += 24 + length;
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
    pos = at;
    return total;
  }

  /** Sends what is buffered to the stream (does not flush the stream). */
  void flush() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
  }

  /**
   * The most bytes a feature can take: every char as 3 UTF-8 bytes (a surrogate pair's 4 are 2
   * each), the alignment pad (4) and the properties' padding (3) at their widest.
   */
  private int mostBytes(Feature f, int n) {
    int id = 2 + 4 + 3 * f.id().length();
    int bytes = BEFORE_PROPERTIES + 4 + id + 3 + 20 + 16 * n;
    for (int i = 0; i < type.attributes().size(); i++) {
      bytes += f.value(i) instanceof String s ? KEY_AND_NUMBER + 3 * s.length() : KEY_AND_NUMBER;
    }
    return bytes;
  }

  private void room(int bytes) throws IOException {
    if (pos + bytes > buf.length) {
      flush();
      if (bytes > buf.length) {
        buf = new byte[bytes];
      }
    }
  }

  /**
   * The id and every non-null value as key/value pairs into {@code b} at {@code at}, which has room
   * for them.
   *
   * @return the position after the last byte written
   */
  private int writeProperties(Feature f, byte[] b, int at) {
    LE_SHORT.set(b, at, (short) 0);
    at = putString(b, at + 2, f.id());
    for (int i = 0; i < type.attributes().size(); i++) {
      Object value = f.value(i);
      if (value == null) {
        continue;
      }
      Attribute a = checkValue(type, f, i, value);
      LE_SHORT.set(b, at, (short) (i + 1));
      at += 2;
      switch (a.type()) {
        case STRING -> at = putString(b, at, (String) value);
        case INT -> {
          LE_INT.set(b, at, (int) (Integer) value);
          at += 4;
        }
        case LONG -> {
          LE_LONG.set(b, at, (long) (Long) value);
          at += 8;
        }
        case BOOLEAN -> b[at++] = (byte) ((Boolean) value ? 1 : 0);
      }
    }
    return at;
  }

  /** A String value: its UTF-8 byte length, then the bytes. */
  private static int putString(byte[] b, int at, String text) {
    int end = utf8(text, b, at + 4);
    LE_INT.set(b, at, end - at - 4);
    return end;
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
}
