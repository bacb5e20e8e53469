package org.wirebench.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.io.Content;
import org.junit.jupiter.api.Test;

/** Each network write a full piece, the last one carrying the end of the response. */
class GatheredBodyTest {
  private record Write(int bytes, boolean last) {}

  /** A sink that records each write and completes it at once, as a fast socket would. */
  private static final class Recording implements Content.Sink {
    final List<Write> writes = new ArrayList<>();
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    @Override
    public void write(boolean last, ByteBuffer buffer, org.eclipse.jetty.util.Callback callback) {
      writes.add(new Write(buffer.remaining(), last));
      byte[] b = new byte[buffer.remaining()];
      buffer.get(b);
      bytes.writeBytes(b);
      callback.succeeded();
    }
  }

  private static byte[] body(int size) {
    byte[] b = new byte[size];
    for (int i = 0; i < size; i++) {
      b[i] = (byte) (i * 31 + 7);
    }
    return b;
  }

  @Test
  void theLastPieceCarriesTheEndOfTheResponse() throws IOException {
    Recording sink = new Recording();
    byte[] body = body(40_000);
    try (GatheredBody out = new GatheredBody(sink, 32 * 1024)) {
      // as the codecs write: 16 KiB pieces, then a flush once they end
      for (int off = 0; off < body.length; off += 16 * 1024) {
        out.write(body, off, Math.min(16 * 1024, body.length - off));
      }
      out.flush();
    }
    // BufferedOutputStream over Content.Sink.asOutputStream: 32768, 7232, then 0 with the end
    assertEquals(
        List.of(new Write(32 * 1024, false), new Write(40_000 - 32 * 1024, true)), sink.writes);
    assertArrayEquals(body, sink.bytes.toByteArray());
  }

  @Test
  void aBodyThatFitsIsOneWrite() throws IOException {
    Recording sink = new Recording();
    byte[] body = body(1000);
    try (GatheredBody out = new GatheredBody(sink, 32 * 1024)) {
      out.write(body[0]);
      out.write(body, 1, 999);
      out.flush();
    }
    assertEquals(List.of(new Write(1000, true)), sink.writes);
    assertArrayEquals(body, sink.bytes.toByteArray());
  }

  @Test
  void anExactMultipleEndsWithAnEmptyLastWrite() throws IOException {
    Recording sink = new Recording();
    byte[] body = body(64);
    try (GatheredBody out = new GatheredBody(sink, 32)) {
      out.write(body);
    }
    assertEquals(
        List.of(new Write(32, false), new Write(32, true)), sink.writes, "pieces go once full");
    assertArrayEquals(body, sink.bytes.toByteArray());
  }

  @Test
  void aFailedWriteIsAnIOExceptionAndWritingAfterCloseIsRefused() throws IOException {
    Content.Sink failing = (last, buffer, callback) -> callback.failed(new IOException("gone"));
    GatheredBody out = new GatheredBody(failing, 8);
    assertThrows(IOException.class, () -> out.write(body(20)));
    GatheredBody closed = new GatheredBody(new Recording(), 8);
    closed.close();
    assertThrows(IOException.class, () -> closed.write(1));
    assertThrows(IllegalArgumentException.class, () -> new GatheredBody(new Recording(), 0));
  }

  /**
   * The look before a body's first bytes runs once, before the first write to the network, whether
   * that is a full piece or the whole body; what it throws fails the body with nothing written.
   */
  @Test
  void theLookBeforeTheFirstBytesRunsOnceAndCanStopTheBody() throws IOException {
    for (int size : new int[] {20, 100}) {
      Recording sink = new Recording();
      int[] looks = {0};
      try (GatheredBody out = new GatheredBody(sink, 32, null, () -> looks[0]++)) {
        out.write(body(size));
      }
      assertEquals(1, looks[0], size + " bytes");
      assertArrayEquals(body(size), sink.bytes.toByteArray());
    }
    for (int size : new int[] {20, 100}) {
      Recording sink = new Recording();
      GatheredBody out =
          new GatheredBody(
              sink,
              32,
              null,
              () -> {
                throw new IllegalStateException("gone");
              });
      assertThrows(
          IllegalStateException.class,
          () -> {
            out.write(body(size));
            out.close();
          });
      assertEquals(List.of(), sink.writes, size + " bytes");
    }
  }

  /** A sink that records the buffers it was given, and consumes them as Jetty does. */
  private static final class Arrays implements Content.Sink {
    final List<ByteBuffer> arrays = new ArrayList<>();

    @Override
    public void write(boolean last, ByteBuffer buffer, org.eclipse.jetty.util.Callback callback) {
      arrays.add(buffer);
      buffer.position(buffer.limit());
      callback.succeeded();
    }
  }

  @Test
  void everyPieceIsADirectBufferSoTheJdkNeedNotCopyIt() throws IOException {
    Arrays sink = new Arrays();
    try (GatheredBody out = new GatheredBody(sink, 64)) {
      out.write(body(100));
    }
    try (GatheredBody out = new GatheredBody(sink, 64)) {
      out.write(7);
    }
    assertEquals(3, sink.arrays.size());
    for (ByteBuffer piece : sink.arrays) {
      // a heap piece is copied into a temporary direct buffer by the JDK's socket write
      assertTrue(piece.isDirect(), "a direct piece");
    }
  }

  @Test
  void aClosedBodysPieceServesTheThreadsNextBodyAndAFailedOnesDoesNot() throws Exception {
    Arrays sink = new Arrays();
    try (GatheredBody out = new GatheredBody(sink, 64)) {
      out.write(body(10));
    }
    try (GatheredBody out = new GatheredBody(sink, 64)) {
      out.write(body(100));
    }
    assertEquals(3, sink.arrays.size());
    assertSame(sink.arrays.get(0), sink.arrays.get(1), "the thread's next body reuses the piece");
    assertSame(sink.arrays.get(0), sink.arrays.get(2));

    // another size does not take it, and a body on another thread gets its own
    try (GatheredBody out = new GatheredBody(sink, 32)) {
      out.write(1);
    }
    assertNotSame(sink.arrays.get(0), sink.arrays.get(3));
    Thread other =
        new Thread(
            () -> {
              try (GatheredBody out = new GatheredBody(sink, 32)) {
                out.write(1);
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    other.start();
    other.join();
    assertNotSame(sink.arrays.get(3), sink.arrays.get(4));

    // a failed write may leave the piece with the sink: the next body does not take it
    List<ByteBuffer> failedArrays = new ArrayList<>();
    Content.Sink failing =
        (last, buffer, callback) -> {
          failedArrays.add(buffer);
          callback.failed(new IOException("gone"));
        };
    GatheredBody broken = new GatheredBody(failing, 16);
    assertThrows(IOException.class, broken::close);
    try (GatheredBody out = new GatheredBody(sink, 16)) {
      out.write(1);
    }
    assertNotSame(failedArrays.get(0), sink.arrays.get(5));
  }

  @Test
  void aReusedPieceSendsOnlyTheNewBodysBytes() throws IOException {
    // a short body, then longer ones: each starts with the whole piece to fill
    for (int size : new int[] {50, 3, 60, 100, 64, 1}) {
      Recording sink = new Recording();
      try (GatheredBody out = new GatheredBody(sink, 64)) {
        out.write(body(size));
      }
      assertArrayEquals(body(size), sink.bytes.toByteArray());
    }
  }
}
