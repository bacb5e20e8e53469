package org.wirebench.formats.geo.codec;

import com.fasterxml.jackson.core.io.NumberOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import org.wirebench.formats.geo.Feature;

/**
 * The same-bytes floors' output: one buffer that a floor makes room in once a feature (for the most
 * bytes the feature can take) and then fills with no further checks, written out when a feature
 * would not fit. Not thread-safe: one per document being written.
 */
final class FloorBuffer {
  /** The encoders' buffer size, so that both hand the stream the same chunks. */
  static final int CAPACITY = 16 * 1024;

  private static final byte[] TRUE = Utf8XmlWriter.ascii("true");
  private static final byte[] FALSE = Utf8XmlWriter.ascii("false");
  private static final byte[] NULL = Utf8XmlWriter.ascii("null");

  /** Most bytes a number attribute can take: Long.MIN_VALUE's 20. */
  static final int NUMBER_BYTES = 20;

  private final OutputStream out;
  private byte[] buf;
  private int pos;

  FloorBuffer(OutputStream out) {
    this(out, CAPACITY);
  }

  FloorBuffer(OutputStream out, int capacity) {
    this.out = out;
    this.buf = new byte[capacity];
  }

  /** Room for {@code bytes} more; what is buffered goes out first if they would not fit. */
  FloorBuffer room(int bytes) throws IOException {
    if (pos + bytes > buf.length) {
      out.write(buf, 0, pos);
      pos = 0;
      if (bytes > buf.length) {
        buf = Arrays.copyOf(buf, bytes);
      }
    }
    return this;
  }

  /** The most bytes {@code value} can take as an attribute, escaped: what to ask {@link #room}. */
  static int bound(Object value) {
    return value instanceof String s ? Utf8XmlWriter.MAX_ESCAPED_BYTES * s.length() : NUMBER_BYTES;
  }

  FloorBuffer put(byte[] bytes) {
    System.arraycopy(bytes, 0, buf, pos, bytes.length);
    pos += bytes.length;
    return this;
  }

  FloorBuffer put(byte[] bytes, int offset, int length) {
    System.arraycopy(bytes, offset, buf, pos, length);
    pos += length;
    return this;
  }

  /** Where the next byte goes; valid until the next {@link #room}. */
  int position() {
    return pos;
  }

  /** The buffer itself, for a floor that writes into it directly; valid until the next room. */
  byte[] array() {
    return buf;
  }

  /** Moves the next byte to {@code at}, within what was made room for by the last {@link #room}. */
  FloorBuffer position(int at) {
    pos = at;
    return this;
  }

  /** Appends a copy of bytes {@code [from, to)} already written since the last {@link #room}. */
  FloorBuffer copyWithin(int from, int to) {
    System.arraycopy(buf, from, buf, pos, to - from);
    pos += to - from;
    return this;
  }

  FloorBuffer put(char ascii) {
    buf[pos++] = (byte) ascii;
    return this;
  }

  FloorBuffer ordinate(double value) {
    pos = CoordinateFormat.format(value, buf, pos);
    return this;
  }

  /** Escaped XML text ({@code attribute}: a double-quoted attribute value). */
  FloorBuffer xml(String s, boolean attribute) {
    pos = Utf8XmlWriter.escape(s, 0, s.length(), attribute, buf, pos);
    return this;
  }

  /**
   * A GML id: an XML NCName needs no escaping, so the one pass that checks it also copies it.
   * Anything past ASCII goes the long way, through the codecs' own check and escape.
   */
  FloorBuffer ncName(Feature f) {
    String s = f.id();
    int start = pos;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || c == '_'
              || (i > 0 && ((c >= '0' && c <= '9') || c == '.' || c == '-'));
      if (!ok) {
        pos = start;
        FeatureMarkup.checkId(f);
        return xml(s, true);
      }
      buf[pos++] = (byte) c;
    }
    if (s.isEmpty()) {
      FeatureMarkup.checkId(f);
    }
    return this;
  }

  /**
   * The most bytes a feature's attribute values can take escaped: what to add to a {@link #room}.
   */
  static int valueBound(Feature f) {
    int bytes = 0;
    for (int i = 0; i < f.valueCount(); i++) {
      bytes += bound(f.value(i));
    }
    return bytes;
  }

  /** The attribute elements, as {@link FeatureMarkup#writeAttributes} writes them. */
  FloorBuffer xmlAttributes(FeatureMarkup markup, Feature f) {
    for (int i = 0; i < markup.attributeCount(); i++) {
      Object value = f.value(i);
      if (value != null) {
        put(markup.open(i)).xmlValue(value).put(markup.close(i));
      }
    }
    return this;
  }

  /**
   * Writes a document's start, up to its first member, once, through the codec's own code and a
   * small buffer of its own.
   */
  static void start(OutputStream out, DocumentStart start) throws IOException {
    Utf8XmlWriter w = new Utf8XmlWriter(out, 1024);
    start.write(w);
    w.flush();
  }

  /** A codec's {@code writeStart}. */
  interface DocumentStart {
    void write(Utf8XmlWriter w) throws IOException;
  }

  /** An attribute value as GML writes it. */
  FloorBuffer xmlValue(Object value) {
    if (value instanceof String s) {
      return xml(s, false);
    }
    return number(value);
  }

  /** An attribute value as Jackson writes it: a string, a number, a boolean or null. */
  FloorBuffer jsonValue(Object value) {
    if (value == null) {
      return put(NULL);
    }
    if (value instanceof String s) {
      return put('"').json(s).put('"');
    }
    return number(value);
  }

  private FloorBuffer number(Object value) {
    if (value instanceof Long l) {
      return decimal(l);
    } else if (value instanceof Integer n) {
      return decimal(n);
    } else if (value instanceof Boolean b) {
      return put(b ? TRUE : FALSE);
    }
    throw new IllegalArgumentException("unsupported value " + value.getClass());
  }

  private FloorBuffer decimal(long value) {
    pos = NumberOutput.outputLong(value, buf, pos);
    return this;
  }

  /** A JSON string's content, escaped as the GeoJSON codec escapes it (at most 6 bytes a char). */
  FloorBuffer json(String s) {
    pos = Utf8JsonWriter.escape(s, 0, s.length(), buf, pos);
    return this;
  }

  /** What is buffered, as a new array, and empties the buffer. */
  byte[] copyOut() {
    byte[] copy = Arrays.copyOf(buf, pos);
    pos = 0;
    return copy;
  }

  /** Writes out what is buffered; does not flush or close the stream. */
  void drain() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
  }
}
