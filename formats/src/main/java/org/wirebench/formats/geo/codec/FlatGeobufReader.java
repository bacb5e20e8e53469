package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.GeometryKind;
import org.wololo.flatgeobuf.GeometryConversions;
import org.wololo.flatgeobuf.generated.Crs;
import org.wololo.flatgeobuf.generated.Header;

/**
 * Reads a FlatGeobuf file of one feature type, ours or another writer's (GDAL's): the header must
 * describe the type (geometry type, 2D, EPSG:4326, an {@code id} column and columns of the
 * attributes, see {@link FlatGeobufProperties}), every size is checked against its limit before
 * anything is allocated for it, and a spatial index, when present, is checked against the features
 * it points at ({@link FlatGeobufIndex}). Features come back in file order. Anything the reader
 * does not understand (Z or M values, per-feature schemas, multi-part geometries) is refused, not
 * skipped.
 */
final class FlatGeobufReader {
  /** A header past this is not one of ours, nor any GDAL writes (the CRS WKT is its bulk). */
  static final int MAX_HEADER_BYTES = 16 << 20;

  /** One feature past this is refused: 4 million positions of a line. */
  static final int MAX_FEATURE_BYTES = 64 << 20;

  /** An index is read whole to be checked: its features are capped so that it fits an array. */
  static final long MAX_INDEXED_FEATURES = 50_000_000;

  private static final byte[] MAGIC = {'f', 'g', 'b', 3, 'f', 'g', 'b'};

  private final FeatureType type;

  FlatGeobufReader(FeatureType type) {
    this.type = type;
  }

  List<Feature> read(InputStream in) throws IOException {
    byte[] magic = in.readNBytes(8);
    if (magic.length < 8 || !Arrays.equals(Arrays.copyOf(magic, 7), MAGIC)) {
      throw new IOException("not a FlatGeobuf 3 file: the magic bytes are missing");
    }
    int headerSize = sizePrefix(in, "header", MAX_HEADER_BYTES);
    if (headerSize < 0) {
      throw new IOException("FlatGeobuf file ends after its magic bytes");
    }
    byte[] headerBytes = exactly(in, headerSize, "header");
    FlatGeobufProperties properties;
    long count;
    int nodeSize;
    try { // any accessor of a FlatBuffer may meet an offset out of its buffer
      Header header = Header.getRootAsHeader(ByteBuffer.wrap(headerBytes));
      checkHeader(header);
      properties = new FlatGeobufProperties(type, header, headerSize);
      count = header.featuresCount();
      nodeSize = header.indexNodeSize();
    } catch (RuntimeException e) {
      throw new IOException("malformed FlatGeobuf header: " + e, e);
    }
    FlatGeobufIndex index = null;
    if (nodeSize > 0 && count != 0) {
      if (count < 0 || count > MAX_INDEXED_FEATURES) {
        throw new IOException(
            "the header declares an index over "
                + Long.toUnsignedString(count)
                + " features; at most 50,000,000 are read");
      }
      index = FlatGeobufIndex.read(in, (int) count, nodeSize);
    }
    List<Feature> features = new ArrayList<>();
    List<Envelope> boxes = new ArrayList<>();
    List<Long> offsets = new ArrayList<>();
    long offset = 0; // from the first feature's size prefix, as the index counts
    while (true) {
      int size = sizePrefix(in, "feature " + features.size(), MAX_FEATURE_BYTES);
      if (size < 0) {
        break;
      }
      byte[] bytes = exactly(in, size, "feature " + features.size());
      Feature f;
      try {
        f = feature(properties, bytes);
      } catch (IOException | RuntimeException e) {
        String why = e instanceof IOException ? e.getMessage() : e.toString();
        throw new IOException(
            "FlatGeobuf feature "
                + features.size()
                + " (byte "
                + offset
                + " of the features): "
                + why,
            e);
      }
      features.add(f);
      boxes.add(f.geometry().getEnvelopeInternal());
      offsets.add(offset);
      offset += 4L + size;
    }
    if (count != 0 && count != features.size()) {
      throw new IOException(
          "the header declares "
              + Long.toUnsignedString(count)
              + " features, the file holds "
              + features.size());
    }
    if (index != null) {
      index.check(boxes, offsets);
    }
    return features;
  }

  private void checkHeader(Header header) throws IOException {
    int expected = FlatGeobufFeatures.geometryType(type.geometryKind());
    if (header.geometryType() != expected) {
      throw new IOException(
          "geometry type "
              + header.geometryType()
              + " in the header; "
              + type.name()
              + " holds "
              + type.geometryKind().geoJsonType()
              + " ("
              + expected
              + ")");
    }
    if (header.hasZ() || header.hasM() || header.hasT() || header.hasTm()) {
      throw new IOException("Z, M or T ordinates in the header; the features here are 2D");
    }
    Crs crs = header.crs();
    boolean epsg = crs != null && (crs.org() == null || crs.org().equalsIgnoreCase("EPSG"));
    if (!epsg || crs.code() != FeatureType.EPSG) {
      throw new IOException(
          "CRS "
              + (crs == null ? "absent" : crs.org() + ":" + crs.code())
              + " in the header; expected EPSG:"
              + FeatureType.EPSG);
    }
    if (header.indexNodeSize() == 1) {
      throw new IOException("index node size 1 in the header; an index's nodes hold 2..65535");
    }
  }

  private Feature feature(FlatGeobufProperties properties, byte[] bytes) throws IOException {
    org.wololo.flatgeobuf.generated.Feature f =
        org.wololo.flatgeobuf.generated.Feature.getRootAsFeature(ByteBuffer.wrap(bytes));
    if (f.columnsLength() > 0) {
      throw new IOException("a per-feature schema (columns in a feature) is not read here");
    }
    org.wololo.flatgeobuf.generated.Geometry g = f.geometry();
    if (g == null) {
      throw new IOException("a feature without a geometry");
    }
    int geometryType = FlatGeobufFeatures.geometryType(type.geometryKind());
    checkGeometry(geometryType, g, bytes.length);
    Geometry geometry = GeometryConversions.deserialize(g, geometryType);
    ByteBuffer props = f.propertiesAsByteBuffer();
    FlatGeobufProperties.Values values =
        properties.read(props == null ? ByteBuffer.allocate(0) : props);
    return new Feature(values.id(), values.values(), geometry);
  }

  /** Also that the ordinates declared fit the feature's bytes, before an array is made for them. */
  private void checkGeometry(
      int geometryType, org.wololo.flatgeobuf.generated.Geometry g, int bytes) throws IOException {
    if (g.type() != 0 && g.type() != geometryType) {
      throw new IOException("geometry type " + g.type() + " in a feature of a typed layer");
    }
    if (g.zLength() + g.mLength() + g.tLength() + g.tmLength() > 0 || g.partsLength() > 0) {
      throw new IOException("Z, M or T ordinates or parts in a 2D single-part geometry");
    }
    int positions = g.xyLength() / 2;
    if ((long) g.xyLength() * Double.BYTES > bytes) {
      throw new IOException(
          g.xyLength() + " ordinates declared in a feature of " + bytes + " bytes");
    }
    if (g.xyLength() % 2 != 0) {
      throw new IOException("an odd number of ordinates (" + g.xyLength() + ")");
    }
    boolean point = type.geometryKind() == GeometryKind.POINT;
    if (point ? positions != 1 : positions < 2) {
      throw new IOException(positions + " positions in a " + (point ? "Point" : "LineString"));
    }
    if (g.endsLength() > 1 || (g.endsLength() == 1 && g.ends(0) != positions)) {
      throw new IOException("a LineString of several parts (ends " + g.endsLength() + ")");
    }
  }

  /** A little-endian uint32 size, 0..max; -1 at the end of the stream (before its first byte). */
  static int sizePrefix(InputStream in, String what, int max) throws IOException {
    byte[] b = in.readNBytes(4);
    if (b.length == 0) {
      return -1;
    }
    if (b.length < 4) {
      throw new IOException("FlatGeobuf file cut inside the size of " + what);
    }
    long size = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL;
    if (size == 0 || size > max) {
      throw new IOException(what + " of " + size + " bytes; 1.." + max + " are read");
    }
    return (int) size;
  }

  /** Exactly {@code n} bytes; readNBytes grows its buffer as bytes arrive, not by {@code n}. */
  static byte[] exactly(InputStream in, int n, String what) throws IOException {
    byte[] b = in.readNBytes(n);
    if (b.length < n) {
      throw new IOException(
          "FlatGeobuf file cut inside " + what + ": " + b.length + " of " + n + " bytes");
    }
    return b;
  }
}
