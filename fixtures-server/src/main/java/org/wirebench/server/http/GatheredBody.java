package org.wirebench.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Response;
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
 * 256 KiB).
 *
 * <p>The piece is a direct buffer: a heap piece was copied again by the JDK into a temporary direct
 * buffer of the writing thread before every socket write (1.7% of the server's CPU on a 223 KB GML
 * 3.2 GetFeature). Jetty writes the content buffer it is given as it is (HTTP/1.1 gathers it with
 * the header and any chunk header; the compression handler reads it into its encoder) and completes
 * the callback once it is done with it, heap or direct alike. A thread's direct piece takes the
 * place of the temporary direct buffer of that size the JDK kept for each thread that wrote a heap
 * piece; a piece that is not kept is freed with its buffer object by the garbage collector.
 */
public final class GatheredBody extends OutputStream {
  /**
   * What a body's thread keeps for its next body; taken while {@code inUse}. It stays in the
   * thread's slot while a body holds it (a remove and a set of the slot a body were 0.4% of the
   * server's CPU on a GetFeature): a body that finds it taken makes its own, which takes the slot.
   */
  private static final class Parts {
    final ByteBuffer piece;
    final Blocker.Shared blocker;

    /** Written by the body that holds it, which may be closed on another thread. */
    volatile boolean inUse = true;

    Parts(ByteBuffer piece, Blocker.Shared blocker) {
      this.piece = piece;
      this.blocker = blocker;
    }
  }

  private static final ThreadLocal<Parts> SPARE = new ThreadLocal<>();

  private final Content.Sink sink;
  private final Parts parts;
  private final Blocker.Shared blocker;
  private final ByteBuffer piece;
  private final int capacity;
  private int count;
  private boolean closed;
  private boolean failed;
  private boolean begun;
  private final Runnable beforePiece;
  private final Runnable beforeFirst;

  /**
   * @param pieceBytes bytes a write to the network carries, except the last, 1..
   */
  public GatheredBody(Content.Sink sink, int pieceBytes) {
    this(sink, pieceBytes, null);
  }

  /**
   * @param pieceBytes bytes a write to the network carries, except the last, 1..
   * @param beforePiece run before each full piece goes to the network (not the last, which ends a
   *     body whose work is done): what it throws fails the body there, before that piece is sent;
   *     or null
   */
  public GatheredBody(Content.Sink sink, int pieceBytes, Runnable beforePiece) {
    this(sink, pieceBytes, beforePiece, null);
  }

  /**
   * @param pieceBytes bytes a write to the network carries, except the last, 1..
   * @param beforePiece as above, or null
   * @param beforeFirst run once before the body's first bytes go to the network, whether they are a
   *     full piece or the whole body in one: what it throws fails the body with nothing sent (the
   *     response still uncommitted); or null
   */
  public GatheredBody(
      Content.Sink sink, int pieceBytes, Runnable beforePiece, Runnable beforeFirst) {
    this.beforePiece = beforePiece;
    this.beforeFirst = beforeFirst;
    if (pieceBytes < 1) {
      throw new IllegalArgumentException("pieceBytes must be at least 1, was " + pieceBytes);
    }
    this.sink = Objects.requireNonNull(sink, "sink");
    Parts spare = SPARE.get();
    if (spare != null && !spare.inUse && spare.piece.capacity() == pieceBytes) {
      spare.inUse = true;
      this.parts = spare;
    } else {
      this.parts = new Parts(ByteBuffer.allocateDirect(pieceBytes), new Blocker.Shared());
      SPARE.set(parts);
    }
    this.piece = parts.piece;
    this.capacity = pieceBytes;
    this.blocker = parts.blocker;
  }

  @Override
  public void write(int b) throws IOException {
    open();
    if (count == capacity) {
      send(false);
    }
    piece.put(count++, (byte) b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    open();
    while (len > 0) {
      if (count == capacity) {
        send(false);
      }
      int n = Math.min(len, capacity - count);
      // absolute puts: the sink moves the piece's position as it writes it
      piece.put(count, b, off, n);
      count += n;
      off += n;
      len -= n;
    }
  }

  /**
   * This body as the stream its writer is given: the same writes, but its {@code close} leaves the
   * response open, for the one who handed it over to end with {@link #close} once the writer
   * returned. A writer closes its stream on its way out of a failure too (a try-with-resources, a
   * JSON generator closing its target), and that close must not end the response as a whole one
   * holding the bytes before the failure.
   */
  public OutputStream writerView() {
    return new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        GatheredBody.this.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        GatheredBody.this.write(b, off, len);
      }

      @Override
      public void flush() throws IOException {
        GatheredBody.this.flush();
      }

      @Override
      public void close() {}
    };
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
      parts.inUse = false;
    }
  }

  /**
   * A body of more than one piece goes out in chunks on HTTP/1.1 even when the request closes the
   * connection after it ({@code Connection: close}), where Jetty would end it by closing the
   * connection: a body cut by a failure half-way could not be told from a whole one there. With
   * chunks the missing last chunk says so. HTTP/1.0 has no chunks: its cut body stays the
   * connection's end.
   */
  private void frameByChunks() {
    if (sink instanceof Response response
        && !response.isCommitted()
        && response.getRequest().getConnectionMetaData().getHttpVersion() == HttpVersion.HTTP_1_1
        && !response.getHeaders().contains(HttpHeader.CONTENT_LENGTH)) {
      response.getHeaders().put(HttpHeader.TRANSFER_ENCODING, HttpHeaderValue.CHUNKED.asString());
    }
  }

  private void open() throws IOException {
    if (closed) {
      throw new IOException("the response body is closed");
    }
  }

  private void send(boolean last) throws IOException {
    if (!last && beforePiece != null) {
      beforePiece.run();
    }
    if (!begun && beforeFirst != null) {
      beforeFirst.run();
    }
    if (!last && !begun) {
      frameByChunks();
    }
    begun = true;
    // cleared once the write completed: a write that failed may leave the piece with the sink
    failed = true;
    try (Blocker.Callback callback = blocker.callback()) {
      piece.limit(count).position(0);
      sink.write(last, piece, callback);
      callback.block();
    }
    failed = false;
    // the write blocked until the sink was done with the bytes: the piece can be filled again
    piece.clear();
    count = 0;
  }
}
