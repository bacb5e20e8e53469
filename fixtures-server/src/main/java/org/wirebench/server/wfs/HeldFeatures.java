package org.wirebench.server.wfs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Feature;

/**
 * The pages GetFeature answers from, held in memory in blocks of {@value #BLOCK} features, at most
 * {@value #MAX_BLOCKS} blocks over every layer (least recently used go first): a data store's hot
 * pages. The generated layers make each feature on demand (seeded random numbers, trigonometry);
 * without this, making the page's 200 features was 27% of the server's CPU on a GML 2 GetFeature of
 * osm_mainroads, more than half the encoding's own time, and the encoder's benchmark times the same
 * bytes from features made once. The features are the dataset's, the same on every call, so the
 * bytes do not change; a miss makes at most one block more than the page needs.
 *
 * <p>Only pages are held: scans (a filter, a sort) visit every feature once and would only push the
 * pages out, and a spatial index's candidates are scattered one or two a block.
 */
final class HeldFeatures {
  /** Features a block; a page of the study's 200 sits in one or two. */
  static final int BLOCK = 256;

  /** Blocks held, over every layer: 65,536 features, about 100 MB of osm_mainroads at most. */
  static final int MAX_BLOCKS = 256;

  private record Key(Dataset dataset, int block) {}

  /** A block's features and each one's envelope, which no one changes. */
  private record Block(Feature[] features, Envelope[] envelopes) {}

  private static final Map<Key, Block> BLOCKS =
      new LinkedHashMap<>(MAX_BLOCKS * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Block> eldest) {
          return size() > MAX_BLOCKS;
        }
      };

  private HeldFeatures() {}

  /**
   * The features {@code [from, from + count)} of {@code dataset} (fewer at its end), in its order:
   * an immutable list without nulls, which {@code FeatureCollection} keeps as it is (a stream's
   * {@code toList()} may hold nulls, so the collection copied it again: with the stream's own
   * buffers, 3% of the server's CPU on a 200-feature osm_places GetFeature).
   *
   * @param from 0..; past the end gives none
   * @param count 0..
   */
  static List<Feature> page(Dataset dataset, int from, int count) {
    return bounded(dataset, from, count).features();
  }

  /**
   * A page and its features' bounds, the same {@code FeatureCollection.of} computes: JTS copies a
   * geometry's envelope each time it is asked for (200 envelopes a page, 1.2% of the server's CPU
   * on an osm_places GetFeature), so each block keeps its features' envelopes.
   */
  record Page(List<Feature> features, Envelope bounds) {}

  /** {@link #page} with its bounds (an empty envelope for no features). */
  static Page bounded(Dataset dataset, int from, int count) {
    int size = dataset.size();
    int start = Math.min(Math.max(from, 0), size);
    int end = (int) Math.min((long) start + Math.max(count, 0), size);
    Envelope bounds = new Envelope();
    if (start == end) {
      return new Page(List.of(), bounds);
    }
    Feature[] page = new Feature[end - start];
    for (int b = start / BLOCK; b <= (end - 1) / BLOCK; b++) {
      Held held = block(dataset, b);
      int blockStart = held.index * BLOCK;
      int lo = Math.max(start - blockStart, 0);
      int hi = Math.min(end - blockStart, held.block.features().length);
      System.arraycopy(held.block.features(), lo, page, blockStart + lo - start, hi - lo);
      Envelope[] envelopes = held.block.envelopes();
      for (int i = lo; i < hi; i++) {
        bounds.expandToInclude(envelopes[i]);
      }
    }
    return new Page(List.of(page), bounds);
  }

  /** Blocks held now (for tests). */
  static int heldBlocks() {
    synchronized (BLOCKS) {
      return BLOCKS.size();
    }
  }

  private record Held(int index, Block block) {}

  private static Held block(Dataset dataset, int index) {
    Key key = new Key(dataset, index);
    Block block;
    synchronized (BLOCKS) {
      block = BLOCKS.get(key);
    }
    if (block == null) {
      // made outside the lock (two threads may both make a missing block: the same features)
      int from = index * BLOCK;
      Feature[] features =
          dataset
              .features(from)
              .limit(Math.min(BLOCK, dataset.size() - from))
              .toArray(Feature[]::new);
      Envelope[] envelopes = new Envelope[features.length];
      for (int i = 0; i < features.length; i++) {
        // JTS computes a geometry's envelope on first use (done here, before the block is
        // shared) and hands out a copy of it
        envelopes[i] = features[i].geometry().getEnvelopeInternal();
      }
      block = new Block(features, envelopes);
      synchronized (BLOCKS) {
        BLOCKS.put(key, block);
      }
    }
    return new Held(index, block);
  }
}
