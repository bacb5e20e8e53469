package org.wirebench.server.load;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One HTTP/1.1 response read incrementally from the bytes of a connection, as {@link HttpLoop}
 * reads them: the status line, the headers the driver uses (Content-Length, Transfer-Encoding,
 * Content-Encoding, Content-Type, Connection), and the body framed by its length, by chunks or by
 * the connection's close. The body is counted; it is kept only when asked for. Anything that is not
 * a well-formed answer ({@link Malformed}) fails the exchange, never a silent success: a status
 * line or header that does not parse, a head over {@link #MAX_HEAD_BYTES}, a bad chunk, a
 * Transfer-Encoding other than chunked (or chunked twice, or in HTTP/1.0), two different
 * Content-Lengths, a Content-Length beside chunked framing, a kept body over the bound.
 */
final class ResponseParser {
  /**
   * Status line and headers together, and each chunk's size line or the trailers, bytes: a Jetty
   * server's bound on a request's head; the Jetty client the driver used set none.
   */
  static final int MAX_HEAD_BYTES = 8192;

  /** A response that is not HTTP/1.1 as the driver reads it. */
  static final class Malformed extends Exception {
    Malformed(String message) {
      super(message);
    }
  }

  private enum State {
    STATUS,
    HEADERS,
    LENGTH_BODY,
    EOF_BODY,
    CHUNK_SIZE,
    CHUNK_DATA,
    CHUNK_END,
    TRAILERS,
    DONE
  }

  private final HeadLine line = new HeadLine();
  private State state = State.STATUS;
  private long left;
  private boolean keep;
  private long maxKept;
  private byte[] kept = new byte[0];
  private int keptLength;

  int status;
  boolean http10;
  String contentType;
  String contentEncoding;
  long contentLength;
  boolean chunked;

  /** The connection must be closed after this answer (Connection: close, HTTP/1.0, read to EOF). */
  boolean close;

  /** Body bytes as they came over the wire (chunk framing not counted). */
  long wireLength;

  /** Ready for the next response; its body kept up to {@code maxKept} bytes when {@code keep}. */
  void reset(boolean keep, long maxKept) {
    this.keep = keep;
    this.maxKept = maxKept;
    state = State.STATUS;
    startHead();
    wireLength = 0;
    keptLength = 0;
  }

  private void startHead() {
    line.clear();
    status = 0;
    http10 = false;
    contentType = null;
    contentEncoding = null;
    contentLength = -1;
    chunked = false;
    close = false;
  }

  /** Whether nothing of this response has been read yet. */
  boolean untouched() {
    return state == State.STATUS && line.untouched();
  }

  /** The kept body (a copy of its bytes), or null when not kept. */
  byte[] body() {
    return keep ? Arrays.copyOf(kept, keptLength) : null;
  }

  /** Reads from {@code in}; true when the response has ended (bytes past it stay in {@code in}). */
  boolean feed(ByteBuffer in) throws Malformed {
    while (in.hasRemaining()) {
      switch (state) {
        case STATUS, HEADERS, CHUNK_SIZE, CHUNK_END, TRAILERS -> {
          if (!line.read(in, part())) {
            return false;
          }
          if (takeLine()) {
            return true;
          }
        }
        case LENGTH_BODY, CHUNK_DATA -> {
          int n = (int) Math.min(in.remaining(), left);
          body(in, n);
          left -= n;
          if (left == 0) {
            if (state == State.LENGTH_BODY) {
              state = State.DONE;
              return true;
            }
            state = State.CHUNK_END;
          }
        }
        case EOF_BODY -> body(in, in.remaining());
        case DONE -> {
          return true;
        }
      }
    }
    return state == State.DONE;
  }

  /** The server closed the connection: true when that ends the answer (a body read to the end). */
  boolean closed() {
    if (state == State.EOF_BODY) {
      state = State.DONE;
      return true;
    }
    return state == State.DONE;
  }

  private void body(ByteBuffer in, int n) throws Malformed {
    wireLength += n;
    if (keep) {
      if (keptLength + (long) n > maxKept) {
        throw new Malformed("a body over " + maxKept + " bytes");
      }
      if (keptLength + n > kept.length) {
        kept =
            Arrays.copyOf(
                kept, (int) Math.min(maxKept, Math.max(keptLength + n, kept.length * 2L)));
      }
      in.get(kept, keptLength, n);
      keptLength += n;
    } else {
      in.position(in.position() + n);
    }
  }

  /** What the line being read belongs to, for the error over {@link #MAX_HEAD_BYTES}. */
  private String part() {
    return state == State.STATUS || state == State.HEADERS ? "a head" : "a chunk line or trailer";
  }

  /** Takes the whole line just read; true when that ends the response. */
  private boolean takeLine() throws Malformed {
    int n = line.take();
    switch (state) {
      case STATUS -> {
        statusLine(n);
        state = State.HEADERS;
        return false;
      }
      case HEADERS -> {
        if (n > 0) {
          header(n);
          return false;
        }
        return headEnded();
      }
      case CHUNK_SIZE -> {
        left = line.chunkSize(n);
        line.startPart();
        state = left == 0 ? State.TRAILERS : State.CHUNK_DATA;
        return false;
      }
      case CHUNK_END -> {
        if (n != 0) {
          throw new Malformed("chunk data longer than its size");
        }
        line.startPart();
        state = State.CHUNK_SIZE;
        return false;
      }
      case TRAILERS -> {
        if (n == 0) {
          state = State.DONE;
          return true;
        }
        if (line.indexOf(':', n) <= 0) {
          throw new Malformed("a trailer line without a name: " + line.text(0, n));
        }
        return false;
      }
      default -> throw new IllegalStateException(state.toString());
    }
  }

  private void statusLine(int n) throws Malformed {
    // HTTP/1.x SSS[ reason]
    boolean ok =
        n >= 12
            && line.startsWith("HTTP/1.", 0)
            && (line.at(7) == '0' || line.at(7) == '1')
            && line.at(8) == ' '
            && line.digit(9)
            && line.digit(10)
            && line.digit(11)
            && (n == 12 || line.at(12) == ' ');
    if (!ok) {
      throw new Malformed("a malformed status line: " + line.text(0, Math.min(n, 80)));
    }
    http10 = line.at(7) == '0';
    status = (line.at(9) - '0') * 100 + (line.at(10) - '0') * 10 + (line.at(11) - '0');
    if (status < 100) {
      throw new Malformed("status " + status);
    }
  }

  private void header(int n) throws Malformed {
    int colon = line.indexOf(':', n);
    if (colon <= 0 || line.at(0) == ' ' || line.at(0) == '\t' || line.at(colon - 1) == ' ') {
      throw new Malformed("a malformed header line: " + line.text(0, Math.min(n, 80)));
    }
    int from = colon + 1;
    int to = n;
    while (from < to && (line.at(from) == ' ' || line.at(from) == '\t')) {
      from++;
    }
    while (to > from && (line.at(to - 1) == ' ' || line.at(to - 1) == '\t')) {
      to--;
    }
    if (line.named("Content-Length", colon)) {
      long length = 0;
      if (from == to || to - from > 18) {
        throw new Malformed("a malformed Content-Length: " + line.text(from, to - from));
      }
      for (int i = from; i < to; i++) {
        if (!line.digit(i)) {
          throw new Malformed("a malformed Content-Length: " + line.text(from, to - from));
        }
        length = length * 10 + line.at(i) - '0';
      }
      if (contentLength >= 0 && contentLength != length) {
        throw new Malformed("two Content-Lengths, " + contentLength + " and " + length);
      }
      contentLength = length;
    } else if (line.named("Transfer-Encoding", colon)) {
      String coding = line.text(from, to - from).trim();
      if (!coding.equalsIgnoreCase("chunked")) {
        throw new Malformed("Transfer-Encoding: " + coding + " (only chunked is read)");
      }
      if (chunked) {
        // two Transfer-Encoding lines are one list, "chunked, chunked": chunked at most once
        throw new Malformed("Transfer-Encoding: chunked twice");
      }
      chunked = true;
    } else if (line.named("Content-Encoding", colon)) {
      contentEncoding = line.text(from, to - from);
    } else if (line.named("Content-Type", colon)) {
      contentType = line.text(from, to - from);
    } else if (line.named("Connection", colon)) {
      for (String token : line.text(from, to - from).split(",")) {
        if (token.trim().equalsIgnoreCase("close")) {
          close = true;
        }
      }
    }
  }

  /** The blank line after the headers: true when the response has no body. */
  private boolean headEnded() throws Malformed {
    if (status < 200 && status != 101) {
      // an interim answer (100 Continue): the real one follows
      startHead();
      state = State.STATUS;
      return false;
    }
    line.startPart();
    if (chunked && contentLength >= 0) {
      // RFC 9112 6.3: a smuggling or splitting attempt, to be handled as an error; which of the
      // two framings the server meant cannot be known, so neither is trusted
      throw new Malformed("both Content-Length and Transfer-Encoding: chunked");
    }
    if (chunked && http10) {
      // RFC 9112 6.1: an HTTP/1.0 answer's Transfer-Encoding is faulty framing
      throw new Malformed("Transfer-Encoding: chunked in an HTTP/1.0 answer");
    }
    if (http10 || status == 101) {
      // after a 101 (never asked for) the bytes are no longer HTTP: never reused
      close = true;
    }
    if (status == 204 || status == 304 || status == 101) {
      state = State.DONE;
      return true;
    }
    if (chunked) {
      state = State.CHUNK_SIZE;
      return false;
    }
    if (contentLength >= 0) {
      left = contentLength;
      state = left == 0 ? State.DONE : State.LENGTH_BODY;
      return left == 0;
    }
    close = true;
    state = State.EOF_BODY;
    return false;
  }
}
