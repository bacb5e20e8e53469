package org.wirebench.server.soap;

import org.wirebench.formats.finding.Quote;

/**
 * Which encoding a request body is in, by its Content-Type's charset and its own start, and the
 * body as every reader here gets it: UTF-8. WS-I Basic Profile R1012 has a message serialized as
 * UTF-8 or UTF-16, so both are taken; anything else is refused with 415, naming them. The stacks do
 * not agree on what wins between the charset, the byte order mark and the XML declaration: under
 * {@code charset=UTF-8} Axis2 and CXF read UTF-8 whatever the declaration says (a Latin-1 byte of a
 * body declared ISO-8859-1 was a 500 {@code Server} fault), while Woodstox in {@link EnvelopeCheck}
 * read the declaration; without a charset CXF read ISO-8859-1 (a body declared windows-1252 was
 * answered 200 as Latin-1, and a UTF-8 body had its é echoed as two characters) and Axis2 UTF-8; a
 * UTF-16 body was a 500 from all three. So a UTF-16 body is transcoded here ({@link Utf16Body}) and
 * no stack ever decodes anything but UTF-8 bytes whose start says UTF-8; a charset and a start that
 * contradict each other are refused rather than one of them picked.
 *
 * <p>UTF-16 is taken only with its byte order mark, which XML 1.0 §4.3.3 requires of it, under no
 * charset or {@code charset=UTF-16}; {@code charset=UTF-16BE} and {@code UTF-16LE}, whose bodies
 * carry no byte order mark, are refused by {@link SoapGate}: such a body does not say its encoding
 * by its own start, and R1012 names UTF-16. Malformed UTF-8 further on is left to Woodstox, which
 * refuses it as not well-formed (XML 1.0 §4.3.3) rather than replacing it.
 *
 * <p>Only the first bytes are looked at: the byte order mark and the declaration, which XML 1.0
 * puts at the very start (Appendix F's autodetection reads no further either).
 */
final class BodyEncoding {
  private BodyEncoding() {}

  static final String TAKES = "this endpoint takes only UTF-8, or UTF-16 with its byte order mark";

  /** The body as UTF-8 bytes, or why it is refused: {@code status} 415 or 400 and a message. */
  record Read(byte[] utf8, int status, String refusal) {
    static Read refused(int status, String refusal) {
      return new Read(null, status, refusal);
    }

    /**
     * A 415 for an encoding not taken: {@code why}, then the charsets that are ({@link
     * BodyEncoding#TAKES}).
     */
    static Read unsupported(String why) {
      return refused(415, why + "; " + TAKES);
    }
  }

  /**
   * {@code body} read under {@code charset}: null (none), or UTF-8 or UTF-16 in any case, the only
   * ones {@link SoapGate} lets through.
   */
  static Read read(byte[] body, String charset) {
    boolean utf16 = startsWith(body, 0, 0xFE, 0xFF) || startsWith(body, 0, 0xFF, 0xFE);
    if (startsWith(body, 0, 0xFF, 0xFE, 0, 0)) {
      // UTF-32LE's byte order mark; as UTF-16 it would be a NUL, never XML
      return Read.unsupported("the body starts with a UTF-32 byte order mark");
    }
    if (utf16 && "UTF-8".equalsIgnoreCase(charset)) {
      return Read.unsupported(
          "the Content-Type says charset "
              + Quote.of(charset, 40)
              + " but the body starts with a UTF-16 byte order mark; send charset=UTF-16 or no"
              + " charset");
    }
    if (utf16) {
      return Utf16Body.toUtf8(body);
    }
    if (charset != null && !charset.equalsIgnoreCase("UTF-8")) {
      return Read.unsupported(
          "the Content-Type says charset "
              + Quote.of(charset, 40)
              + " but the body starts with "
              + (startsWith(body, 0, 0xEF, 0xBB, 0xBF)
                  ? "a UTF-8 byte order mark"
                  : "no UTF-16 byte order mark, which XML 1.0 §4.3.3 requires of UTF-16")
              + "; send charset=UTF-8 with a UTF-8 body");
    }
    String notUtf8 = refused(body);
    return notUtf8 == null ? new Read(body, 0, null) : Read.unsupported(notUtf8);
  }

  /**
   * Why {@code body} is not UTF-8 by its own start, or null when it is (or says nothing); the
   * charsets taken are added by {@link Read#unsupported}.
   */
  private static String refused(byte[] body) {
    int at = 0;
    if (startsWith(body, 0, 0xEF, 0xBB, 0xBF)) {
      at = 3; // UTF-8's byte order mark, which XML 1.0 §4.3.3 allows
    }
    if (startsWith(body, at, 0xFE, 0xFF) || startsWith(body, at, 0xFF, 0xFE)) {
      return "the body starts with a UTF-8 byte order mark and then a UTF-16 one";
    }
    for (int i = at; i < Math.min(body.length, at + 4); i++) {
      if (body[i] == 0) {
        // Appendix F's UTF-16 and UTF-32 starts without a byte order mark; never UTF-8 XML
        return "the body starts with a NUL byte, as UTF-16 without its byte order mark or UTF-32"
            + " do";
      }
    }
    if (startsWith(body, at, 0x4C, 0x6F, 0xA7, 0x94)) {
      return "the body starts with '<?xm' in EBCDIC";
    }
    String encoding = declaredEncoding(body, at);
    if (encoding != null && !encoding.equalsIgnoreCase("UTF-8")) {
      return "the body's XML declaration names encoding "
          + Quote.of(encoding, 40)
          + " in a body that is not UTF-16 by its byte order mark; send encoding=\"UTF-8\" or no"
          + " encoding";
    }
    return null;
  }

  /** The {@code encoding} the XML declaration at {@code at} names, or null. */
  static String declaredEncoding(byte[] b, int at) {
    int[] name = encodingName(b, at);
    if (name == null) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    for (int k = name[0]; k < name[1]; k++) {
      out.append((char) (b[k] & 0xFF)); // XML's EncName is ASCII; anything else is shown as is
    }
    return out.toString();
  }

  /**
   * {start, end} of the name the {@code encoding} of the XML declaration at {@code at} gives, in an
   * ASCII-compatible body, or null when there is none or it names none. A declaration that does not
   * follow XML 1.0's grammar far enough to name an encoding is left to the parser, which refuses it
   * as not well-formed.
   */
  static int[] encodingName(byte[] b, int at) {
    if (!startsWith(b, at, '<', '?', 'x', 'm', 'l') || at + 5 >= b.length || !space(b[at + 5])) {
      return null;
    }
    int i = skipSpace(b, at + 5);
    i = pastName(b, i, "version");
    if (i < 0) {
      return null;
    }
    int[] value = quoted(b, i);
    if (value == null) {
      return null;
    }
    int next = skipSpace(b, value[1]);
    if (next == value[1]) {
      return null; // no space: '?>' or nothing the grammar takes
    }
    i = pastName(b, next, "encoding");
    if (i < 0) {
      return null; // standalone, '?>', or not well-formed
    }
    value = quoted(b, i);
    return value == null ? null : new int[] {value[0], value[1] - 1};
  }

  /** Past {@code name} and the Eq after it (white space round '='), or -1. */
  private static int pastName(byte[] b, int i, String name) {
    for (int k = 0; k < name.length(); k++, i++) {
      if (i >= b.length || b[i] != name.charAt(k)) {
        return -1;
      }
    }
    i = skipSpace(b, i);
    if (i >= b.length || b[i] != '=') {
      return -1;
    }
    return skipSpace(b, i + 1);
  }

  /** {start of the value, index past the closing quote} of the quoted value at i, or null. */
  private static int[] quoted(byte[] b, int i) {
    if (i >= b.length || (b[i] != '"' && b[i] != '\'')) {
      return null;
    }
    byte quote = b[i];
    // an EncName is short; a quote not closed within 64 bytes is not one, the parser refuses it
    for (int k = i + 1; k < Math.min(b.length, i + 65); k++) {
      if (b[k] == quote) {
        return new int[] {i + 1, k + 1};
      }
    }
    return null;
  }

  private static boolean space(byte c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
  }

  private static int skipSpace(byte[] b, int i) {
    while (i < b.length && space(b[i])) {
      i++;
    }
    return i;
  }

  static boolean startsWith(byte[] b, int at, int... prefix) {
    if (b.length - at < prefix.length) {
      return false;
    }
    for (int k = 0; k < prefix.length; k++) {
      if ((b[at + k] & 0xFF) != prefix[k]) {
        return false;
      }
    }
    return true;
  }
}
