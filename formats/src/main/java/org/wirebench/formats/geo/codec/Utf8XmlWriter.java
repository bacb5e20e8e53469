package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The byte-level writer under our GML encoders: markup goes out as pre-encoded ASCII, text and
 * attribute values are escaped and UTF-8 encoded in one pass, numbers are formatted straight into
 * the buffer. A general StAX writer spends most of its time checking and transcoding markup that a
 * feature encoder knows in advance ({@code JtsGml2Codec} keeps a Woodstox writer for the same
 * document, so GeoEncodingBenchmark shows the difference; profile it with docs/measuring.md's
 * flame-graph recipe).
 */
final class Utf8XmlWriter {
  private static final int CAPACITY = 16 * 1024;
  private static final byte[] AMP = ascii("&amp;");
  private static final byte[] LT = ascii("&lt;");
  private static final byte[] GT = ascii("&gt;");
  private static final byte[] QUOT = ascii("&quot;");
  private static final byte[] TRUE = ascii("true");
  private static final byte[] FALSE = ascii("false");

  private final OutputStream out;
  private final byte[] buf = new byte[CAPACITY];
  private int pos;

  Utf8XmlWriter(OutputStream out) {
    this.out = out;
  }

  /** Markup known to be plain ASCII and well-formed, e.g. from {@link #ascii(String)}. */
  Utf8XmlWriter raw(byte[] markup) throws IOException {
    return raw(markup, 0, markup.length);
  }

  Utf8XmlWriter raw(byte[] bytes, int off, int len) throws IOException {
    if (len > CAPACITY - pos) {
      flushBuffer();
      if (len > CAPACITY) {
        out.write(bytes, off, len);
        return this;
      }
    }
    System.arraycopy(bytes, off, buf, pos, len);
    pos += len;
    return this;
  }

  /** Element content: escapes {@code & < >}, encodes UTF-8. */
  Utf8XmlWriter text(String s) throws IOException {
    return escaped(s, false);
  }

  /** A double-quoted attribute value: also escapes {@code "} and whitespace controls. */
  Utf8XmlWriter attribute(String s) throws IOException {
    return escaped(s, true);
  }

  Utf8XmlWriter decimal(long value) throws IOException {
    ensure(20);
    if (value < 0) {
      if (value == Long.MIN_VALUE) {
        return raw(ascii(Long.toString(value)));
      }
      buf[pos++] = '-';
      value = -value;
    }
    pos = CoordinateFormat.writeDigits(value, buf, pos);
    return this;
  }

  Utf8XmlWriter bool(boolean value) throws IOException {
    return raw(value ? TRUE : FALSE);
  }

  /** One ordinate, as {@link CoordinateFormat} prints it. */
  Utf8XmlWriter ordinate(double value) throws IOException {
    ensure(CoordinateFormat.MAX_CHARS);
    pos = CoordinateFormat.format(value, buf, pos);
    return this;
  }

  Utf8XmlWriter ascii(char c) throws IOException {
    ensure(1);
    buf[pos++] = (byte) c;
    return this;
  }

  /** Writes out what is buffered and flushes {@code out}; does not close it. */
  void flush() throws IOException {
    flushBuffer();
    out.flush();
  }

  static byte[] ascii(String markup) {
    return markup.getBytes(StandardCharsets.US_ASCII);
  }

  private Utf8XmlWriter escaped(String s, boolean inAttribute) throws IOException {
    int length = s.length();
    int i = 0;
    while (i < length) {
      // room for the worst case, 4 bytes a char, so the loop below needs no capacity checks;
      // an escape goes through raw(), which checks for itself, and ends the chunk
      int end = Math.min(length, i + (CAPACITY - pos) / 4);
      if (end == i) {
        flushBuffer();
        continue;
      }
      while (i < end) {
        char c = s.charAt(i++);
        if (c < 0x80) {
          if (c >= 0x3f || (c >= 0x20 && c != '&' && c != '<' && c != '>' && c != '"')) {
            buf[pos++] = (byte) c;
          } else {
            special(c, inAttribute);
            break;
          }
        } else if (c < 0x800) {
          buf[pos++] = (byte) (0xc0 | c >> 6);
          buf[pos++] = (byte) (0x80 | c & 0x3f);
        } else if (Character.isHighSurrogate(c)
            && i < length
            && Character.isLowSurrogate(s.charAt(i))) {
          int cp = Character.toCodePoint(c, s.charAt(i++));
          buf[pos++] = (byte) (0xf0 | cp >> 18);
          buf[pos++] = (byte) (0x80 | cp >> 12 & 0x3f);
          buf[pos++] = (byte) (0x80 | cp >> 6 & 0x3f);
          buf[pos++] = (byte) (0x80 | cp & 0x3f);
        } else if (Character.isSurrogate(c) || c == 0xfffe || c == 0xffff) {
          throw notXml(c);
        } else {
          buf[pos++] = (byte) (0xe0 | c >> 12);
          buf[pos++] = (byte) (0x80 | c >> 6 & 0x3f);
          buf[pos++] = (byte) (0x80 | c & 0x3f);
        }
      }
    }
    return this;
  }

  private void special(char c, boolean inAttribute) throws IOException {
    switch (c) {
      case '&' -> raw(AMP);
      case '<' -> raw(LT);
      case '>' -> raw(GT);
      case '"' -> {
        if (inAttribute) {
          raw(QUOT);
        } else {
          ascii(c);
        }
      }
      case '\t', '\n', '\r' -> {
        if (inAttribute || c == '\r') {
          // a parser would normalize these to spaces (attributes) or drop \r: keep them as refs
          raw(ascii("&#" + (int) c + ";"));
        } else {
          ascii(c);
        }
      }
      default -> {
        if (c < 0x20) {
          throw notXml(c);
        }
        ascii(c);
      }
    }
  }

  private static IllegalArgumentException notXml(char c) {
    return new IllegalArgumentException(
        String.format(
            Locale.ROOT, "character U+%04X cannot appear in an XML 1.0 document", (int) c));
  }

  private void ensure(int bytes) throws IOException {
    if (pos + bytes > CAPACITY) {
      flushBuffer();
    }
  }

  private void flushBuffer() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
  }
}
