package org.wirebench.formats.finding;

/**
 * The open elements in {@link Utf8XmlCursor}, innermost last: where each one's qualified name is in
 * the document, which its end tag must repeat, and how many namespace bindings were in force before
 * its start tag, so that those it made are dropped when it ends.
 */
final class XmlOpenElements {
  /** The deepest nesting read; deeper is Woodstox's. */
  static final int MAX_DEPTH = 64;

  private final int[] name = new int[MAX_DEPTH];
  private final int[] nameLength = new int[MAX_DEPTH];
  private final int[] bindings = new int[MAX_DEPTH];
  private final XmlNamespaces namespaces;
  private int depth;

  XmlOpenElements(XmlNamespaces namespaces) {
    this.namespaces = namespaces;
  }

  int depth() {
    return depth;
  }

  /**
   * Opens the element whose name is {@code nameLength} bytes at {@code nameStart}, the namespaces
   * holding {@code bindings} bindings before its start tag; the caller keeps below {@link
   * #MAX_DEPTH}.
   */
  void push(int nameStart, int nameLength, int bindings) {
    this.name[depth] = nameStart;
    this.nameLength[depth] = nameLength;
    this.bindings[depth] = bindings;
    depth++;
  }

  /**
   * At an end tag's name ({@code pos}, past its {@code </}): checks that it names the innermost
   * open element, then space and {@code >}, and closes that element. Returns the position past the
   * tag.
   */
  int endTag(byte[] b, int pos, int end) {
    int d = depth - 1;
    int n = nameLength[d];
    if (end - pos <= n || !XmlWords.equal(b, pos, b, name[d], n)) {
      Utf8XmlCursor.fail();
    }
    pos += n;
    if (b[pos] != '>') {
      pos = XmlBytes.space(b, pos, end);
      if (pos >= end || b[pos] != '>') {
        Utf8XmlCursor.fail();
      }
    }
    pop();
    return pos + 1;
  }

  /** Closes the innermost element (an empty-element tag's), dropping the bindings it made. */
  void pop() {
    depth--;
    namespaces.truncate(bindings[depth]);
  }
}
