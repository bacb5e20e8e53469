package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.locationtech.jts.geom.Envelope;

/**
 * A FlatGeobuf packed Hilbert R-tree, read whole and checked against the features that follow it: a
 * reader filtering by box trusts the index alone, so an index that lies loses features silently.
 * Layout (flatgeobuf.org): levels stored root first, leaves last, each node 40 bytes (minX, minY,
 * maxX, maxY as doubles, then a uint64: a leaf's feature byte offset from the first feature, an
 * inner node's index of its first child); a level holds ceil(n / nodeSize) nodes of the level
 * below, down to the root (a one-feature tree still has a root above its leaf).
 */
final class FlatGeobufIndex {
  private static final int NODE_BYTES = 40;

  private final ByteBuffer nodes;
  private final int features;
  private final int nodeSize;
  private final long[] levelStart;
  private final long[] levelEnd;

  private FlatGeobufIndex(ByteBuffer nodes, int features, int nodeSize, long[][] levels) {
    this.nodes = nodes;
    this.features = features;
    this.nodeSize = nodeSize;
    this.levelStart = levels[0];
    this.levelEnd = levels[1];
  }

  /** Reads the index of {@code features} features (1..) of node size 2..65535 from {@code in}. */
  static FlatGeobufIndex read(InputStream in, int features, int nodeSize) throws IOException {
    long[][] levels = levels(features, nodeSize);
    long nodeCount = levels[1][0];
    long bytes = nodeCount * NODE_BYTES;
    if (bytes > Integer.MAX_VALUE - 8) {
      throw new IOException("an index of " + bytes + " bytes");
    }
    byte[] b = FlatGeobufReader.exactly(in, (int) bytes, "the index");
    return new FlatGeobufIndex(
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN), features, nodeSize, levels);
  }

  /**
   * Where each level's nodes start and end in storage order, leaves (level 0) first in the arrays;
   * {@code [1][0]}, the leaves' end, is the node count.
   */
  private static long[][] levels(int features, int nodeSize) {
    long[] counts = new long[64];
    int levels = 0;
    long n = features;
    long total = n;
    counts[levels++] = n;
    do {
      n = (n + nodeSize - 1) / nodeSize;
      total += n;
      counts[levels++] = n;
    } while (n != 1);
    long[] start = new long[levels];
    long[] end = new long[levels];
    long at = total;
    for (int level = 0; level < levels; level++) {
      end[level] = at;
      start[level] = at - counts[level];
      at = start[level];
    }
    return new long[][] {start, end};
  }

  /**
   * Checks every leaf against feature i in file order (its box, and its offset from the first
   * feature's size prefix) and every inner node against its children (first child, and the union of
   * their boxes), exactly.
   *
   * @throws IOException naming the first node that does not hold
   */
  void check(List<Envelope> boxes, List<Long> offsets) throws IOException {
    if (boxes.size() != features) {
      throw new IOException(
          "the index covers " + features + " features, the file holds " + boxes.size());
    }
    for (int i = 0; i < features; i++) {
      long node = levelStart[0] + i;
      Envelope e = boxes.get(i);
      if (!box(node, e.getMinX(), e.getMinY(), e.getMaxX(), e.getMaxY())
          || offset(node) != offsets.get(i)) {
        throw new IOException(
            "index leaf " + i + " does not hold feature " + i + "'s box and byte offset");
      }
    }
    for (int level = 1; level < levelStart.length; level++) {
      for (long node = levelStart[level]; node < levelEnd[level]; node++) {
        long first = levelStart[level - 1] + (node - levelStart[level]) * nodeSize;
        long last = Math.min(first + nodeSize, levelEnd[level - 1]);
        Envelope union = new Envelope();
        for (long child = first; child < last; child++) {
          union.expandToInclude(new Envelope(x(child, 0), x(child, 16), x(child, 8), x(child, 24)));
        }
        if (offset(node) != first
            || !box(node, union.getMinX(), union.getMinY(), union.getMaxX(), union.getMaxY())) {
          throw new IOException("index node " + node + " does not cover its children");
        }
      }
    }
  }

  private boolean box(long node, double minX, double minY, double maxX, double maxY) {
    return x(node, 0) == minX && x(node, 8) == minY && x(node, 16) == maxX && x(node, 24) == maxY;
  }

  private double x(long node, int at) {
    return nodes.getDouble((int) (node * NODE_BYTES) + at);
  }

  private long offset(long node) {
    return nodes.getLong((int) (node * NODE_BYTES) + 32);
  }
}
