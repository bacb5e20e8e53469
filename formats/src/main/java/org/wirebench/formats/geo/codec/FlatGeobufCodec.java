package org.wirebench.formats.geo.codec;

import com.google.flatbuffers.FlatBufferBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.FeatureType;
import org.wololo.flatgeobuf.Constants;
import org.wololo.flatgeobuf.HeaderMeta;
import org.wololo.flatgeobuf.NodeItem;
import org.wololo.flatgeobuf.PackedRTree;

/**
 * FlatGeobuf 3 (flatgeobuf.org) without the spatial index: the magic bytes, a header (the type's
 * name, the collection's bounds, its geometry type, EPSG:4326, the feature count and one column per
 * attribute after an {@code id} column holding the feature id, since a FlatGeobuf feature has no id
 * of its own), then each feature as a size-prefixed FlatBuffer, streamed in the collection's order.
 * The header and the R-tree are written with FlatGeobuf's Java library ({@code
 * org.wololo:flatgeobuf}); each feature's FlatBuffer is laid out by {@link FlatGeobufFeatures},
 * byte for byte as the library's generated tables write it through flatbuffers-java's builder
 * (which cost the codec 2–3× its same-bytes floor); the properties buffer is ours (the library
 * encodes properties only from GeoTools features). Ordinates are stored as doubles, every bit kept.
 *
 * <p>NaN and infinite ordinates are refused: a FlatGeobuf double could hold them, but the header
 * envelope and an index built from them would hold NaN, and a spatial reader would never find the
 * feature. Text with a lone surrogate is refused, as by {@code geojson}: UTF-8 cannot carry it.
 */
public class FlatGeobufCodec implements GeoCodec {
  /** The column that carries {@link Feature#id()}; GDAL reads it as a field named so. */
  static final String ID_COLUMN = "id";

  /** FlatGeobuf's default node size, what GDAL and the other writers use. */
  static final int DEFAULT_NODE_SIZE = 16;

  /** The indexed variant holds every encoded feature before writing: 1 GiB of them at most. */
  static final int MAX_INDEXED_BYTES = 1 << 30;

  private final int indexNodeSize;

  /** Without a spatial index: features are streamed as they come. */
  public FlatGeobufCodec() {
    this(0);
  }

  /**
   * @param indexNodeSize 0 (no index) or 2..65535: the packed Hilbert R-tree's node size
   */
  FlatGeobufCodec(int indexNodeSize) {
    if (indexNodeSize != 0 && (indexNodeSize < 2 || indexNodeSize > 0xFFFF)) {
      throw new IllegalArgumentException("index node size must be 0 or 2..65535");
    }
    this.indexNodeSize = indexNodeSize;
  }

  @Override
  public String name() {
    return "flatgeobuf";
  }

  /**
   * The outputFormat GeoServer and GDAL use for it ({@code OUTPUTFORMAT=application/flatgeobuf}).
   */
  @Override
  public WfsOutputFormat wfsOutputFormat() {
    return WfsOutputFormat.of("application/flatgeobuf", "flatgeobuf");
  }

  @Override
  public String mediaType() {
    return "application/flatgeobuf";
  }

  @Override
  public String fileExtension() {
    return "fgb";
  }

  @Override
  public int coordinateDecimals() {
    return FULL_PRECISION;
  }

  @Override
  public void encode(FeatureCollection collection, OutputStream out) throws IOException {
    if (indexNodeSize == 0 || collection.size() == 0) {
      writeHeader(collection, 0, out);
      FlatGeobufFeatures features = new FlatGeobufFeatures(collection.type(), out);
      for (Feature f : collection.features()) {
        features.write(f);
      }
      features.flush();
      return;
    }
    writeIndexed(collection, out);
  }

  /**
   * The index needs every feature's size and box before the first feature is written, and the
   * features in the index's order: each is encoded once into one buffer, then written in Hilbert
   * order after the tree.
   */
  private void writeIndexed(FeatureCollection collection, OutputStream out) throws IOException {
    Exposed encoded = new Exposed();
    FlatGeobufFeatures features = new FlatGeobufFeatures(collection.type(), encoded);
    List<PackedRTree.FeatureItem> items = new ArrayList<>(collection.size());
    long written = 0;
    for (Feature f : collection.features()) {
      if (written > MAX_INDEXED_BYTES) {
        throw new IllegalArgumentException(
            "indexed FlatGeobuf is built in memory; "
                + collection.size()
                + " features pass its 1 GiB: write them without the index");
      }
      PackedRTree.FeatureItem item = new PackedRTree.FeatureItem();
      item.offset = written;
      item.size = features.write(f);
      written += item.size;
      Envelope e = f.geometry().getEnvelopeInternal();
      item.nodeItem = new NodeItem(e.getMinX(), e.getMinY(), e.getMaxX(), e.getMaxY());
      items.add(item);
    }
    features.flush();
    PackedRTree.hilbertSort(items, PackedRTree.calcExtent(items));
    long offset = 0;
    for (PackedRTree.FeatureItem item : items) {
      item.nodeItem.offset = offset; // where the feature starts once written in this order
      offset += item.size;
    }
    PackedRTree tree = new PackedRTree(items, (short) indexNodeSize);
    writeHeader(collection, indexNodeSize, out);
    tree.write(out);
    byte[] bytes = encoded.buffer();
    for (PackedRTree.FeatureItem item : items) {
      out.write(bytes, (int) item.offset, (int) item.size);
    }
  }

  static void writeHeader(FeatureCollection collection, int nodeSize, OutputStream out)
      throws IOException {
    FeatureType type = collection.type();
    HeaderMeta header = new HeaderMeta();
    header.name = type.name();
    header.geometryType = FlatGeobufFeatures.geometryType(type.geometryKind());
    header.srid = FeatureType.EPSG;
    header.envelope = collection.bounds().isNull() ? null : collection.bounds();
    header.featuresCount = collection.size();
    header.indexNodeSize = nodeSize;
    header.columns = FlatGeobufColumns.of(type);
    out.write(Constants.MAGIC_BYTES);
    HeaderMeta.write(header, out, new FlatBufferBuilder(1024));
  }

  @Override
  public List<Feature> decode(FeatureType type, InputStream in) throws IOException {
    return new FlatGeobufReader(type).read(in);
  }

  /** A byte buffer whose array can be read without a copy. */
  private static final class Exposed extends ByteArrayOutputStream {
    Exposed() {
      super(64 * 1024);
    }

    byte[] buffer() {
      return buf;
    }
  }
}
