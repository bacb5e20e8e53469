package org.wirebench.geo.codec;

import java.util.Arrays;

/**
 * A growable char buffer that coordinate text is formatted into before it is handed to the XML or
 * JSON writer in one call. Not thread-safe: one per document being written.
 */
final class CoordinateBuffer {
  private char[] chars = new char[1024];
  private int length;

  CoordinateBuffer reset() {
    length = 0;
    return this;
  }

  CoordinateBuffer append(double ordinate) {
    ensure(CoordinateFormat.MAX_CHARS);
    length = CoordinateFormat.format(ordinate, chars, length);
    return this;
  }

  CoordinateBuffer append(char c) {
    ensure(1);
    chars[length++] = c;
    return this;
  }

  /** Appends "a{@code separator}b". */
  CoordinateBuffer appendPair(double a, char separator, double b) {
    ensure(2 * CoordinateFormat.MAX_CHARS + 1);
    length = CoordinateFormat.format(a, chars, length);
    chars[length++] = separator;
    length = CoordinateFormat.format(b, chars, length);
    return this;
  }

  char[] chars() {
    return chars;
  }

  int length() {
    return length;
  }

  private void ensure(int extra) {
    if (length + extra > chars.length) {
      chars = Arrays.copyOf(chars, Math.max(chars.length * 2, length + extra));
    }
  }
}
