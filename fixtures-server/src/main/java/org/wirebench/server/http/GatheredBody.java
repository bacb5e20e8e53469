package org.wirebench.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.util.Blocker;

/**
 * A response body gathered into pieces of a fixed size, each full piece one blocking write, the
 * last piece written together with the end of the response. A {@link java.io.BufferedOutputStream}
 * over Jetty's {@code Content.Sink.asOutputStream} cost a write more a response: its flush sent the
 * last piece, then closing the sink sent the end of the response alone (a writev of its own, 7% of
 * the server's CPU on a 38 KB GeoJSON GetFeature). A body that fits in one piece goes out in one
 * write, framed by its Content-Length instead of chunks; the body's bytes are the same.
 *
 * <p>{@link #flush} sends nothing: the pieces' size, not the writer's flushes, decides how often
 * the server goes to the network (the codecs flush once they end, which would cost a write of its
 * own).
 *
 * <p>The piece and the blocker are kept by the thread for its next body once a body has been sent
 * whole (a new 32 KiB array and a {@code Blocker.Shared} with its lock were 2.1% of the server's
 * CPU on a 36 KB GeoJSON GetFeature): a write completes only when the sink is done with the bytes,
 * so a piece is free once its body closed. A body that failed, or was never closed, keeps its piece
 * to itself. At most one piece a thread is kept: the server's pool threads, a piece each (the WFS's
 * 128 KiB).
 */
public final class GatheredBody extends OutputStream {
  /** What a body's thread keeps for its next body. */
  private record Parts(byte[] piece, Blocker.Shared blocker) {}

  private static final ThreadLocal<Parts> SPARE = new ThreadLocal<>();

  private final Content.Sink sink;
  private final Parts parts;
  private final Blocker.Shared blocker;
  private final byte[] piece;
  private int count;
  private boolean closed;
  private boolean failed;

  /**
   * @param pieceBytes bytes a write to the network carries, except the last, 1..
   */
  public GatheredBody(Content.Sink sink, int pieceBytes) {
    if (pieceBytes < 1) {
      throw new IllegalArgumentException("pieceBytes must be at least 1, was " + pieceBytes);
    }
    this.sink = Objects.requireNonNull(sink, "sink");
    Parts spare = SPARE.get();
    if (spare != null && spare.piece().length == pieceBytes) {
      SPARE.remove();
      this.parts = spare;
    } else {
      this.parts = new Parts(new byte[pieceBytes], new Blocker.Shared());
    }
    this.piece = parts.piece();
    this.blocker = parts.blocker();
  }

  @Override
  public void write(int b) throws IOException {
    open();
    if (count == piece.length) {
      send(false);
    }
    piece[count++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    open();
    while (len > 0) {
      if (count == piece.length) {
        send(false);
      }
      int n = Math.min(len, piece.length - count);
      System.arraycopy(b, off, piece, count, n);
      count += n;
      off += n;
      len -= n;
    }
  }

  /** Sends nothing: see the class comment. */
  @Override
  public void flush() throws IOException {
    open();
  }

  /** Writes what is gathered and ends the response, in one write. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    send(true);
    if (!failed) {
      SPARE.set(parts);
    }
  }

  private void open() throws IOException {
    if (closed) {
      throw new IOException("the response body is closed");
    }
  }

  private void send(boolean last) throws IOException {
    // cleared once the write completed: a write that failed may leave the piece with the sink
    failed = true;
    try (Blocker.Callback callback = blocker.callback()) {
      sink.write(last, ByteBuffer.wrap(piece, 0, count), callback);
      callback.block();
    }
    failed = false;
    // the write blocked until the sink was done with the bytes: the piece can be filled again
    count = 0;
  }
}
