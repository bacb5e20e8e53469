package org.wirebench.server.wfs;

import java.util.BitSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.index.hprtree.HPRtree;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Feature;

/**
 * A layer's features by where they are: a packed R-tree (JTS's {@link HPRtree}) of every feature's
 * envelope, holding the feature's position, built once per layer on the first query that needs it,
 * then shared. On the 1,000,000 roads it takes one pass over the layer to build and about 55 MB to
 * hold (the envelopes as doubles, the positions as Integers), and answers a box with its candidates
 * in dataset order, so a selection from it is the same as a scan's, in the same order. Features
 * with an empty geometry are left out: no box meets them.
 */
final class FeatureIndex {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(FeatureIndex.class);

  private static final Map<String, CompletableFuture<FeatureIndex>> BUILT =
      new ConcurrentHashMap<>();

  private final Dataset dataset;
  private final HPRtree tree;

  private FeatureIndex(Dataset dataset, HPRtree tree) {
    this.dataset = dataset;
    this.tree = tree;
  }

  /**
   * Builds every layer's index that is not built yet, one after another on a background thread of
   * low priority: a server builds them from its WFS's first request on, while its first clients
   * connect, rather than on a client's first box (a box query that comes before its layer's index
   * is heavy, see {@link HeavyQueries}). Returns at once.
   */
  static void prepare(Iterable<Dataset> layers) {
    Thread t =
        new Thread(
            () -> {
              for (Dataset d : layers) {
                try {
                  of(d, Visits.none());
                } catch (RuntimeException e) {
                  // a layer that cannot be read fails its queries itself, with their report
                }
              }
            },
            "wfs-index");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    t.start();
  }

  /** Whether the layer's index is ready, so that a box's candidates can be counted cheaply. */
  static boolean isBuilt(Dataset dataset) {
    CompletableFuture<FeatureIndex> f = BUILT.get(key(dataset));
    return f != null && f.isDone() && !f.isCompletedExceptionally();
  }

  /**
   * The layer's index, built on the first call (the callers after it wait for that build). The
   * build visits every feature, each counted and checked by {@code visits}; a build stopped that
   * way (its client left) is forgotten, and the next query builds again.
   */
  static FeatureIndex of(Dataset dataset, Visits visits) {
    String key = key(dataset);
    CompletableFuture<FeatureIndex> mine = new CompletableFuture<>();
    CompletableFuture<FeatureIndex> existing = BUILT.putIfAbsent(key, mine);
    if (existing == null) {
      try {
        mine.complete(build(dataset, visits));
      } catch (RuntimeException | Error e) {
        BUILT.remove(key, mine);
        mine.completeExceptionally(e);
        throw e;
      }
      return mine.join();
    }
    while (true) {
      visits.check();
      try {
        return existing.get(100, java.util.concurrent.TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        // still building: look at the client again
      } catch (ExecutionException e) {
        // that build was stopped: build it here
        return of(dataset, visits);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new org.wirebench.server.http.ClientGone.Left(
            "interrupted while the index of " + dataset.name() + " built");
      }
    }
  }

  private static String key(Dataset dataset) {
    // a dataset is one instance for the server's life (the registry's); the class guards against
    // a test's own dataset of the same name
    return dataset.getClass().getName() + ":" + dataset.name();
  }

  private static FeatureIndex build(Dataset dataset, Visits visits) {
    long started = System.nanoTime();
    HPRtree tree = new HPRtree();
    Iterator<Feature> it = dataset.features().iterator();
    for (int i = 0; it.hasNext(); i++) {
      visits.visit();
      Envelope e = it.next().geometry().getEnvelopeInternal();
      if (!e.isNull()) {
        tree.insert(e, i);
      }
    }
    tree.build();
    LOG.info(
        "indexed the {} features of {} in {} ms",
        tree.size(),
        dataset.name(),
        (System.nanoTime() - started) / 1_000_000);
    return new FeatureIndex(dataset, tree);
  }

  /** The positions of the features whose envelope meets {@code box}, in dataset order. */
  BitSet candidates(Envelope box) {
    BitSet out = new BitSet(dataset.size());
    tree.query(box, item -> out.set((Integer) item));
    return out;
  }

  /** The positions of the features with these ids (unknown ids have none), in dataset order. */
  static BitSet positions(Dataset dataset, Set<String> ids) {
    BitSet out = new BitSet();
    for (String id : ids) {
      int i = dataset.indexOf(id);
      if (i >= 0) {
        out.set(i);
      }
    }
    return out;
  }
}
