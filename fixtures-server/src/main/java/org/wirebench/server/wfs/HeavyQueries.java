package org.wirebench.server.wfs;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpStatus;
import org.wirebench.server.http.ClientGone;
import org.wirebench.server.http.OwsException;

/**
 * Admission for heavy GetFeatures: those that must visit more than {@link #HEAVY_VISITS} features
 * (a filter no index serves, a sort, a box covering most of a 1,000,000-feature layer, a layer's
 * first spatial query, which builds its index). At most {@code running} run at once and {@code
 * waiting} more wait up to {@code waitMillis} for a turn; any beyond, or one whose wait ran out, is
 * answered 503 with an exception report at once. Light queries (a page, a small box, ids) never
 * wait here. Without this, 250 concurrent scans of osm_mainroads held every server thread: /static
 * got no answer in 30 s.
 *
 * <p>One client (its address, as the per-client thread limit tells clients apart) may hold at most
 * {@code perClient} of those places, running or waiting; its further heavy queries are answered 503
 * at once. Without a share, seven sorts from one client on 2 cores held every place for as long as
 * it kept sending, and every other client's heavy query got 503. Of its places, at most {@link
 * #runningShare} (one fewer than the running places, at least one) run at once; the rest wait.
 */
final class HeavyQueries {
  /** A query visiting more features than this is heavy: as many as the server sends at once. */
  static final long HEAVY_VISITS = WfsRequest.MAX_COUNT;

  /**
   * A page of more features than this is heavy too, from its selection until its answer is written:
   * it is held whole meanwhile (10,000 osm_mainroads features are about 8.5 MB), and a client that
   * reads slowly, or not at all, holds it. Without this, eleven clients not reading 100,000-feature
   * pages ran a 1 GB server out of memory.
   */
  static final int LARGE_PAGE = 10_000;

  /** Heavy queries run at once by default: one a core (each is one thread's work). */
  static final int DEFAULT_RUNNING = Runtime.getRuntime().availableProcessors();

  /** Heavy queries that may wait for a turn by default, beyond those running. */
  static final int DEFAULT_WAITING = 2 * DEFAULT_RUNNING;

  /** How long a heavy query waits for a turn by default. */
  static final long DEFAULT_WAIT_MILLIS = 10_000;

  /**
   * Heavy queries one client may have running or waiting by default: half the places, leaving the
   * other half to everyone else (as the per-client thread limit leaves half the pool).
   */
  static final int DEFAULT_PER_CLIENT = Math.max(1, (DEFAULT_RUNNING + DEFAULT_WAITING) / 2);

  /** The places (running and waiting) by default: the most one client may be given. */
  static final int DEFAULT_PLACES = DEFAULT_RUNNING + DEFAULT_WAITING;

  private final int maxRunning;
  private final int maxAdmitted;
  private final long waitMillis;
  private final int perClient;
  private final int runningPerClient;

  /** Guarded by {@code this}: the counts, the whole and each client's (none held for none). */
  private int runningAll;

  private int admittedAll;
  private final Map<String, Integer> admittedBy = new HashMap<>();
  private final Map<String, Integer> runningBy = new HashMap<>();

  /**
   * The running places one client may hold at once: fewer than there are, so that another client's
   * heavy query always finds one (with one place, that one). With the share of running and waiting
   * places alone, a client holding 3 of them on 2 running places could run on both, and everyone
   * else's heavy query waited its 10 s and got 503.
   */
  static int runningShare(int running) {
    return allButOne(running);
  }

  /**
   * Of {@code n} places, those one client may take: all but one, so another finds one; at least 1.
   */
  static int allButOne(int n) {
    return Math.max(1, n - 1);
  }

  /**
   * @param running heavy queries run at once, 1..
   * @param waiting heavy queries that may wait beyond those, 0..
   * @param waitMillis how long one waits, 0..
   * @param perClient heavy queries one client may have running or waiting, 1..running + waiting; of
   *     them at most {@link #runningShare} run at once, the others wait
   */
  HeavyQueries(int running, int waiting, long waitMillis, int perClient) {
    if (running < 1
        || waiting < 0
        || waitMillis < 0
        || perClient < 1
        || perClient > running + waiting) {
      throw new IllegalArgumentException(
          "running "
              + running
              + " (1..), waiting "
              + waiting
              + " (0..), wait "
              + waitMillis
              + " (0..), per client "
              + perClient
              + " (1..running + waiting)");
    }
    this.maxRunning = running;
    this.maxAdmitted = running + waiting;
    this.waitMillis = waitMillis;
    this.perClient = perClient;
    this.runningPerClient = runningShare(running);
  }

  static HeavyQueries defaults() {
    return new HeavyQueries(
        DEFAULT_RUNNING, DEFAULT_WAITING, DEFAULT_WAIT_MILLIS, DEFAULT_PER_CLIENT);
  }

  /** The same places with another share a client, 1..running + waiting. */
  HeavyQueries perClient(int queries) {
    return new HeavyQueries(maxRunning, maxAdmitted - maxRunning, waitMillis, queries);
  }

  /**
   * A turn to run one heavy query of {@code client} (its address) outside a request, whose client
   * never leaves (for tests); see {@link #acquire(String, Visits)}.
   */
  Turn acquire(String client) throws OwsException {
    return acquire(client, Visits.none());
  }

  /**
   * A turn to run one heavy query of {@code client} (its address), to be closed when it is done;
   * 503 when the client holds its share already, or no turn comes. A turn comes when a running
   * place is free and the client runs fewer than its running share. A query whose client leaves
   * while it waits stops there ({@link ClientGone.Left}), its place given back at once: its
   * client's leaving wakes the wait. Before, it held its place (and its thread) for nobody until
   * its turn came or its wait ran out, and other clients' heavy queries got 503 meanwhile.
   */
  Turn acquire(String client, Visits visits) throws OwsException {
    visits.whenClientLeaves(this::wake);
    return admit(client, visits);
  }

  private synchronized Turn admit(String client, Visits visits) throws OwsException {
    if (admittedBy.getOrDefault(client, 0) >= perClient) {
      throw clientBusy();
    }
    if (admittedAll >= maxAdmitted) {
      throw busy();
    }
    admittedAll++;
    admittedBy.merge(client, 1, Integer::sum);
    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
    try {
      while (runningAll >= maxRunning || runningBy.getOrDefault(client, 0) >= runningPerClient) {
        if (visits.clientLeft()) {
          leave(client);
          throw new ClientGone.Left("the client left while its query waited for its turn");
        }
        long left = until - System.nanoTime();
        if (left <= 0) {
          leave(client);
          throw busy();
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
    } catch (InterruptedException e) {
      leave(client);
      Thread.currentThread().interrupt();
      throw busy();
    }
    runningAll++;
    runningBy.merge(client, 1, Integer::sum);
    return () -> end(client);
  }

  /** Wakes the waiting queries to look again: one of their clients left. */
  private synchronized void wake() {
    notifyAll();
  }

  private synchronized void end(String client) {
    runningAll--;
    runningBy.computeIfPresent(client, (c, n) -> n == 1 ? null : n - 1);
    leave(client);
  }

  /** Gives back one admission of {@code client}; holding the lock. */
  private void leave(String client) {
    admittedAll--;
    admittedBy.computeIfPresent(client, (c, n) -> n == 1 ? null : n - 1);
    notifyAll();
  }

  /** Heavy queries of {@code client} admitted now, running or waiting. */
  synchronized int admittedNow(String client) {
    return admittedBy.getOrDefault(client, 0);
  }

  /** Heavy queries running now. */
  synchronized int runningNow() {
    return runningAll;
  }

  /** Heavy queries admitted now, running or waiting for a turn. */
  synchronized int admittedNow() {
    return admittedAll;
  }

  private static OwsException busy() {
    return new OwsException(
        "NoApplicableCode",
        null,
        "the server is running as many heavy queries (filters no index serves, sorts, large"
            + " boxes, pages of more than "
            + LARGE_PAGE
            + " features) as it takes at once; try again, or narrow the query with a BBOX or a smaller COUNT",
        HttpStatus.SERVICE_UNAVAILABLE_503);
  }

  private OwsException clientBusy() {
    return new OwsException(
        "NoApplicableCode",
        null,
        "this client (its address) has as many heavy queries (filters no index serves, sorts,"
            + " large boxes, large pages) running or waiting as one client may ("
            + perClient
            + "); try again when one has ended, or narrow the query with a BBOX",
        HttpStatus.SERVICE_UNAVAILABLE_503);
  }

  /**
   * For tests: from now on each heavy query, once given its turn, holds it until its client has
   * left (for {@link #HOLD_BOUND_MILLIS} at most, then it runs on). A test can then see a query
   * running, and another waiting, for as long as it needs, on however slow a machine.
   */
  void holdTurnsUntilClientsLeave() {
    holding = true;
  }

  /** Heavy queries holding their turn now (see {@link #holdTurnsUntilClientsLeave}). */
  int holdingNow() {
    return held.get();
  }

  /** The most a held turn waits for its client to leave: a bound for a broken watch. */
  static final long HOLD_BOUND_MILLIS = 60_000;

  private volatile boolean holding;
  private final java.util.concurrent.atomic.AtomicInteger held =
      new java.util.concurrent.atomic.AtomicInteger();

  /** Called with a turn given: holds it while tests ask for that and the client stays. */
  void holdIfAsked(Visits visits) {
    if (!holding) {
      return;
    }
    held.incrementAndGet();
    try {
      long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HOLD_BOUND_MILLIS);
      while (!visits.clientLeft() && System.nanoTime() < until) {
        TimeUnit.MILLISECONDS.sleep(5);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      held.decrementAndGet();
    }
  }

  /** A heavy query's turn. */
  interface Turn extends AutoCloseable {
    @Override
    void close();
  }
}
