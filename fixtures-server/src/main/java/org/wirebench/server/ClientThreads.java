package org.wirebench.server;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ThreadLimitHandler;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wirebench.server.http.ClientWatch;

/**
 * Bounds the server threads the requests of one client address may hold at once, with Jetty's
 * {@link ThreadLimitHandler}: a request over the bound waits, holding no thread, until one of that
 * client's requests leaves a handler. Every answer is written by its handler with blocking writes,
 * so a client that never reads held a thread per request until the idle timeout (or for as long as
 * it read a trickle): 230 such requests from one client took the pool's every thread and nobody
 * else was answered. A gateway request holds no thread while its backend works and so is not
 * bounded here: its client's share of the backend is ({@code finding.BackendShare}).
 *
 * <p>A request that had to wait is dropped without running when its client closed its connection
 * meanwhile: its HTTP/1.1 socket is watched ({@link ClientWatch}) from when it starts waiting, a
 * body being whole by then ({@link BodyGate} reads it first). A request that did not wait costs no
 * watch. A dropped request completes with nginx's 499 (client closed request) and no answer, so the
 * access log does not count it as a server failure.
 *
 * <p>It sits inside the compression handler: the limit's response wrapper then sees only the
 * services' own write callbacks, which complete without a thread of their own (a completion that
 * needed a permit while every permit's holder waited for it would never run), and inside {@link
 * BodyGate}, so a body's time limit starts from its head, never counting a wait here.
 */
final class ClientThreads extends ThreadLimitHandler {
  private static final Logger LOG = LoggerFactory.getLogger(ClientThreads.class);

  /**
   * The server's thread pool's size (Jetty's default, set so the bound below is relative to it).
   */
  static final int POOL_THREADS = 200;

  /**
   * Threads one client address may hold by default: half the pool, leaving the other half to
   * everyone else; a CPU-bound 2-core server needs a few in flight, and the load scenarios' up to
   * 512 connections from 127.0.0.1 only wait their turn above it.
   */
  static final int DEFAULT_LIMIT = 100;

  /**
   * The most a client may be given: the rest of the pool (less its acceptor, selector and slack).
   */
  static final int MAX_LIMIT = 150;

  /** nginx's status for a request whose client closed its connection before the answer. */
  static final int CLIENT_CLOSED_REQUEST =
      org.wirebench.server.http.ClientGone.CLIENT_CLOSED_REQUEST;

  private static final String ADMISSION = ClientThreads.class.getName() + ".admission";

  /** The requests waiting now, for {@link #waitingLeft}. */
  private final java.util.Set<Admission> waiting =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  ClientThreads(Handler next, int limit) {
    super(new Admitted(next), null, false);
    limit(limit);
  }

  /** Sets the threads one client may hold, 1..{@value #MAX_LIMIT}. */
  void limit(int threads) {
    if (threads < 1 || threads > MAX_LIMIT) {
      throw new IllegalArgumentException(
          "threads per client must be 1.." + MAX_LIMIT + ", was " + threads);
    }
    setThreadLimit(threads);
  }

  @Override
  public boolean onConditionsMet(Request request, Response response, Callback callback)
      throws Exception {
    Admission admission = new Admission(request, waiting);
    request.setAttribute(ADMISSION, admission);
    boolean handled = super.onConditionsMet(request, response, callback);
    admission.afterLimit();
    return handled;
  }

  /** Requests waiting now, for tests. */
  int waiting() {
    return waiting.size();
  }

  /** Requests waiting now whose client has been seen leaving (they will not run). */
  long waitingLeft() {
    return waiting.stream().filter(Admission::left).count();
  }

  /** Whether a request ran at once or waited, and a watch on its client while it waited. */
  private static final class Admission {
    private final Request request;
    private final java.util.Set<Admission> waiting;
    private boolean entering = true;
    private boolean ran;
    private ClientWatch watch;

    Admission(Request request, java.util.Set<Admission> waiting) {
      this.request = request;
      this.waiting = waiting;
    }

    /** The limit returned: if the request has not run, it waits; watch its client meanwhile. */
    synchronized void afterLimit() {
      entering = false;
      if (!ran) {
        watch = ClientWatch.of(request);
        watch.gone();
        waiting.add(this);
      }
    }

    /** The request is let through: true when it may run (it did not wait, or its client stayed). */
    synchronized boolean admit() {
      ran = true;
      if (entering || watch == null) {
        return true;
      }
      waiting.remove(this);
      // the socket asked now: a close the selector has not passed on yet must not let it run
      boolean gone = watch.goneNow();
      watch.close();
      return !gone;
    }

    synchronized boolean left() {
      return watch != null && watch.gone();
    }
  }

  /** Runs a request let through by the limit, unless its client left while it waited. */
  private static final class Admitted extends Handler.Wrapper {
    Admitted(Handler next) {
      super(next);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
      if (request.getAttribute(ADMISSION) instanceof Admission a && !a.admit()) {
        LOG.info(
            "{} {}: client left while its request waited for a thread; not run",
            request.getMethod(),
            request.getHttpURI().getPathQuery());
        org.wirebench.server.http.ClientGone.end(
            request, response, callback, "client left while waiting");
        return true;
      }
      return super.handle(request, response, callback);
    }
  }
}
