package org.wirebench.server.http;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.AbstractEndPoint;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.Callback;

/**
 * Notices a client that closed its connection while its request is still being worked on. Jetty
 * reads an HTTP/1.1 connection only when a handler asks for content, so a handler that computes
 * before it writes (a scan that matches nothing) would never learn that its client has gone. While
 * a body-less request runs, this asks the selector to say when the socket becomes readable: with
 * nothing to read then, the client has closed (end of stream or a reset); with bytes to read, the
 * client pipelined its next request, which is left in the socket for Jetty to read after this
 * response (nothing is consumed here). Only plain HTTP/1.x on a socket is watched; anything else (a
 * {@code LocalConnector}, a request with a body) is never reported gone.
 *
 * <p>{@link #close()} must run before the response completes: Jetty registers its own read interest
 * for the connection's next request then, and there can be only one.
 */
public final class ClientWatch implements AutoCloseable {
  private final AbstractEndPoint endPoint;
  private final AtomicBoolean gone = new AtomicBoolean();
  private final AtomicBoolean done = new AtomicBoolean();
  private final Callback interest;

  private ClientWatch(AbstractEndPoint endPoint) {
    this.endPoint = endPoint;
    this.interest =
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
  }

  /** A watch on the request's connection, or one that never reports (see the class comment). */
  public static ClientWatch start(Request request) {
    EndPoint ep = request.getConnectionMetaData().getConnection().getEndPoint();
    boolean bodyless =
        request.getLength() <= 0 && !request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    if (!(request.getConnectionMetaData().getConnection() instanceof HttpConnection)
        || !(ep instanceof SocketChannelEndPoint socket)
        || !bodyless) {
      return new ClientWatch(null);
    }
    ClientWatch watch = new ClientWatch(socket);
    if (!socket.tryFillInterested(watch.interest)) {
      // someone reads the connection already; they will see the close
      watch.done.set(true);
    }
    return watch;
  }

  /** Whether the client has closed its connection. */
  public boolean gone() {
    return gone.get();
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

  /** Stops watching; the connection is Jetty's again. */
  @Override
  public void close() {
    if (endPoint != null && done.compareAndSet(false, true)) {
      // fails (and so removes) the read interest registered above, if it is still ours
      endPoint.getFillInterest().onFail(new java.util.concurrent.CancellationException("done"));
    }
  }
}
