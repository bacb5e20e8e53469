package org.wirebench.formats.geo.codec;

import com.fasterxml.jackson.core.io.NumberOutput;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The byte-level writer under our GeoJSON encoder, as {@link Utf8XmlWriter} is under the GML ones:
 * markup goes out as pre-encoded ASCII, strings are escaped and UTF-8 encoded in one pass, numbers
 * are formatted straight into the buffer. It writes what Jackson's UTF-8 generator writes with its
 * default features (the golden files and the same-bytes floor compare the bytes); Jackson's
 * generator spent its time in {@code writeFieldName} and {@code writeString} checks that a feature
 * encoder knows the answer to in advance (30% and 27% of GeoJsonCodec's profile on osm_places,
 * where it ran at 1.77× its same-bytes floor while the GML codecs ran at 1.0–1.1×). Jackson still
 * reads GeoJSON ({@link GeoJsonReader}), where a parser is the right tool.
 */
final class Utf8JsonWriter extends Utf8Output {
  private static final byte[] TRUE = Utf8XmlWriter.ascii("true");
  private static final byte[] FALSE = Utf8XmlWriter.ascii("false");
  private static final byte[] NULL = Utf8XmlWriter.ascii("null");
  private static final byte[] HEX = Utf8XmlWriter.ascii("0123456789ABCDEF");

  /** The most bytes one char of a string can take escaped ({@code \}{@code u001F}). */
  static final int MAX_ESCAPED_BYTES = 6;

  Utf8JsonWriter(OutputStream out) {
    super(out, FloorBuffer.CAPACITY);
  }

  /** Markup known to be plain ASCII and valid JSON where it goes. */
  Utf8JsonWriter raw(byte[] markup) throws IOException {
    return raw(markup, 0, markup.length);
  }

  Utf8JsonWriter raw(byte[] bytes, int off, int len) throws IOException {
    put(bytes, off, len);
    return this;
  }

  Utf8JsonWriter ascii(char c) throws IOException {
    ensure(1);
    buf[pos++] = (byte) c;
    return this;
  }

  /** A string's content without its quotes, escaped (see {@link #escape}). */
  Utf8JsonWriter stringContent(String s) throws IOException {
    int length = s.length();
    if (length <= (buf.length - pos) / MAX_ESCAPED_BYTES) { // the usual case: it surely fits
      pos = escape(s, 0, length, buf, pos);
      return this;
    }
    int from = 0;
    while (from < length) {
      if (buf.length - pos < 2 * MAX_ESCAPED_BYTES) {
        flushBuffer();
      }
      // as many chars as surely fit (at least two), never splitting a surrogate pair
      int to = Math.min(length, from + (buf.length - pos) / MAX_ESCAPED_BYTES);
      if (to < length && Character.isHighSurrogate(s.charAt(to - 1))) {
        to--;
      }
      pos = escape(s, from, to, buf, pos);
      from = to;
    }
    return this;
  }

  /** A position, {@code [x,y]}, formatted straight into the buffer. */
  Utf8JsonWriter position(double x, double y) throws IOException {
    ensure(2 * CoordinateFormat.MAX_CHARS + 3);
    buf[pos++] = '[';
    pos = CoordinateFormat.format(x, buf, pos);
    buf[pos++] = ',';
    pos = CoordinateFormat.format(y, buf, pos);
    buf[pos++] = ']';
    return this;
  }

  /** A property value: a string, a long, an int, a boolean or null. */
  Utf8JsonWriter value(Object value) throws IOException {
    if (value == null) {
      return raw(NULL);
    } else if (value instanceof String s) {
      return ascii('"').stringContent(s).ascii('"');
    } else if (value instanceof Long l) {
      return decimal(l);
    } else if (value instanceof Integer n) {
      return decimal(n);
    } else if (value instanceof Boolean b) {
      return raw(b ? TRUE : FALSE);
    }
    throw new IllegalArgumentException("unsupported value " + value.getClass());
  }

  Utf8JsonWriter decimal(long value) throws IOException {
    ensure(20);
    pos = NumberOutput.outputLong(value, buf, pos);
    return this;
  }

  /**
   * Escapes {@code s[from, to)} as Jackson escapes a string by default into {@code buf} at {@code
   * pos}, which has room for {@link #MAX_ESCAPED_BYTES} a char: {@code " \} and the C0 controls
   * (short forms where JSON has them, else {@code \}{@code u00XX}), characters past U+FFFF as a
   * pair of {@code \}{@code u} escapes (Jackson 2 unless COMBINE_UNICODE_SURROGATES_IN_UTF8 is on),
   * the rest UTF-8. A lone surrogate is refused: UTF-8 cannot carry it, and Jackson wrote one as
   * bytes that read back as U+FFFD (a silent change the codec fidelity table found). The same-bytes
   * floor calls this too, so both write the same escapes.
   *
   * @return the position after the last byte written
   */
  static int escape(String s, int from, int to, byte[] buf, int pos) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        if (c >= 0x20 && c != '"' && c != '\\') {
          buf[pos++] = (byte) c;
        } else {
          pos = escapeAscii(c, buf, pos);
        }
      } else if (c < 0x800) {
        buf[pos++] = (byte) (0xc0 | c >> 6);
        buf[pos++] = (byte) (0x80 | c & 0x3f);
      } else if (Character.isSurrogate(c)) {
        if (!Character.isHighSurrogate(c)
            || i + 1 == to
            || !Character.isLowSurrogate(s.charAt(i + 1))) {
          throw GeoJsonCodec.loneSurrogate(c, i);
        }
        pos = unicodeEscape(c, buf, pos);
        pos = unicodeEscape(s.charAt(++i), buf, pos);
      } else {
        buf[pos++] = (byte) (0xe0 | c >> 12);
        buf[pos++] = (byte) (0x80 | c >> 6 & 0x3f);
        buf[pos++] = (byte) (0x80 | c & 0x3f);
      }
    }
    return pos;
  }

  private static int escapeAscii(char c, byte[] buf, int pos) {
    char shortForm =
        switch (c) {
          case '"', '\\' -> c;
          case '\b' -> 'b';
          case '\t' -> 't';
          case '\n' -> 'n';
          case '\f' -> 'f';
          case '\r' -> 'r';
          default -> 0;
        };
    if (shortForm == 0) {
      return unicodeEscape(c, buf, pos);
    }
    buf[pos++] = '\\';
    buf[pos++] = (byte) shortForm;
    return pos;
  }

  private static int unicodeEscape(char c, byte[] buf, int pos) {
    buf[pos++] = '\\';
    buf[pos++] = 'u';
    buf[pos++] = HEX[c >> 12];
    buf[pos++] = HEX[c >> 8 & 0xf];
    buf[pos++] = HEX[c >> 4 & 0xf];
    buf[pos++] = HEX[c & 0xf];
    return pos;
  }
}
