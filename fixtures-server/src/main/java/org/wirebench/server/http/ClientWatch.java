package org.wirebench.server.http;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.AbstractEndPoint;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.Callback;

/**
 * Notices a client that closed its connection while its request is still being worked on. Jetty
 * reads an HTTP/1.1 connection only when a handler asks for content, so a handler that computes
 * before it writes (a scan that matches nothing) would never learn that its client has gone. From
 * the first time a request's handler asks until it closes the watch, this has the selector say when
 * the socket becomes readable: with nothing to read then, the client has closed (end of stream or a
 * reset); with bytes to read, the client pipelined its next request, which is left in the socket
 * for Jetty to read after this response (nothing is consumed here). Only plain HTTP/1.x on a socket
 * is watched, and only once the whole request is off the socket: body-less, or its body read to the
 * end (Jetty's parser done with it), so no byte of it can be taken for a next request and Jetty has
 * no read of its own pending. Anything else (a {@code LocalConnector}, a body still arriving) is
 * never reported gone.
 *
 * <p>{@link #close()} must run before the response completes: Jetty registers its own read interest
 * for the connection's next request then, and there can be only one.
 */
public final class ClientWatch implements AutoCloseable {
  private final Request request;
  private final AtomicBoolean gone = new AtomicBoolean();
  private final AtomicBoolean done = new AtomicBoolean();
  private AbstractEndPoint endPoint;
  private boolean started;
  private final Callback interest =
      new Callback() {
        @Override
        public void succeeded() {
          done.set(true);
          if (nothingToRead()) {
            gone.set(true);
          }
        }

        @Override
        public void failed(Throwable x) {
          // closed, or the watch removed by close(): only the first says the client left
          if (done.compareAndSet(false, true) && !endPoint.isOpen()) {
            gone.set(true);
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
    return gone.get();
  }

  private void register() {
    EndPoint ep = request.getConnectionMetaData().getConnection().getEndPoint();
    boolean bodyless =
        request.getLength() <= 0 && !request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    if (request.getConnectionMetaData().getConnection() instanceof HttpConnection http
        && ep instanceof SocketChannelEndPoint socket
        && (bodyless || http.getParser().isState(HttpParser.State.END))) {
      endPoint = socket;
      if (!socket.tryFillInterested(interest)) {
        // someone reads the connection already; they will see the close
        done.set(true);
      }
    }
  }

  private boolean nothingToRead() {
    try {
      SocketChannel channel = (SocketChannel) ((SocketChannelEndPoint) endPoint).getChannel();
      // readable with no bytes waiting: the end of the stream (or an error) is what woke us
      return channel.socket().getInputStream().available() == 0;
    } catch (IOException | RuntimeException e) {
      return true;
    }
  }

  /** Stops watching, if it started; the connection is Jetty's again. */
  @Override
  public void close() {
    if (endPoint != null && done.compareAndSet(false, true)) {
      // fails (and so removes) the read interest registered above, if it is still ours
      endPoint.getFillInterest().onFail(new java.util.concurrent.CancellationException("done"));
    }
  }
}
