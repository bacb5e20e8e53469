package org.wirebench.server.load;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A JTL's lines, read one at a time and each checked as it is read: a line longer than {@link
 * #MAX_LINE_BYTES} (a JMeter sample line is a few hundred bytes; a file of NULs is one endless
 * line) and bytes that are not UTF-8 are refused with the file and the line, never buffered whole
 * or decoded into replacement characters.
 */
final class JtlLines implements Closeable {
  /** The longest line read, in bytes: far above any sample line JMeter writes. */
  static final int MAX_LINE_BYTES = 1 << 20;

  private final Path file;
  private final InputStream in;
  private final CharsetDecoder utf8 =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private int number;

  /**
   * @throws IOException when {@code file} is not a regular file (a folder, a device, a FIFO)
   */
  JtlLines(Path file) throws IOException {
    this.file = file;
    // never waited on, nor read through a link swapped in after the check
    this.in = new BufferedInputStream(org.wirebench.results.OwnFiles.openGiven(file), 1 << 16);
  }

  /** The number of the line last returned, from 1. */
  int number() {
    return number;
  }

  /** "FILE line N: ", the start of a message about the line last returned. */
  String where() {
    return file + " line " + number + ": ";
  }

  /**
   * The next line without its end ({@code \n} or {@code \r\n}), or null at the end of the file; the
   * first line without a leading byte order mark (spreadsheet tools save CSV with one).
   */
  String next() throws IOException {
    line.reset();
    int b = in.read();
    if (b < 0) {
      return null;
    }
    number++;
    while (b >= 0 && b != '\n') {
      if (line.size() == MAX_LINE_BYTES) {
        throw new IOException(
            where() + "longer than " + MAX_LINE_BYTES + " bytes: not a line of a JMeter JTL");
      }
      line.write(b);
      b = in.read();
    }
    byte[] bytes = line.toByteArray();
    int length = bytes.length;
    if (length > 0 && bytes[length - 1] == '\r') {
      length--;
    }
    String text;
    try {
      text = utf8.decode(ByteBuffer.wrap(bytes, 0, length)).toString();
    } catch (CharacterCodingException e) {
      throw new IOException(where() + "not UTF-8 (JMeter writes its JTL in UTF-8)", e);
    }
    return number == 1 && text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
