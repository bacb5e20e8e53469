package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The buffer under our byte-level writers ({@link Utf8XmlWriter}, {@link Utf8JsonWriter}): bytes
 * are gathered here and go out in buffer-sized writes; a run longer than the buffer goes out whole.
 * Not thread-safe: one per document being written.
 */
abstract class Utf8Output {
  final OutputStream out;
  final byte[] buf;
  int pos;

  /** {@code capacity}: bytes buffered before they go out, at least 64. */
  Utf8Output(OutputStream out, int capacity) {
    this.out = out;
    this.buf = new byte[Math.max(64, capacity)];
  }

  /** Copies {@code bytes[off, off + len)} in, making room first. */
  final void put(byte[] bytes, int off, int len) throws IOException {
    if (len > buf.length - pos) {
      flushBuffer();
      if (len > buf.length) {
        out.write(bytes, off, len);
        return;
      }
    }
    System.arraycopy(bytes, off, buf, pos, len);
    pos += len;
  }

  /** Room for {@code bytes} more, at most the buffer's size. */
  final void ensure(int bytes) throws IOException {
    if (pos + bytes > buf.length) {
      flushBuffer();
    }
  }

  /** Writes out what is buffered and flushes {@code out}; does not close it. */
  final void flush() throws IOException {
    flushBuffer();
    out.flush();
  }

  final void flushBuffer() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
  }
}
