package org.wirebench.formats.geo.codec;

import com.fasterxml.jackson.core.SerializableString;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Lets Jackson copy a {@link CoordinateBuffer}'s ASCII bytes straight into its output buffer
 * ({@code writeRawValue(SerializableString)} calls {@link #appendUnquotedUTF8}), instead of
 * widening them to chars and encoding them back. The content is JSON numbers and brackets, so its
 * quoted and unquoted forms are the same.
 */
final class RawJsonValue implements SerializableString {
  private final CoordinateBuffer text;

  RawJsonValue(CoordinateBuffer text) {
    this.text = text;
  }

  @Override
  public int appendUnquotedUTF8(byte[] buffer, int offset) {
    int length = text.length();
    if (offset + length > buffer.length) {
      return -1; // Jackson then flushes and writes asUnquotedUTF8()
    }
    System.arraycopy(text.bytes(), 0, buffer, offset, length);
    return length;
  }

  @Override
  public byte[] asUnquotedUTF8() {
    return Arrays.copyOf(text.bytes(), text.length());
  }

  @Override
  public String getValue() {
    return new String(text.bytes(), 0, text.length(), StandardCharsets.US_ASCII);
  }

  @Override
  public int charLength() {
    return text.length();
  }

  @Override
  public char[] asQuotedChars() {
    return getValue().toCharArray();
  }

  @Override
  public byte[] asQuotedUTF8() {
    return asUnquotedUTF8();
  }

  @Override
  public int appendQuotedUTF8(byte[] buffer, int offset) {
    return appendUnquotedUTF8(buffer, offset);
  }

  @Override
  public int appendQuoted(char[] buffer, int offset) {
    return appendUnquoted(buffer, offset);
  }

  @Override
  public int appendUnquoted(char[] buffer, int offset) {
    int length = text.length();
    if (offset + length > buffer.length) {
      return -1;
    }
    for (int i = 0; i < length; i++) {
      buffer[offset + i] = (char) text.bytes()[i];
    }
    return length;
  }

  @Override
  public int writeQuotedUTF8(OutputStream out) throws IOException {
    return writeUnquotedUTF8(out);
  }

  @Override
  public int writeUnquotedUTF8(OutputStream out) throws IOException {
    out.write(text.bytes(), 0, text.length());
    return text.length();
  }

  @Override
  public int putQuotedUTF8(ByteBuffer buffer) {
    return putUnquotedUTF8(buffer);
  }

  @Override
  public int putUnquotedUTF8(ByteBuffer buffer) {
    if (buffer.remaining() < text.length()) {
      return -1;
    }
    buffer.put(text.bytes(), 0, text.length());
    return text.length();
  }
}
