package org.wirebench.server;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpParser;

/**
 * Follows the chunk sizes of a chunked request body as Jetty's parser is about to read them (the
 * parser keeps them to itself), so that a chunk whose declared size takes the body past the limit
 * is refused before its data arrives ({@link BodyGate}). Told the parser's state and the bytes it
 * is about to parse each time it parses content; it only looks, never consumes. What it cannot
 * follow (framing the parser will refuse) leaves the last bound as it was.
 */
final class ChunkSizes {
  private static final long CAP = 1L << 40;

  /** Body bytes before the latest chunk, and that chunk's declared size. */
  private long chunkStart;

  private long chunkSize;

  /** The digits of a size line cut between two reads, or -1. */
  private long pending = -1;

  /**
   * Whether the latest size line's digits have ended and its LF has not been seen: what follows in
   * the line is a chunk extension (RFC 9112 7.1.1, {@code ;name=value}) or its CR, never a size.
   * Jetty's parser reads both in its CHUNK_SIZE state, so a read that starts in that state may be
   * inside an extension, whose hex letters and digits ({@code ;x=deadbeef}) were read as a size and
   * a body of 200 bytes refused as above the limit.
   */
  private boolean afterDigits;

  private volatile long atLeast;

  /** A new request on the connection. */
  void reset() {
    chunkStart = 0;
    chunkSize = 0;
    pending = -1;
    afterDigits = false;
    atLeast = 0;
  }

  /** Where the body ends at the least, in body bytes: the latest chunk's start plus its size. */
  long atLeast() {
    return atLeast;
  }

  /**
   * @param read body bytes the parser has delivered so far
   */
  void before(HttpParser.State state, long read, ByteBuffer buffer) {
    int i = buffer.position();
    long start = read;
    long value = 0;
    if (state != HttpParser.State.CHUNK_SIZE) {
      afterDigits = false; // the parser has left the size line
    }
    boolean inSizeLine = state == HttpParser.State.CHUNK_SIZE && !afterDigits;
    switch (state) {
      case CHUNK_SIZE -> {
        if (afterDigits) {
          // the rest of a size line whose digits were read: its chunk's data follows its LF
          int lf = i;
          while (lf < buffer.limit() && buffer.get(lf) != '\n') {
            lf++;
          }
          if (lf == buffer.limit()) {
            return;
          }
          afterDigits = false;
          i = lf + 1;
          long rest = chunkStart + chunkSize - read;
          if (rest < 0 || rest > buffer.limit() - i) {
            return; // the chunk's data goes on past these bytes
          }
          i += (int) rest;
          start = read + rest;
        } else {
          value = Math.max(pending, 0);
        }
      }
      case CHUNK -> {
        long rest = chunkStart + chunkSize - read;
        if (rest < 0 || rest > buffer.limit() - i) {
          return; // the chunk's data goes on past these bytes
        }
        i += (int) rest;
        start = read + rest;
      }
      case CHUNK_END, CHUNKED_CONTENT -> {}
      default -> {
        return;
      }
    }
    if (!inSizeLine) {
      while (i < buffer.limit() && isWhite(buffer.get(i))) {
        i++;
      }
    }
    int digits = 0;
    for (; i < buffer.limit(); i++, digits++) {
      int digit = Character.digit(buffer.get(i), 16);
      if (digit < 0) {
        break;
      }
      value = Math.min(CAP, value * 16 + digit);
    }
    if (digits == 0 && !inSizeLine) {
      return;
    }
    atLeast = Math.max(atLeast, start + value);
    if (i == buffer.limit()) {
      pending = value; // the size line goes on in the next read
    } else {
      pending = -1;
      afterDigits = true;
      chunkStart = start;
      chunkSize = value;
    }
  }

  private static boolean isWhite(byte b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\n';
  }
}
