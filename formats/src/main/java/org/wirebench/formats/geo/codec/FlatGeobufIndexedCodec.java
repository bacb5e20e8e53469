package org.wirebench.formats.geo.codec;

/**
 * FlatGeobuf with its packed Hilbert R-tree (node size 16, as GDAL writes it by default): what a
 * client reading a file over HTTP range requests, or filtering by box, needs. The index puts the
 * features in Hilbert order, so this codec does not keep the collection's order, and it holds every
 * encoded feature in memory before the first byte is written.
 */
public final class FlatGeobufIndexedCodec extends FlatGeobufCodec {
  public FlatGeobufIndexedCodec() {
    super(DEFAULT_NODE_SIZE);
  }

  @Override
  public String name() {
    return "flatgeobuf-indexed";
  }

  /**
   * Not listed: its features come in its index's order, not a query's (sortBy, paging), so the WFS
   * refuses it; {@code application/flatgeobuf} is the plain one's.
   */
  @Override
  public WfsOutputFormat wfsOutputFormat() {
    return WfsOutputFormat.UNLISTED;
  }

  @Override
  public boolean keepsFeatureOrder() {
    return false;
  }
}
