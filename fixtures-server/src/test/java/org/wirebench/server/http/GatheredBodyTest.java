package org.wirebench.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
