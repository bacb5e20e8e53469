package org.wirebench.formats.finding;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.util.Arrays;

/**
 * The current start tag's attributes in {@link Utf8XmlCursor}: where each name and value is in the
 * bytes, and the namespace bindings they make. Unique names, at most eight, no reference and no
 * whitespace XML would normalize in a value, no prefixed attribute but {@code xmlns:}: anything
 * else is {@link Utf8XmlCursor.Unsupported}.
 */
final class XmlAttributes {
  private static final int MAX = 8;
  private final int[] name = new int[MAX];
  private final int[] nameLength = new int[MAX];
  private final int[] value = new int[MAX];
  private final int[] valueLength = new int[MAX];
  private final boolean[] namespace = new boolean[MAX];
  private int size;

  void clear() {
    size = 0;
  }

  /** The index of the attribute {@code s} (in no namespace), or -1. */
  int find(byte[] b, String s) {
    for (int i = 0; i < size; i++) {
      if (!namespace[i] && XmlBytes.sameAscii(b, s, name[i], nameLength[i])) {
        return i;
      }
    }
    return -1;
  }

  int valueFrom(int i) {
    return value[i];
  }

  int valueTo(int i) {
    return value[i] + valueLength[i];
  }

  /**
   * The attribute whose name is {@code [nameStart, p)} (its colon at {@code colon}, or -1): reads
   * its {@code ="value"}, binds it if it is a namespace's; returns where it ends.
   */
  int read(byte[] b, int end, int nameStart, int colon, int p, XmlNamespaces namespaces) {
    int length = p - nameStart;
    p = XmlBytes.space(b, p, end);
    if (size == MAX || p >= end || b[p] != '=') {
      Utf8XmlCursor.fail();
    }
    p = XmlBytes.space(b, p + 1, end);
    int quote = p < end ? b[p] : Utf8XmlCursor.fail();
    if (quote != '"' && quote != '\'') {
      Utf8XmlCursor.fail();
    }
    int valueStart = ++p;
    while (true) {
      int c = p < end ? b[p] : Utf8XmlCursor.fail();
      if (c == quote) {
        break;
      }
      if (c == '<' || c == '&' || (c >= 0 && c < 0x20)) {
        Utf8XmlCursor.fail(); // '&' and the whitespace XML normalizes in attributes are Woodstox's
      }
      p = c < 0 ? XmlBytes.utf8(b, end, p) : p + 1;
    }
    int valueBytes = p - valueStart;
    for (int i = 0; i < size; i++) {
      if (nameLength[i] == length
          && Arrays.equals(b, name[i], name[i] + length, b, nameStart, nameStart + length)) {
        Utf8XmlCursor.fail();
      }
    }
    boolean binding = XmlBytes.sameAscii(b, "xmlns", nameStart, Math.min(length, 5)) && length >= 5;
    if (binding && length == 5) {
      namespaces.bind("", XmlBytes.string(b, valueStart, valueBytes));
    } else if (binding && colon == nameStart + 5) {
      String prefix = new String(b, colon + 1, length - 6, ISO_8859_1);
      if (prefix.equals("xml") || prefix.equals("xmlns") || valueBytes == 0) {
        Utf8XmlCursor.fail();
      }
      namespaces.bind(prefix, XmlBytes.string(b, valueStart, valueBytes));
    } else if (colon >= 0) {
      Utf8XmlCursor.fail(); // a prefixed attribute: unique only after resolving; Woodstox checks it
    } else {
      binding = false;
    }
    name[size] = nameStart;
    nameLength[size] = length;
    value[size] = valueStart;
    valueLength[size] = valueBytes;
    namespace[size] = binding;
    size++;
    return p + 1;
  }
}
