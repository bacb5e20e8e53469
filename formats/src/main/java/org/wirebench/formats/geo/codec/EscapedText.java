package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import org.wirebench.formats.geo.Feature;

/**
 * A string escaped and UTF-8 encoded once, for markup that repeats it (GML 3.2 writes each feature
 * id on the feature and on its geometry). Not thread-safe: one per document being written.
 */
final class EscapedText {
  private final Sink sink = new Sink();
  // an id is short: a 16 KiB buffer a document (the default) was a third of gml32's allocation
  private final Utf8XmlWriter writer = new Utf8XmlWriter(sink, 256);

  EscapedText reset() {
    sink.length = 0;
    return this;
  }

  /** Replaces the content with {@code s} escaped for a double-quoted attribute value. */
  EscapedText attribute(String s) throws IOException {
    writer.attribute(s).flush();
    return this;
  }

  /**
   * Replaces the content with a feature's id as a double-quoted attribute value, refused unless it
   * is an NCName ({@link Utf8XmlWriter#id}: a plain ASCII one checked and copied in one pass).
   */
  EscapedText id(Feature f) throws IOException {
    writer.id(f).flush();
    return this;
  }

  byte[] bytes() {
    return sink.bytes;
  }

  int length() {
    return sink.length;
  }

  private static final class Sink extends OutputStream {
    private byte[] bytes = new byte[64];
    private int length;

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      if (length + len > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + len));
      }
      System.arraycopy(b, off, bytes, length, len);
      length += len;
    }
  }
}
