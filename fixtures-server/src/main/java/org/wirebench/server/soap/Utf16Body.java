package org.wirebench.server.soap;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.wirebench.formats.finding.Quote;

/**
 * A UTF-16 request body (its byte order mark first) turned into the UTF-8 body the stacks read:
 * decoded strictly, never replacing a malformed unit by U+FFFD (an unpaired surrogate or an odd
 * byte count is a 400, as malformed UTF-8 is Woodstox's "not well-formed"), the byte order mark
 * dropped, and the XML declaration's {@code encoding}, when there is one, made to say UTF-8, so
 * that no reader finds a declaration naming another encoding than the bytes it reads. A declaration
 * naming anything but UTF-16 contradicts the byte order mark and is refused with 415.
 */
final class Utf16Body {
  private Utf16Body() {}

  private static final String NOT_WELL_FORMED = "the request is not well-formed UTF-16: ";

  /** {@code body}, starting with FE FF or FF FE, as UTF-8; or why it is refused. */
  static BodyEncoding.Read toUtf8(byte[] body) {
    boolean bigEndian = (body[0] & 0xFF) == 0xFE;
    int length = body.length - 2;
    if (length % 2 != 0) {
      return BodyEncoding.Read.refused(
          400,
          NOT_WELL_FORMED + "an odd number of bytes (" + length + ") after the byte order mark");
    }
    CharsetDecoder decoder =
        (bigEndian ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE)
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(body, 2, length);
    CharBuffer out = CharBuffer.allocate(length / 2);
    CoderResult result = decoder.decode(in, out, true);
    if (result.isUnderflow()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      int at = in.position();
      int unit =
          bigEndian
              ? ((body[at] & 0xFF) << 8) | (body[at + 1] & 0xFF)
              : ((body[at + 1] & 0xFF) << 8) | (body[at] & 0xFF);
      return BodyEncoding.Read.refused(
          400,
          NOT_WELL_FORMED
              + "an unpaired surrogate "
              + String.format(Locale.ROOT, "%04X", unit)
              + " at byte "
              + at);
    }
    String text = out.flip().toString();
    if (text.startsWith("\uFEFF")) {
      // as UTF-8 it would read as a byte order mark, and the document would pass for another
      return BodyEncoding.Read.refused(
          400, NOT_WELL_FORMED + "a second byte order mark after the first");
    }
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8); // exact: no unpaired surrogate is left
    int[] name = BodyEncoding.encodingName(utf8, 0);
    if (name == null) {
      return new BodyEncoding.Read(utf8, 0, null);
    }
    String declared = BodyEncoding.declaredEncoding(utf8, 0);
    if (!declared.equalsIgnoreCase("UTF-16")) {
      return BodyEncoding.Read.unsupported(
          "the body starts with a UTF-16 byte order mark but its XML declaration names encoding "
              + Quote.of(declared, 40)
              + "; send encoding=\"UTF-16\" or no encoding");
    }
    byte[] declaredUtf8 = "UTF-8".getBytes(StandardCharsets.US_ASCII);
    byte[] rewritten = new byte[utf8.length - (name[1] - name[0]) + declaredUtf8.length];
    System.arraycopy(utf8, 0, rewritten, 0, name[0]);
    System.arraycopy(declaredUtf8, 0, rewritten, name[0], declaredUtf8.length);
    System.arraycopy(
        utf8, name[1], rewritten, name[0] + declaredUtf8.length, utf8.length - name[1]);
    return new BodyEncoding.Read(rewritten, 0, null);
  }
}
