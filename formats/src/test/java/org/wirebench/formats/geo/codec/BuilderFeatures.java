package org.wirebench.formats.geo.codec;

import com.google.flatbuffers.FlatBufferBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.locationtech.jts.geom.CoordinateSequence;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wololo.flatgeobuf.generated.Geometry;

/**
 * The codec's feature writer as it was up to 2026-11-26, kept as the oracle the codec's own layout
 * is byte-compared with (FlatGeobufLayoutTest): flatbuffers-java's builder through the library's
 * generated tables. Writes one feature of a type as FlatGeobuf's size-prefixed Feature FlatBuffer:
 * its geometry through the library, its properties as the format's key/value buffer (a
 * little-endian ushort column index, then the value: Int 4 bytes, Long 8, Bool 1, String a uint32
 * byte length and UTF-8). An absent (null) value is not written, so null and "" stay apart. One
 * builder and one properties buffer serve a whole document.
 */
final class BuilderFeatures {
  private final FeatureType type;
  private final FlatBufferBuilder builder = new FlatBufferBuilder(1024);
  private byte[] properties = new byte[256];
  private int length;

  BuilderFeatures(FeatureType type) {
    this.type = type;
  }

  void write(Feature f, OutputStream out) throws IOException {
    FeatureMarkup.checkKind(type, f);
    FlatGeobufFeatures.checkFinite(f);
    length = 0;
    putString(0, f.id());
    for (int i = 0; i < type.attributes().size(); i++) {
      Object value = f.value(i);
      if (value != null) {
        put(f, i, value);
      }
    }
    builder.clear();
    int geometry = geometry(f.positions());
    int props = builder.createByteVector(properties, 0, length);
    int feature =
        org.wololo.flatgeobuf.generated.Feature.createFeature(builder, geometry, props, 0);
    builder.finishSizePrefixed(feature);
    ByteBuffer bytes = builder.dataBuffer();
    out.write(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
  }

  /**
   * The positions as the Geometry table's {@code xy} vector, nothing else (the header gives the
   * type). Not the library's {@code GeometryConversions.serialize}: it writes a {@code z} vector
   * whenever the JTS sequence has a third dimension, which every sequence of JTS's default factory
   * has, even holding NaN, against a header that says 2D: 200 osm_mainroads features took 125,120
   * bytes that way, 91,216 this way (osm_places 31,544 and 27,184).
   */
  private int geometry(CoordinateSequence positions) {
    int n = positions.size();
    Geometry.startXyVector(builder, 2 * n);
    for (int i = n - 1; i >= 0; i--) { // a FlatBuffer is built back to front
      builder.addDouble(positions.getY(i));
      builder.addDouble(positions.getX(i));
    }
    int xy = builder.endVector();
    return Geometry.createGeometry(builder, 0, xy, 0, 0, 0, 0, 0, 0);
  }

  private void put(Feature f, int attribute, Object value) {
    Attribute a = FlatGeobufFeatures.checkValue(type, f, attribute, value);
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

  private void putString(int column, String text) {
    byte[] utf8 = GeoJsonCodec.wellFormed(text).getBytes(StandardCharsets.UTF_8);
    room(6 + utf8.length);
    putShort(column);
    putInt(utf8.length);
    System.arraycopy(utf8, 0, properties, length, utf8.length);
    length += utf8.length;
  }

  private void room(int bytes) {
    if (length + bytes > properties.length) {
      properties =
          java.util.Arrays.copyOf(properties, Math.max(properties.length * 2, length + bytes));
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
