package org.wirebench.server.soap;

import org.wirebench.formats.finding.Quote;

/**
 * Whether a request body is, by its own start, in the one encoding the gate takes: UTF-8. The
 * Content-Type may only say UTF-8 or nothing ({@link SoapGate}), but an XML parser also reads the
 * body's byte order mark and its XML declaration's {@code encoding}, and the stacks do not agree on
 * which wins: under {@code charset=UTF-8} Axis2 and CXF read UTF-8 whatever the declaration says (a
 * Latin-1 byte of a body declared ISO-8859-1 was a 500 {@code Server} fault), while Woodstox in
 * {@link EnvelopeCheck} read the declaration; without a charset CXF read ISO-8859-1 (a body
 * declared windows-1252 was answered 200 as Latin-1, and a UTF-8 body had its é echoed as two
 * characters) and Axis2 UTF-8. A body whose start names another encoding is refused, so that every
 * reader decodes the same UTF-8 bytes; malformed UTF-8 further on is left to Woodstox, which
 * refuses it as not well-formed (XML 1.0 §4.3.3) rather than replacing it.
 *
 * <p>Only the first bytes are looked at: the byte order mark and the declaration, which XML 1.0
 * puts at the very start (Appendix F's autodetection reads no further either).
 */
final class BodyEncoding {
  private BodyEncoding() {}

  /** Why {@code body} is not UTF-8 by its own start, or null when it is (or says nothing). */
  static String refused(byte[] body) {
    int at = 0;
    if (startsWith(body, 0, 0xEF, 0xBB, 0xBF)) {
      at = 3; // UTF-8's byte order mark, which XML 1.0 §4.3.3 allows
    }
    if (startsWith(body, at, 0xFE, 0xFF) || startsWith(body, at, 0xFF, 0xFE)) {
      return "the body starts with a UTF-16 (or UTF-32) byte order mark; this endpoint takes only"
          + " UTF-8";
    }
    for (int i = at; i < Math.min(body.length, at + 4); i++) {
      if (body[i] == 0) {
        // Appendix F's UTF-16 and UTF-32 starts without a byte order mark; never UTF-8 XML
        return "the body starts with a NUL byte, as UTF-16 or UTF-32 do; this endpoint takes only"
            + " UTF-8";
      }
    }
    if (startsWith(body, at, 0x4C, 0x6F, 0xA7, 0x94)) {
      return "the body starts with '<?xm' in EBCDIC; this endpoint takes only UTF-8";
    }
    String encoding = declaredEncoding(body, at);
    if (encoding != null && !encoding.equalsIgnoreCase("UTF-8")) {
      return "the body's XML declaration names encoding "
          + Quote.of(encoding, 40)
          + "; this endpoint takes only UTF-8 (send encoding=\"UTF-8\" or no encoding)";
    }
    return null;
  }

  /**
   * The {@code encoding} of the XML declaration at {@code at}, or null when there is none or it
   * names none. A declaration that does not follow XML 1.0's grammar far enough to name an encoding
   * is left to the parser, which refuses it as not well-formed.
   */
  private static String declaredEncoding(byte[] b, int at) {
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
    if (value == null) {
      return null;
    }
    StringBuilder name = new StringBuilder();
    for (int k = value[0]; k < value[1] - 1; k++) {
      name.append((char) (b[k] & 0xFF)); // XML's EncName is ASCII; anything else is shown as is
    }
    return name.toString();
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

  private static boolean startsWith(byte[] b, int at, int... prefix) {
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
