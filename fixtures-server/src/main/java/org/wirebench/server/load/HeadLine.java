package org.wirebench.server.load;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The line {@link ResponseParser} is reading, a status line, header, chunk size line or trailer,
 * gathered from the connection's bytes as they come, with the bytes of the part it belongs to (the
 * head, or one chunk's size line, or the trailers) bounded by {@link
 * ResponseParser#MAX_HEAD_BYTES}; and the byte-level reading of a whole line.
 */
final class HeadLine {
  private final byte[] line = new byte[ResponseParser.MAX_HEAD_BYTES];
  private int length;
  private int partBytes;

  /** Forgets the line so far and starts a new part. */
  void clear() {
    length = 0;
    partBytes = 0;
  }

  /** Starts a new part: its bytes are bounded from here. */
  void startPart() {
    partBytes = 0;
  }

  /** Whether nothing of the part has been read. */
  boolean untouched() {
    return partBytes == 0 && length == 0;
  }

  /**
   * Copies bytes up to the line's end; true when the line is whole.
   *
   * @param part what is read, "a head" or "a chunk line or trailer", for the error over the bound
   */
  boolean read(ByteBuffer in, String part) throws ResponseParser.Malformed {
    int start = in.position();
    int end = in.limit();
    for (int i = start; i < end; i++) {
      if (in.get(i) == '\n') {
        append(in, i - start, part);
        in.position(i + 1);
        partBytes++;
        if (length > 0 && line[length - 1] == '\r') {
          length--;
        }
        return true;
      }
    }
    append(in, end - start, part);
    return false;
  }

  private void append(ByteBuffer in, int n, String part) throws ResponseParser.Malformed {
    partBytes += n;
    if (partBytes > ResponseParser.MAX_HEAD_BYTES || length + n > line.length) {
      throw new ResponseParser.Malformed(
          part + " over " + ResponseParser.MAX_HEAD_BYTES + " bytes");
    }
    in.get(line, length, n);
    length += n;
  }

  /** The whole line's length, the line kept for reading until the next {@link #read}. */
  int take() {
    int n = length;
    length = 0;
    return n;
  }

  /** The line's byte at {@code i}. */
  byte at(int i) {
    return line[i];
  }

  /** The size of a chunk size line {@code n} bytes long: hex digits, then extensions after ';'. */
  long chunkSize(int n) throws ResponseParser.Malformed {
    int end = indexOf(';', n);
    if (end < 0) {
      end = n;
    }
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t')) {
      end--;
    }
    if (end == 0 || end > 15) {
      throw new ResponseParser.Malformed("a malformed chunk size: " + text(0, Math.min(n, 40)));
    }
    long size = 0;
    for (int i = 0; i < end; i++) {
      int d = Character.digit(line[i], 16);
      if (d < 0) {
        throw new ResponseParser.Malformed("a malformed chunk size: " + text(0, Math.min(n, 40)));
      }
      size = size * 16 + d;
    }
    return size;
  }

  /** Whether the line's first {@code length} bytes are {@code name}, ASCII case ignored. */
  boolean named(String name, int length) {
    if (name.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      int a = line[i] | 0x20;
      int b = name.charAt(i) | 0x20;
      if (a != b) {
        return false;
      }
    }
    return true;
  }

  boolean startsWith(String prefix, int at) {
    for (int i = 0; i < prefix.length(); i++) {
      if (line[at + i] != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  boolean digit(int i) {
    return line[i] >= '0' && line[i] <= '9';
  }

  /** Where {@code c} first stands in the line's first {@code n} bytes, or -1. */
  int indexOf(char c, int n) {
    for (int i = 0; i < n; i++) {
      if (line[i] == c) {
        return i;
      }
    }
    return -1;
  }

  String text(int from, int n) {
    return new String(line, from, n, StandardCharsets.ISO_8859_1);
  }
}
