package org.wirebench.formats.geo.codec;

import com.fasterxml.jackson.core.io.NumberOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.wirebench.formats.geo.Feature;

/**
 * The byte-level writer under our GML encoders: markup goes out as pre-encoded ASCII, text and
 * attribute values are escaped and UTF-8 encoded in one pass, numbers are formatted straight into
 * the buffer. A general StAX writer spends most of its time checking and transcoding markup that a
 * feature encoder knows in advance ({@code JtsGml2Codec} keeps a Woodstox writer for the same
 * document, so GeoEncodingBenchmark shows the difference; profile it with docs/measuring.md's
 * flame-graph recipe).
 */
final class Utf8XmlWriter extends Utf8Output {
  private static final int CAPACITY = 16 * 1024;
  private static final byte[] AMP = ascii("&amp;");
  private static final byte[] LT = ascii("&lt;");
  private static final byte[] GT = ascii("&gt;");
  private static final byte[] QUOT = ascii("&quot;");
  private static final byte[] TAB = ascii("&#9;");
  private static final byte[] LF = ascii("&#10;");
  private static final byte[] CR = ascii("&#13;");
  private static final byte[] TRUE = ascii("true");
  private static final byte[] FALSE = ascii("false");

  Utf8XmlWriter(OutputStream out) {
    this(out, CAPACITY);
  }

  /** {@code capacity}: bytes buffered before they go out, at least 64. */
  Utf8XmlWriter(OutputStream out, int capacity) {
    super(out, capacity);
  }

  /** Markup known to be plain ASCII and well-formed, e.g. from {@link #ascii(String)}. */
  Utf8XmlWriter raw(byte[] markup) throws IOException {
    return raw(markup, 0, markup.length);
  }

  Utf8XmlWriter raw(byte[] bytes, int off, int len) throws IOException {
    put(bytes, off, len);
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

  /**
   * An integer attribute, through Jackson's {@code NumberOutput} (a profile of the same-bytes floor
   * found our own digit loop, a {@code long} division a digit, at 22% of its time).
   */
  Utf8XmlWriter decimal(long value) throws IOException {
    ensure(20);
    pos = NumberOutput.outputLong(value, buf, pos);
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

  static byte[] ascii(String markup) {
    return markup.getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * A feature's id as a double-quoted attribute value ({@code fid}, {@code gml:id}), refused unless
   * it is an NCName ({@link FeatureMarkup#checkId}): a plain ASCII one is checked and copied in one
   * pass, anything else goes through the check and {@link #attribute}.
   */
  Utf8XmlWriter id(Feature f) throws IOException {
    String s = f.id();
    if (s.length() <= buf.length - pos) {
      int end = FeatureMarkup.copyAsciiNcName(s, buf, pos);
      if (end >= 0) {
        pos = end;
        return this;
      }
    }
    FeatureMarkup.checkId(f);
    return attribute(s);
  }

  private Utf8XmlWriter escaped(String s, boolean inAttribute) throws IOException {
    int length = s.length();
    if (length <= (buf.length - pos) / MAX_ESCAPED_BYTES) { // the usual case: it surely fits
      pos = escape(s, 0, length, inAttribute, buf, pos);
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
      pos = escape(s, from, to, inAttribute, buf, pos);
      from = to;
    }
    return this;
  }

  /** The most bytes one char of text can take escaped ({@code &quot;}). */
  static final int MAX_ESCAPED_BYTES = 6;

  /**
   * Escapes and UTF-8 encodes {@code s[from, to)} into {@code buf} at {@code pos}, which has room
   * for {@link #MAX_ESCAPED_BYTES} a char; the same-bytes floor calls this too, so both write the
   * same escapes.
   *
   * @return the position after the last byte written
   */
  static int escape(String s, int from, int to, boolean inAttribute, byte[] buf, int pos) {
    int i = from;
    while (i < to) {
      char c = s.charAt(i++);
      if (c < 0x80) {
        if (c >= 0x3f || (c >= 0x20 && c != '&' && c != '<' && c != '>' && c != '"')) {
          buf[pos++] = (byte) c;
        } else {
          pos = special(c, inAttribute, buf, pos);
        }
      } else if (c < 0x800) {
        buf[pos++] = (byte) (0xc0 | c >> 6);
        buf[pos++] = (byte) (0x80 | c & 0x3f);
      } else if (Character.isHighSurrogate(c) && i < to && Character.isLowSurrogate(s.charAt(i))) {
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
    return pos;
  }

  private static int special(char c, boolean inAttribute, byte[] buf, int pos) {
    byte[] escape =
        switch (c) {
          case '&' -> AMP;
          case '<' -> LT;
          case '>' -> GT;
          case '"' -> inAttribute ? QUOT : null;
          // a parser would normalize these to spaces (attributes) or drop \r: keep them as refs
          case '\t' -> inAttribute ? TAB : null;
          case '\n' -> inAttribute ? LF : null;
          case '\r' -> CR;
          default -> {
            if (c < 0x20) {
              throw notXml(c);
            }
            yield null;
          }
        };
    if (escape == null) {
      buf[pos] = (byte) c;
      return pos + 1;
    }
    System.arraycopy(escape, 0, buf, pos, escape.length);
    return pos + escape.length;
  }

  private static IllegalArgumentException notXml(char c) {
    return new IllegalArgumentException(
        String.format(
            Locale.ROOT, "character U+%04X cannot appear in an XML 1.0 document", (int) c));
  }
}
