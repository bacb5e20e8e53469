package org.wirebench.formats.geo.codec;

import java.util.Arrays;

/**
 * A growable ASCII buffer that coordinate text is formatted into before it is handed to the XML or
 * JSON writer in one call. Not thread-safe: one per document being written.
 */
final class CoordinateBuffer {
  private byte[] bytes = new byte[1024];
  private int length;

  CoordinateBuffer reset() {
    length = 0;
    return this;
  }

  CoordinateBuffer append(double ordinate) {
    ensure(CoordinateFormat.MAX_CHARS);
    length = CoordinateFormat.format(ordinate, bytes, length);
    return this;
  }

  CoordinateBuffer append(char c) {
    ensure(1);
    bytes[length++] = (byte) c;
    return this;
  }

  /** Appends "a{@code separator}b". */
  CoordinateBuffer appendPair(double a, char separator, double b) {
    ensure(2 * CoordinateFormat.MAX_CHARS + 1);
    length = CoordinateFormat.format(a, bytes, length);
    bytes[length++] = (byte) separator;
    length = CoordinateFormat.format(b, bytes, length);
    return this;
  }

  /** Appends text already formatted (e.g. from another buffer). */
  CoordinateBuffer append(byte[] text, int offset, int length) {
    ensure(length);
    System.arraycopy(text, offset, bytes, this.length, length);
    this.length += length;
    return this;
  }

  byte[] bytes() {
    return bytes;
  }

  int length() {
    return length;
  }

  private void ensure(int extra) {
    if (length + extra > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + extra));
    }
  }
}
