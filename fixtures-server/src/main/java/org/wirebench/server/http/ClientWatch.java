package org.wirebench.server.http;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices a client that closed its connection while its request is still being worked on. Jetty
 * reads an HTTP/1.1 connection only when a handler asks for content, so a handler that computes
 * before it writes (a scan that matches nothing) would never learn that its client has gone. From
 * the first time a request's handler asks until it closes the watch, this has the selector say when
 * the socket becomes readable, then asks the socket itself whether it is readable now: readable
 * with nothing to read, the client has closed (end of stream or a reset); with bytes to read, the
 * client pipelined its next request, which is left in the socket for Jetty to read after this
 * response (nothing is consumed here); not readable now, the wake-up was stale and the watch goes
 * on. Only plain HTTP/1.x on a socket is watched, and only once the whole request is off the
 * socket: body-less, or its body read to the end (Jetty's parser done with it), so no byte of it
 * can be taken for a next request and Jetty has no read of its own pending. Anything else (a {@code
 * LocalConnector}, a body still arriving) is never reported gone.
 *
 * <p>A wake-up is stale when the selector saw the socket readable for an earlier reader: Jetty runs
 * a readiness with whichever callback is registered when the task runs, not when the socket was
 * selected. The previous request's watch leaves the socket's read interest set; the client's next
 * request then wakes the selector while Jetty's own thread is already reading it, and on a loaded
 * machine the wake-up's task runs after this request registered its watch, with the bytes long read
 * (nothing to read: the living client was judged gone and its request answered 500).
 *
 * <p>{@link #gone()} is what a request's work looks at as it goes (a flag the selector sets: free
 * to read); {@link #goneNow()} asks the socket at once, for the one look that decides between an
 * answer and {@code 499}. {@link #onGone} is for work that does not look as it goes (a backend
 * exchange, a wait): it is told as soon as the selector hears the close.
 *
 * <p>{@link #close()} must run before the response completes: Jetty registers its own read interest
 * for the connection's next request then, and there can be only one.
 */
public final class ClientWatch implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ClientWatch.class);

  /** What the socket says when asked. */
  private enum Peer {
    /** Readable with nothing to read: the end of the stream, or an error. */
    CLOSED,
    /** Bytes waiting: a pipelined request. */
    SENT_MORE,
    /** Not readable now: the wake-up was for an earlier reader. */
    QUIET,
    /** The socket could not be asked: the client is not judged gone on a guess. */
    UNKNOWN
  }

  private final Request request;
  private volatile boolean gone;

  /** Guards {@link #done} and re-registering against {@link #close()}. */
  private final Object lock = new Object();

  private boolean done;
  private SocketChannelEndPoint endPoint;

  /** Set once, under lock, when the watch starts; read without it. */
  private volatile boolean started;

  /** What {@link #onGone} asked to run, until it runs or the watch closes; guarded by lock. */
  private Runnable whenGone;

  /** Whether {@link #close()} ran; guarded by lock. */
  private boolean closed;

  private final Callback interest =
      new Callback() {
        @Override
        public void succeeded() {
          synchronized (lock) {
            if (done) {
              return;
            }
            Peer peer = peer(endPoint);
            if (peer == Peer.QUIET) {
              // watch on: nobody else may read the socket until close() (see the class comment)
              if (!endPoint.tryFillInterested(this)) {
                done = true;
              }
              return;
            }
            done = true;
            if (peer != Peer.CLOSED) {
              return;
            }
            gone = true; // never back to false: goneNow() may have seen it first
          }
          fire();
        }

        @Override
        public void failed(Throwable x) {
          // closed, or the watch removed by close(): only the first says the client left
          synchronized (lock) {
            if (done) {
              return;
            }
            done = true;
            if (endPoint.isOpen()) {
              return;
            }
            gone = true;
          }
          fire();
        }

        @Override
        public InvocationType getInvocationType() {
          return InvocationType.NON_BLOCKING;
        }
      };

  private ClientWatch(Request request) {
    this.request = request;
  }

  /**
   * A watch on the request's connection, to be closed before the response completes. Nothing is
   * registered until the first {@link #gone()}: a request that never asks costs nothing.
   */
  public static ClientWatch of(Request request) {
    return new ClientWatch(request);
  }

  /**
   * Whether the client has closed its connection, as the selector said; the first call starts the
   * watch.
   */
  public boolean gone() {
    if (!started) {
      start();
    }
    return gone;
  }

  /**
   * Registers the watch, once: never after {@link #close()}, which may come first from another
   * thread (a backend exchange that ended before its watch was asked for), and would leave the read
   * interest Jetty needs for the next request taken by a watch nobody closes.
   */
  private void start() {
    synchronized (lock) {
      if (started) {
        return;
      }
      started = true;
      if (!done) {
        register();
      }
    }
  }

  /**
   * Whether anything looked at the client yet ({@link #gone()}): work that never looks (a WFS page
   * read from held blocks, of fewer features than it visits between looks) is spared the last
   * look's poll too, which would cost it as much as 3% (about 10 µs on a 200-feature page).
   */
  public boolean looked() {
    return started;
  }

  /**
   * Has {@code action} run once when the client is seen gone, starting the watch: for work that
   * does not look at its client as it goes (a backend exchange in flight, a wait for a turn), so
   * that it can be stopped the moment the close is heard. It runs on the selector's thread, so it
   * must only hand the stop on, never block; or in this call, when the client is already known
   * gone. It does not run once the watch is closed; a later call replaces an action not run yet.
   */
  public void onGone(Runnable action) {
    synchronized (lock) {
      if (closed) {
        return;
      }
      whenGone = action;
    }
    if (gone()) {
      fire();
    }
  }

  /** Runs the action {@link #onGone} left, if any, once. */
  private void fire() {
    Runnable action;
    synchronized (lock) {
      action = whenGone;
      whenGone = null;
    }
    if (action != null) {
      action.run();
    }
  }

  /**
   * Whether the client has closed its connection, the socket itself asked now: for the last look
   * before an answer goes out (or a request runs), where it decides between the answer and {@code
   * 499}. {@link #gone()} hears of a close through the selector, a wake-up later (microseconds on
   * an idle machine, milliseconds on a loaded one): at that look it would decide by the selector's
   * timing, not by what the client did (a small map sent and logged {@code 200} with its size, or
   * {@code 499 0}, for the same client leaving at the same point). Costs one poll of the socket;
   * called from the request's thread.
   */
  public boolean goneNow() {
    if (gone) {
      return true;
    }
    // the socket asked whether or not the watch is registered: a request that never looked before
    // (a query of a few features) pays one poll, not a registration too
    SocketChannelEndPoint socket = watchable();
    if (socket != null && peer(socket) == Peer.CLOSED) {
      gone = true;
    }
    return gone;
  }

  /**
   * The request's socket, if it may be watched: plain HTTP/1.x on a socket, the whole request off
   * it (see the class comment); else null.
   */
  private SocketChannelEndPoint watchable() {
    EndPoint ep = request.getConnectionMetaData().getConnection().getEndPoint();
    boolean bodyless =
        request.getLength() <= 0 && !request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    if (request.getConnectionMetaData().getConnection() instanceof HttpConnection http
        && ep instanceof SocketChannelEndPoint socket
        && (bodyless || http.getParser().isState(HttpParser.State.END))) {
      return socket;
    }
    return null;
  }

  private void register() {
    SocketChannelEndPoint socket = watchable();
    if (socket == null) {
      return;
    }
    synchronized (lock) {
      endPoint = socket;
      if (!socket.tryFillInterested(interest)) {
        // someone reads the connection already; they will see the close
        done = true;
      }
    }
  }

  /**
   * Asks the socket, not the wake-up: a selector of its own polls it once, without waiting (a
   * channel may be registered with several selectors), and what is waiting in it is counted.
   */
  private static Peer peer(SocketChannelEndPoint endPoint) {
    SocketChannel channel = (SocketChannel) endPoint.getChannel();
    try (Selector probe = Selector.open()) {
      channel.register(probe, SelectionKey.OP_READ);
      if (probe.selectNow() == 0) {
        return Peer.QUIET;
      }
      // readable now with no bytes waiting: the end of the stream (or an error) is what it says
      return channel.socket().getInputStream().available() == 0 ? Peer.CLOSED : Peer.SENT_MORE;
    } catch (ClosedChannelException e) {
      return Peer.CLOSED;
    } catch (IOException | RuntimeException e) {
      if (!channel.isOpen()) {
        return Peer.CLOSED;
      }
      LOG.warn("could not ask {} whether its client left; taken as staying", channel, e);
      return Peer.UNKNOWN;
    }
  }

  /** Stops watching, if it started; the connection is Jetty's again. */
  @Override
  public void close() {
    synchronized (lock) {
      closed = true;
      whenGone = null;
      if (endPoint != null && !done) {
        done = true;
        // fails (and so removes) the read interest registered above: with done unset it is ours
        endPoint.getFillInterest().onFail(new java.util.concurrent.CancellationException("done"));
      }
      done = true; // a watch closed before it started never starts
    }
  }
}
