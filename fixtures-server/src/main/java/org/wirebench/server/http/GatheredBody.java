package org.wirebench.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.RetainableByteBuffer;
import org.eclipse.jetty.util.Blocker;
import org.eclipse.jetty.util.Callback;

/**
 * A response body gathered into pieces of a fixed size, each full piece one blocking write, the
 * last piece written together with the end of the response. A {@link java.io.BufferedOutputStream}
 * over Jetty's {@code Content.Sink.asOutputStream} cost a write more a response: its flush sent the
 * last piece, then closing the sink sent the end of the response alone (a writev of its own, 7% of
 * the server's CPU on a 38 KB GeoJSON GetFeature). A body that fits in one piece goes out in one
 * write, framed by its Content-Length instead of chunks; the body's bytes are the same.
 *
 * <p>The piece is a direct buffer from the connector's {@link ByteBufferPool}: a new heap array a
 * response was 32 KiB to zero and collect each time (4% of the server's CPU on that GetFeature),
 * and the JDK copies a heap buffer into a temporary direct one before every socket write. It goes
 * back to the pool once the body ends ({@link #close}) or is given up ({@link #discard}), and only
 * when no write of it is still under way: a buffer the network might still read is never handed to
 * another response.
 *
 * <p>Jetty's {@code Content.Sink.asBuffered} under {@code asOutputStream} would gather too, but the
 * stream's {@code flush} asks that sink to write what it holds, and the codecs flush once they end:
 * the last piece would again go out apart from the response's end.
 *
 * <p>{@link #flush} sends nothing: the pieces' size, not the writer's flushes, decides how often
 * the server goes to the network.
 */
public final class GatheredBody extends OutputStream {
  private final Content.Sink sink;
  private final Blocker.Shared blocker = new Blocker.Shared();
  private final RetainableByteBuffer held;

  /** {@code held}'s first {@code pieceBytes}, in fill mode between writes. */
  private final ByteBuffer piece;

  /** A write handed to the sink whose callback has not run yet. */
  private final AtomicBoolean writing = new AtomicBoolean();

  private final AtomicBoolean released = new AtomicBoolean();
  private volatile boolean discarded;
  private boolean closed;

  /**
   * @param pool where the piece comes from and goes back to
   * @param pieceBytes bytes a write to the network carries, except the last, 1..
   */
  public GatheredBody(Content.Sink sink, ByteBufferPool pool, int pieceBytes) {
    if (pieceBytes < 1) {
      throw new IllegalArgumentException("pieceBytes must be at least 1, was " + pieceBytes);
    }
    this.sink = Objects.requireNonNull(sink, "sink");
    this.held = pool.acquire(pieceBytes, true);
    ByteBuffer all = held.getByteBuffer();
    // the pool may give a larger buffer (its buckets are sized in steps): use pieceBytes of it
    all.clear().limit(pieceBytes);
    this.piece = all.slice();
  }

  @Override
  public void write(int b) throws IOException {
    open();
    if (!piece.hasRemaining()) {
      send(false);
    }
    piece.put((byte) b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    open();
    while (len > 0) {
      if (!piece.hasRemaining()) {
        send(false);
      }
      int n = Math.min(len, piece.remaining());
      piece.put(b, off, n);
      off += n;
      len -= n;
    }
  }

  /** Sends nothing: see the class comment. */
  @Override
  public void flush() throws IOException {
    open();
  }

  /** Writes what is gathered and ends the response, in one write; the piece goes back. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    try {
      open();
      closed = true;
      send(true);
    } finally {
      discard();
    }
  }

  /**
   * Gives the body up without ending the response (its writer failed): nothing more is sent, and
   * the piece goes back to the pool now, or when a write of it still under way ends (a wait for it
   * that was interrupted). Nothing after a close.
   */
  public void discard() {
    closed = true;
    discarded = true;
    if (!writing.get()) {
      giveBack();
    }
  }

  /** Once, whichever of {@link #discard} and a late write's end comes last. */
  private void giveBack() {
    if (released.compareAndSet(false, true)) {
      held.release();
    }
  }

  private void open() throws IOException {
    if (closed) {
      throw new IOException("the response body is closed");
    }
  }

  private void send(boolean last) throws IOException {
    piece.flip();
    try (Blocker.Callback callback = blocker.callback()) {
      writing.set(true);
      sink.write(
          last,
          piece,
          new Callback.Nested(callback) {
            @Override
            public void succeeded() {
              written();
              super.succeeded();
            }

            @Override
            public void failed(Throwable x) {
              written();
              super.failed(x);
            }
          });
      callback.block();
    }
    // the write blocked until the sink was done with the bytes: the piece can be filled again
    piece.clear();
  }

  /** The sink is done with the piece; if the body was given up meanwhile, it goes back now. */
  private void written() {
    writing.set(false);
    if (discarded) {
      giveBack();
    }
  }
}
