package org.wirebench.formats.finding;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link Utf8XmlCursor}'s checks and decoding of characters: UTF-8 sequences, XML's predefined
 * entities and character references, the names it knows. Every doubt is {@link
 * Utf8XmlCursor.Unsupported}.
 */
final class XmlBytes {
  // ASCII text that needs no look (not a control, '&', '<' or '>', nor '"' or '\\', which JSON
  // escapes); ASCII name characters
  static final boolean[] PLAIN = new boolean[256];
  static final boolean[] NAME = new boolean[256];

  static {
    for (int c = 0x20; c < 0x80; c++) {
      PLAIN[c] = c != '&' && c != '<' && c != '>' && c != '"' && c != '\\';
      NAME[c] = nameStart((byte) c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
    }
  }

  private static final int TABLE_SIZE = 512;
  private static final String[] NAMES = new String[TABLE_SIZE];
  private static final byte[][] NAME_BYTES = new byte[TABLE_SIZE][];

  static {
    String known =
        "Envelope Header Body Fault faultstring findItemsByKeywordsResponse ack version timestamp"
            + " errorMessage error errorId domain severity category message subdomain searchResult"
            + " item itemId title globalId subtitle primaryCategory categoryId categoryName"
            + " galleryURL viewItemURL productId paymentMethod autoPay postalCode location country"
            + " shippingInfo shippingServiceCost shippingType shipToLocations expeditedShipping"
            + " oneDayShippingAvailable handlingTime sellingStatus currentPrice"
            + " convertedCurrentPrice bidCount sellingState timeLeft listingInfo bestOfferEnabled"
            + " buyItNowAvailable buyItNowPrice convertedBuyItNowPrice startTime endTime"
            + " listingType gift returnsAccepted condition conditionId conditionDisplayName"
            + " isMultiVariationListing paginationOutput pageNumber entriesPerPage totalPages"
            + " totalEntries itemSearchURL count currencyId type";
    for (String name : known.split(" ")) {
      byte[] bytes = name.getBytes(ISO_8859_1);
      int h = hash(bytes, 0, bytes.length);
      while (NAMES[h] != null) {
        h = (h + 1) & (TABLE_SIZE - 1);
      }
      NAMES[h] = name.intern(); // the literals' own: equals and switch meet them first
      NAME_BYTES[h] = bytes;
    }
  }

  private XmlBytes() {}

  /**
   * At {@code &}: one of XML's five entities or a character reference, appended to {@code out} if
   * there is one; returns where the reference ends. Any other entity is Woodstox's to refuse.
   */
  static int entity(byte[] b, int end, int p, StringBuilder out) {
    int semi = semicolon(b, end, p);
    int cp = codePoint(b, p, semi);
    if (out != null) {
      out.appendCodePoint(cp);
    }
    return semi + 1;
  }

  /** At {@code &}: the index of the reference's {@code ;}, at most 11 bytes on. */
  private static int semicolon(byte[] b, int end, int p) {
    int semi = p + 1;
    while (semi < end && semi < p + 12 && b[semi] != ';') {
      semi++;
    }
    if (semi >= end || b[semi] != ';' || semi == p + 1) {
      Utf8XmlCursor.fail();
    }
    return semi;
  }

  /** The character the reference {@code b[p..semi]} stands for. */
  private static int codePoint(byte[] b, int p, int semi) {
    int n = semi - p - 1;
    if (b[p + 1] == '#') {
      return characterReference(b, p + 2, semi);
    } else if (sameAscii(b, "lt", p + 1, n)) {
      return '<';
    } else if (sameAscii(b, "gt", p + 1, n)) {
      return '>';
    } else if (sameAscii(b, "amp", p + 1, n)) {
      return '&';
    } else if (sameAscii(b, "quot", p + 1, n)) {
      return '"';
    } else if (sameAscii(b, "apos", p + 1, n)) {
      return '\'';
    }
    return Utf8XmlCursor.fail();
  }

  /**
   * The text {@code b[from, to)} (checked by the cursor, its first reference at {@code reference})
   * with its references replaced, as UTF-8 in {@code out} (at least {@code to - from} long: a
   * reference is never shorter than its character's bytes); its length, or -1 for a reference past
   * U+FFFF (the caller then writes the text's String, as Jackson escapes such a character only from
   * one).
   */
  static int decodeUtf8(byte[] b, int end, int from, int reference, int to, byte[] out) {
    System.arraycopy(b, from, out, 0, reference - from);
    int o = reference - from;
    int p = reference;
    while (p < to) {
      byte c = b[p];
      if (c != '&') {
        out[o++] = c;
        p++;
        continue;
      }
      int semi = semicolon(b, end, p);
      int cp = codePoint(b, p, semi);
      p = semi + 1;
      if (cp < 0x80) {
        out[o++] = (byte) cp;
      } else if (cp < 0x800) {
        out[o++] = (byte) (0xC0 | cp >> 6);
        out[o++] = (byte) (0x80 | (cp & 0x3F));
      } else if (cp < 0x10000) {
        out[o++] = (byte) (0xE0 | cp >> 12);
        out[o++] = (byte) (0x80 | (cp >> 6 & 0x3F));
        out[o++] = (byte) (0x80 | (cp & 0x3F));
      } else {
        return -1;
      }
    }
    return o;
  }

  private static int characterReference(byte[] b, int from, int to) {
    int radix = from < to && b[from] == 'x' ? 16 : 10;
    int i = radix == 16 ? from + 1 : from;
    int cp = i < to ? 0 : Utf8XmlCursor.fail();
    for (; i < to; i++) {
      int c = b[i];
      int digit =
          c >= '0' && c <= '9'
              ? c - '0'
              : radix == 16 && (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
      cp = digit < 0 ? Utf8XmlCursor.fail() : cp * radix + digit;
    }
    boolean xmlChar =
        cp == 0x9
            || cp == 0xA
            || cp == 0xD
            || (cp >= 0x20 && cp <= 0xD7FF)
            || (cp >= 0xE000 && cp <= 0xFFFD)
            || (cp >= 0x10000 && cp <= 0x10FFFF);
    return xmlChar ? cp : Utf8XmlCursor.fail();
  }

  /** Checks the UTF-8 sequence at {@code p} (no overlong form, surrogate, U+FFFE or U+FFFF). */
  static int utf8(byte[] b, int end, int p) {
    int c = b[p] & 0xFF;
    int length = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 ? 4 : 0;
    if (length == 0 || c > 0xF4 || p + length > end) {
      Utf8XmlCursor.fail();
    }
    int second = b[p + 1] & 0xFF;
    int low = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    int high = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (second < low || second > high) {
      Utf8XmlCursor.fail();
    }
    for (int i = p + 2; i < p + length; i++) {
      if ((b[i] & 0xC0) != 0x80) {
        Utf8XmlCursor.fail();
      }
    }
    if (c == 0xEF && second == 0xBF && (b[p + 2] & 0xFE) == 0xBE) {
      Utf8XmlCursor.fail(); // U+FFFE, U+FFFF
    }
    return p + length;
  }

  static String decode(byte[] b, int end, int from, int to) {
    StringBuilder out = new StringBuilder(to - from);
    int segment = from;
    for (int p = from; p < to; ) {
      if (b[p] == '&') {
        out.append(new String(b, segment, p - segment, UTF_8));
        p = entity(b, end, p, out);
        segment = p;
      } else {
        p++;
      }
    }
    return out.append(new String(b, segment, to - segment, UTF_8)).toString();
  }

  static String string(byte[] b, int from, int length) {
    for (int i = from; i < from + length; i++) {
      if (b[i] < 0) {
        return new String(b, from, length, UTF_8);
      }
    }
    return new String(b, from, length, ISO_8859_1);
  }

  /** The known names as constants: no String a name in the common case. */
  static String name(byte[] b, int from, int length) {
    for (int h = hash(b, from, length); NAMES[h] != null; h = (h + 1) & (TABLE_SIZE - 1)) {
      byte[] k = NAME_BYTES[h];
      if (k.length == length && Arrays.equals(k, 0, length, b, from, from + length)) {
        return NAMES[h];
      }
    }
    return new String(b, from, length, ISO_8859_1);
  }

  private static int hash(byte[] a, int from, int length) {
    return (length * 31 + a[from] * 7 + a[from + length - 1] * 3 + a[from + length / 2])
        & (TABLE_SIZE - 1);
  }

  /** Past the XML space at {@code p}. */
  static int space(byte[] b, int p, int end) {
    while (p < end && (b[p] == ' ' || b[p] == '\n' || b[p] == '\t' || b[p] == '\r')) {
      p++;
    }
    return p;
  }

  static boolean nameStart(byte c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  static boolean sameAscii(byte[] b, String s, int from, int length) {
    if (s.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (b[from + i] != s.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** Past the space and comments at {@code p}, as between the prolog's parts and after the root. */
  static int misc(byte[] b, int p, int end) {
    while (p < end) {
      byte c = b[p];
      if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
        p++;
      } else if (c == '<' && p + 3 < end && b[p + 1] == '!' && b[p + 2] == '-') {
        p = b[p + 3] == '-' ? comment(b, end, p) : Utf8XmlCursor.fail();
      } else {
        return p;
      }
    }
    return p;
  }

  /** At {@code <!--}: past the comment, which may not hold {@code --}. */
  static int comment(byte[] b, int end, int pos) {
    int p = pos + 4;
    while (true) {
      int c = p + 2 < end ? b[p] : Utf8XmlCursor.fail();
      if (c == '-' && b[p + 1] == '-') {
        return b[p + 2] == '>' ? p + 3 : Utf8XmlCursor.fail();
      }
      p =
          c < 0
              ? utf8(b, end, p)
              : c >= 0x20 || c == '\t' || c == '\n' || c == '\r' ? p + 1 : Utf8XmlCursor.fail();
    }
  }

  private static final byte[] XML_DECLARATION = "<?xml".getBytes(ISO_8859_1);
  private static final byte[][] DECLARATIONS = declarations();

  /**
   * Past a UTF-8 byte order mark and an XML declaration of version 1.0 in UTF-8 at {@code pos}, if
   * there are; any other declaration is Woodstox's.
   */
  static int prolog(byte[] b, int pos, int end) {
    if (end - pos >= 3 && b[pos] == (byte) 0xEF && b[pos + 1] == (byte) 0xBB) {
      pos = b[pos + 2] == (byte) 0xBF ? pos + 3 : Utf8XmlCursor.fail();
    }
    if (startsWith(b, pos, end, XML_DECLARATION)) {
      for (byte[] d : DECLARATIONS) {
        if (startsWith(b, pos, end, d)) {
          return pos + d.length;
        }
      }
      Utf8XmlCursor.fail();
    }
    return pos;
  }

  private static boolean startsWith(byte[] b, int pos, int end, byte[] prefix) {
    return end - pos >= prefix.length
        && Arrays.equals(b, pos, pos + prefix.length, prefix, 0, prefix.length);
  }

  private static byte[][] declarations() {
    List<byte[]> all = new ArrayList<>();
    for (String q : new String[] {"\"", "'"}) {
      for (String encoding : new String[] {"", "utf-8", "UTF-8"}) {
        for (String standalone : new String[] {"", "yes", "no"}) {
          String d =
              "<?xml version="
                  + q
                  + "1.0"
                  + q
                  + (encoding.isEmpty() ? "" : " encoding=" + q + encoding + q)
                  + (standalone.isEmpty() ? "" : " standalone=" + q + standalone + q)
                  + "?>";
          all.add(d.getBytes(ISO_8859_1));
        }
      }
    }
    return all.toArray(new byte[0][]);
  }
}
