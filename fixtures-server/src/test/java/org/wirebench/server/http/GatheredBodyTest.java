package org.wirebench.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.io.ArrayByteBufferPool;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Test;

/**
 * Each network write a full piece, the last one carrying the end of the response; the pieces are
 * pooled direct buffers, given back once the body ends, whichever way it ends.
 */
class GatheredBodyTest {
  private static final int PIECE = 32 * 1024;

  private record Write(int bytes, boolean last) {}

  /** A sink that records each write and completes it at once, as a fast socket would. */
  private static final class Recording implements Content.Sink {
    final List<Write> writes = new ArrayList<>();
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean allDirect = true;

    @Override
    public void write(boolean last, ByteBuffer buffer, Callback callback) {
      writes.add(new Write(buffer.remaining(), last));
      allDirect &= buffer.isDirect();
      byte[] b = new byte[buffer.remaining()];
      buffer.get(b);
      bytes.writeBytes(b);
      callback.succeeded();
    }
  }

  private final ArrayByteBufferPool.Tracking pool = new ArrayByteBufferPool.Tracking();

  private static byte[] body(int size) {
    byte[] b = new byte[size];
    for (int i = 0; i < size; i++) {
      b[i] = (byte) (i * 31 + 7);
    }
    return b;
  }

  /** The writes the heap-array GatheredBody made: full pieces, then the rest with the end. */
  private static List<Write> heapPieces(int size, int piece) {
    List<Write> w = new ArrayList<>();
    int full = size == 0 ? 0 : (size - 1) / piece;
    for (int i = 0; i < full; i++) {
      w.add(new Write(piece, false));
    }
    w.add(new Write(size - full * piece, true));
    return w;
  }

  @Test
  void theLastPieceCarriesTheEndOfTheResponse() throws IOException {
    Recording sink = new Recording();
    byte[] body = body(40_000);
    try (GatheredBody out = new GatheredBody(sink, pool, PIECE)) {
      // as the codecs write: 16 KiB pieces, then a flush once they end
      for (int off = 0; off < body.length; off += 16 * 1024) {
        out.write(body, off, Math.min(16 * 1024, body.length - off));
      }
      out.flush();
    }
    // BufferedOutputStream over Content.Sink.asOutputStream: 32768, 7232, then 0 with the end
    assertEquals(List.of(new Write(PIECE, false), new Write(40_000 - PIECE, true)), sink.writes);
    assertArrayEquals(body, sink.bytes.toByteArray());
    assertTrue(sink.allDirect, "the pieces are direct buffers: no copy into one before writev");
    assertEquals(0, pool.getLeaks().size(), pool.dumpLeaks());
  }

  /**
   * Bodies under, at and over one piece and several, written a byte at a time, in the codecs'
   * buffer sizes, in odd sizes and in one run longer than a piece: the same bytes and the same
   * writes as the heap piece gave, from one piece of the pool a body, given back.
   */
  @Test
  void theSameBytesAndWritesAsTheHeapPieceGave() throws IOException {
    int[] sizes = {0, 1, 1000, PIECE - 1, PIECE, PIECE + 1, 2 * PIECE, 38_211, 100_000, 250_000};
    int[] runs = {1, 7, 8192, 16 * 1024, 65_537, Integer.MAX_VALUE};
    for (int size : sizes) {
      byte[] body = body(size);
      for (int run : runs) {
        Recording sink = new Recording();
        try (GatheredBody out = new GatheredBody(sink, pool, PIECE)) {
          for (int off = 0; off < size; ) {
            int n = Math.min(run, size - off);
            if (n == 1) {
              out.write(body[off]);
            } else {
              out.write(body, off, n);
            }
            off += n;
            out.flush();
          }
        }
        String what = size + " bytes in runs of " + run;
        assertArrayEquals(body, sink.bytes.toByteArray(), what);
        assertEquals(heapPieces(size, PIECE), sink.writes, what);
        assertTrue(sink.allDirect, what);
      }
    }
    assertEquals(0, pool.getLeaks().size(), pool.dumpLeaks());
  }

  @Test
  void aBodyThatFitsIsOneWrite() throws IOException {
    Recording sink = new Recording();
    byte[] body = body(1000);
    try (GatheredBody out = new GatheredBody(sink, pool, PIECE)) {
      out.write(body[0]);
      out.write(body, 1, 999);
      out.flush();
    }
    assertEquals(List.of(new Write(1000, true)), sink.writes);
    assertArrayEquals(body, sink.bytes.toByteArray());
  }

  /** The pool hands out 4 KiB at least: a piece of 32 bytes still goes out 32 bytes a write. */
  @Test
  void anExactMultipleEndsWithAFullLastWrite() throws IOException {
    Recording sink = new Recording();
    byte[] body = body(64);
    try (GatheredBody out = new GatheredBody(sink, pool, 32)) {
      out.write(body);
    }
    assertEquals(
        List.of(new Write(32, false), new Write(32, true)), sink.writes, "pieces go once full");
    assertArrayEquals(body, sink.bytes.toByteArray());
    assertEquals(0, pool.getLeaks().size(), pool.dumpLeaks());
  }

  @Test
  void aFailedWriteIsAnIOExceptionAndWritingAfterCloseIsRefused() throws IOException {
    Content.Sink failing = (last, buffer, callback) -> callback.failed(new IOException("gone"));
    GatheredBody out = new GatheredBody(failing, pool, 8);
    assertThrows(IOException.class, () -> out.write(body(20)));
    out.discard();
    GatheredBody closed = new GatheredBody(new Recording(), pool, 8);
    closed.close();
    assertThrows(IOException.class, () -> closed.write(1));
    assertThrows(IllegalArgumentException.class, () -> new GatheredBody(new Recording(), pool, 0));
    assertEquals(0, pool.getLeaks().size(), pool.dumpLeaks());
  }

  @Test
  void aBodyGivenUpHalfWayGivesItsPieceBackAndSendsNoEnd() throws IOException {
    Recording sink = new Recording();
    GatheredBody out = new GatheredBody(sink, pool, 32);
    out.write(body(40));
    out.discard();
    out.discard();
    assertEquals(List.of(new Write(32, false)), sink.writes, "no end of the response");
    assertThrows(IOException.class, () -> out.write(1));
    out.close();
    assertEquals(List.of(new Write(32, false)), sink.writes, "a close after it sends nothing");
    assertEquals(0, pool.getLeaks().size(), pool.dumpLeaks());
  }

  /**
   * A wait for a write cut short (the thread interrupted) leaves the write under way: the piece is
   * not handed to another response before the sink is done with it.
   */
  @Test
  void aPieceStillBeingWrittenGoesBackOnlyWhenItsWriteEnds() {
    List<Callback> pending = new ArrayList<>();
    Content.Sink slow = (last, buffer, callback) -> pending.add(callback);
    GatheredBody out = new GatheredBody(slow, pool, 8);
    Thread.currentThread().interrupt();
    try {
      assertThrows(Exception.class, () -> out.write(body(20)));
    } finally {
      Thread.interrupted();
    }
    assertEquals(1, pending.size(), "the write was handed to the sink");
    out.discard();
    assertEquals(1, pool.getLeaks().size(), "held while the sink may still read it");
    pending.get(0).succeeded();
    assertEquals(0, pool.getLeaks().size(), pool.dumpLeaks());
  }
}
