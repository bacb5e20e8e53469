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
  private boolean started;
  private final Callback interest =
      new Callback() {
        @Override
        public void succeeded() {
          synchronized (lock) {
            if (done) {
              return;
            }
            Peer peer = peer();
            if (peer == Peer.QUIET) {
              // watch on: nobody else may read the socket until close() (see the class comment)
              if (!endPoint.tryFillInterested(this)) {
                done = true;
              }
              return;
            }
            done = true;
            gone = peer == Peer.CLOSED;
          }
        }

        @Override
        public void failed(Throwable x) {
          // closed, or the watch removed by close(): only the first says the client left
          synchronized (lock) {
            if (!done) {
              done = true;
              gone = !endPoint.isOpen();
            }
          }
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

  /** Whether the client has closed its connection; called from the request's thread. */
  public boolean gone() {
    if (!started) {
      started = true;
      register();
    }
    return gone;
  }

  private void register() {
    EndPoint ep = request.getConnectionMetaData().getConnection().getEndPoint();
    boolean bodyless =
        request.getLength() <= 0 && !request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    if (request.getConnectionMetaData().getConnection() instanceof HttpConnection http
        && ep instanceof SocketChannelEndPoint socket
        && (bodyless || http.getParser().isState(HttpParser.State.END))) {
      synchronized (lock) {
        endPoint = socket;
        if (!socket.tryFillInterested(interest)) {
          // someone reads the connection already; they will see the close
          done = true;
        }
      }
    }
  }

  /**
   * Asks the socket, not the wake-up: a selector of its own polls it once, without waiting (a
   * channel may be registered with several selectors), and what is waiting in it is counted.
   */
  private Peer peer() {
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
      LOG.warn("could not ask {} whether its client left; watching it no more", channel, e);
      return Peer.UNKNOWN;
    }
  }

  /** Stops watching, if it started; the connection is Jetty's again. */
  @Override
  public void close() {
    synchronized (lock) {
      if (endPoint != null && !done) {
        done = true;
        // fails (and so removes) the read interest registered above: with done unset it is ours
        endPoint.getFillInterest().onFail(new java.util.concurrent.CancellationException("done"));
      }
    }
  }
}
