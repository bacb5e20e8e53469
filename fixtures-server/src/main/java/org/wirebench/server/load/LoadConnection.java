package org.wirebench.server.load;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeoutException;

/**
 * One connection of the driver, owned by one {@link HttpLoop} and touched only from its thread: a
 * closed-model user's own connection, or one of the open model's ({@link OpenModel}), carrying one
 * request at a time as each of wrk's connections does. Without an open socket (the first request,
 * or after the server closed it or an exchange failed, which closes it) it connects first; that
 * connect belongs to the request's latency and timeout, and its failure is the request's.
 */
final class LoadConnection {
  final HttpLoop loop;

  /** The closed model's user number; -1 for one of the open model's connections. */
  final int user;

  /** The answer being read, then the last one read (status, headers, body). */
  final ResponseParser answer = new ResponseParser();

  // the exchange in flight, set by the driver: its number, latency origin and target
  long n;
  long sentNs;
  int index;
  boolean validate;

  private SocketChannel channel;
  private SelectionKey key;
  private ByteBuffer out;
  private boolean busy;
  private long deadlineNs;

  LoadConnection(HttpLoop loop, int user) {
    this.loop = loop;
    this.user = user;
  }

  /**
   * Sends {@code request} (its bytes from position to limit), failing it unless its answer has
   * ended within {@code timeoutNs}; the body is kept (to {@code maxKept} bytes) when {@code keep}.
   * Its end is told to the loop's listener, on the loop's thread, never from inside this call.
   */
  void send(ByteBuffer request, long timeoutNs, boolean keep, long maxKept) {
    busy = true;
    deadlineNs = System.nanoTime() + timeoutNs;
    answer.reset(keep, maxKept);
    out = request;
    if (channel != null) {
      write();
      return;
    }
    try {
      channel = SocketChannel.open();
      channel.configureBlocking(false);
      channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
      key = channel.register(loop.selector, 0, this);
      if (channel.connect(loop.address)) {
        write();
      } else {
        key.interestOps(SelectionKey.OP_CONNECT);
      }
    } catch (IOException | RuntimeException e) {
      // a refused connect may be known at once: told from the loop's next turn, as any failure
      failLater(e);
    }
  }

  /** Whether a request is in flight whose deadline has passed at {@code nowNs}. */
  boolean expired(long nowNs) {
    return busy && nowNs - deadlineNs >= 0;
  }

  /** Fails the request in flight as timed out. */
  void timeOut() {
    fail(new TimeoutException());
  }

  /** The selector found the socket ready. */
  void ready(SelectionKey k) {
    if (!k.isValid()) {
      return;
    }
    if (k.isConnectable()) {
      try {
        channel.finishConnect();
      } catch (IOException | RuntimeException e) {
        fail(e);
        return;
      }
      write();
      return;
    }
    if (k.isWritable()) {
      write();
    }
    if (k.isValid() && k.isReadable()) {
      read();
    }
  }

  private void write() {
    try {
      channel.write(out);
    } catch (IOException | RuntimeException e) {
      fail(e);
      return;
    }
    // reading while writing too: a server may answer (and close) before taking a whole body
    key.interestOps(
        out.hasRemaining() ? SelectionKey.OP_WRITE | SelectionKey.OP_READ : SelectionKey.OP_READ);
  }

  private void read() {
    ByteBuffer in = loop.readBuffer;
    while (true) {
      in.clear();
      int read;
      try {
        read = channel.read(in);
      } catch (IOException e) {
        if (busy) {
          fail(e);
        } else {
          close();
        }
        return;
      }
      if (read < 0) {
        if (!busy) {
          close(); // the server closed an idle connection: the next request connects again
        } else if (answer.closed()) {
          close();
          end(null);
        } else {
          fail(new EOFException("the server closed the connection before the answer ended"));
        }
        return;
      }
      if (read == 0) {
        return;
      }
      in.flip();
      if (!busy) {
        close(); // bytes nobody asked for: the connection's framing cannot be trusted any more
        return;
      }
      boolean ended;
      try {
        ended = answer.feed(in);
      } catch (ResponseParser.Malformed e) {
        fail(e);
        return;
      }
      if (ended) {
        if (in.hasRemaining()) {
          // no request was pipelined: bytes past the answer's framing mean the framing lied (a
          // body longer than its Content-Length, say), so the answer is not trusted either
          fail(
              new ResponseParser.Malformed(
                  in.remaining() + " bytes past the answer's end (a body longer than declared?)"));
          return;
        }
        if (out != null && out.hasRemaining() && answer.status < 400) {
          // a server may refuse a request early (RFC 9112 9.3), never answer one it has not read
          fail(new ResponseParser.Malformed("answered before the request was sent whole"));
          return;
        }
        if (answer.close || (out != null && out.hasRemaining())) {
          close(); // asked to, or the request's rest unsent: never written as the next one's start
        }
        end(null);
        return;
      }
      if (in.hasRemaining() || read < in.capacity()) {
        return; // the socket had no more for now
      }
    }
  }

  private void fail(Throwable failure) {
    close();
    end(failure);
  }

  private void failLater(Throwable failure) {
    close();
    busy = false;
    loop.execute(() -> loop.ended(this, failure));
  }

  private void end(Throwable failure) {
    busy = false;
    out = null;
    loop.ended(this, failure);
  }

  /** Closes the socket, if open; the next request connects again. */
  void close() {
    if (channel == null) {
      return;
    }
    if (key != null) {
      key.cancel();
      key = null;
    }
    try {
      channel.close();
    } catch (IOException e) {
      // closing a socket that already failed: nothing left to do with it
    }
    channel = null;
  }
}
