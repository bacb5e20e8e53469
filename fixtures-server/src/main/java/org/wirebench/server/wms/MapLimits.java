package org.wirebench.server.wms;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpStatus;
import org.wirebench.server.http.OwsException;

/**
 * What the WMS endpoints of one server share: pixels being drawn at once (a budget, so that 64
 * concurrent 4096 × 4096 maps wait their turn instead of exhausting the heap) and maps drawn at
 * once (two a core: more adds no throughput, and 150 threads in the JPEG codec's native code at
 * once held off the garbage collector until an allocation failed with OutOfMemoryError).
 *
 * <p>One client (its address, as the per-client thread limit tells clients apart) may hold at most
 * a share of each, strictly less than all: by default half the pixels and all the maps but one. Its
 * maps beyond the share wait on a queue of its own, never in the shared one, so the other half
 * stays free for everyone else: before, twelve 4096² maps from one client held the whole budget and
 * queued ahead of everyone, and another client's 64 × 64 map waited 20 s for a 503. A map that
 * cannot start within the wait is answered 429 (Too Many Requests, with Retry-After) when its own
 * client's maps held it back, that client asking more than its share, and 503 (Service Unavailable)
 * when the server's were, the server being busy with everyone's.
 */
public final class MapLimits {
  private final int pixels;
  private final int maps;
  private final int clientPixels;
  private final int clientMaps;
  private final long waitNanos;
  private final Semaphore freePixels;
  private final Semaphore freeMaps;

  /** Each client's share, while it has a map admitted or waiting; removed at its last. */
  private final Map<String, Share> shares = new ConcurrentHashMap<>();

  /**
   * @param pixels pixels drawn at once, 1..
   * @param maps maps drawn at once, 2..
   * @param clientPixels pixels one client may hold, 1..pixels - 1
   * @param clientMaps maps one client may have drawn at once, 1..maps - 1
   * @param waitMillis how long a map waits for its turn, 0..
   */
  public MapLimits(int pixels, int maps, int clientPixels, int clientMaps, long waitMillis) {
    if (pixels < 1
        || maps < 2
        || clientPixels < 1
        || clientPixels >= pixels
        || clientMaps < 1
        || clientMaps >= maps
        || waitMillis < 0) {
      throw new IllegalArgumentException(
          "pixels "
              + pixels
              + " (1..), maps "
              + maps
              + " (2..), per client "
              + clientPixels
              + " pixels (1..pixels - 1) and "
              + clientMaps
              + " maps (1..maps - 1), wait "
              + waitMillis
              + " ms (0..)");
    }
    this.pixels = pixels;
    this.maps = maps;
    this.clientPixels = clientPixels;
    this.clientMaps = clientMaps;
    this.waitNanos = TimeUnit.MILLISECONDS.toNanos(waitMillis);
    this.freePixels = new Semaphore(pixels, true);
    this.freeMaps = new Semaphore(maps, true);
  }

  /**
   * {@code pixels} and {@code maps} at once, waiting {@code waitMillis}; a client may hold half the
   * pixels and all the maps but one (the load scenarios send every map from one address, and two a
   * core is what keeps the cores busy; the one left is everyone else's).
   */
  public static MapLimits of(int pixels, int maps, long waitMillis) {
    return new MapLimits(pixels, maps, pixels / 2, maps - 1, waitMillis);
  }

  /** The most pixels one client may hold. */
  public int clientPixels() {
    return clientPixels;
  }

  /**
   * A turn for one map of {@code client} of {@code size} pixels, to be closed when its answer is
   * written ({@link Turn}): 429 when the client's own maps kept it waiting past the wait (or it is
   * larger than a client's share), 503 when the server's did.
   */
  public Turn acquire(String client, int size) throws OwsException, InterruptedException {
    if (size > clientPixels) {
      throw clientBusy();
    }
    long deadline = System.nanoTime() + waitNanos;
    Share share = shares.compute(client, (c, s) -> (s == null ? new Share() : s).enter());
    boolean done = false;
    int held = 0;
    try {
      if (!share.maps.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
        throw clientBusy();
      }
      held = 1;
      if (!share.pixels.tryAcquire(size, deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
        throw clientBusy();
      }
      held = 2;
      if (!freeMaps.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
        throw busy();
      }
      held = 3;
      if (!freePixels.tryAcquire(size, deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
        throw busy();
      }
      done = true;
    } finally {
      if (!done) {
        release(client, share, size, held);
      }
    }
    return new Turn() {
      private boolean drawing = true;
      private boolean closed;

      @Override
      public synchronized void drawn() {
        if (drawing && !closed) {
          drawing = false;
          freeMaps.release();
          share.maps.release();
        }
      }

      @Override
      public synchronized void close() {
        if (!closed) {
          closed = true;
          freePixels.release(size);
          share.pixels.release(size);
          if (drawing) {
            freeMaps.release();
            share.maps.release();
          }
          shares.computeIfPresent(client, (c, s) -> s.leave() ? null : s);
        }
      }
    };
  }

  /**
   * Gives back what a turn refused while it waited had taken: the first {@code held} of the
   * client's place, its pixels and the server's place, in that order (a turn given is given back by
   * its {@link Turn}).
   */
  private void release(String client, Share share, int size, int held) {
    if (held >= 3) {
      freeMaps.release();
    }
    if (held >= 2) {
      share.pixels.release(size);
    }
    if (held >= 1) {
      share.maps.release();
    }
    shares.computeIfPresent(client, (c, s) -> s.leave() ? null : s);
  }

  /** Pixels being drawn now, for tests. */
  public int pixelsHeld() {
    return pixels - freePixels.availablePermits();
  }

  /** Maps of {@code client} admitted or waiting now, for tests. */
  public int clientMapsNow(String client) {
    Share s = shares.get(client);
    return s == null ? 0 : s.users;
  }

  /** Maps drawn at once. */
  public int maps() {
    return maps;
  }

  private OwsException clientBusy() {
    return new OwsException(
        null, // WMS names no code for it
        null,
        "this client (its address) has as many maps being drawn as one may ("
            + clientMaps
            + " maps, "
            + clientPixels
            + " pixels at once); try again when one has ended",
        HttpStatus.TOO_MANY_REQUESTS_429);
  }

  private static OwsException busy() {
    return new OwsException(
        null, // WMS names no code for it
        null,
        "the server is drawing other maps; try again",
        HttpStatus.SERVICE_UNAVAILABLE_503);
  }

  /** One client's share: its own fair queues, and how many of its maps use them. */
  private final class Share {
    final Semaphore pixels = new Semaphore(clientPixels, true);
    final Semaphore maps = new Semaphore(clientMaps, true);

    /** Guarded by the map's compute on this client. */
    volatile int users;

    Share enter() {
      users++;
      return this;
    }

    /** True when this was its last map. */
    boolean leave() {
      return --users == 0;
    }
  }

  /**
   * A map's turn: its place among the maps drawn at once until {@link #drawn}, its pixels until
   * {@link #close}, once its answer is written. An encoded map waiting for a client that reads it
   * slowly is held in memory (a 4096² PNG of Blue Marble is tens of MB): its pixels keep it within
   * the budget and its client's share, while the drawing place goes to the next map.
   */
  public interface Turn extends AutoCloseable {
    /** The map is drawn and encoded: its place among the maps drawn at once is given back. */
    void drawn();

    /** Gives back its pixels too (and its place, if not yet); again does nothing. */
    @Override
    void close();
  }
}
