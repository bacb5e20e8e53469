package org.wirebench.formats.finding;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Arrays;

/**
 * {@link XmlCursor} straight over the bytes, for the gateway's hot path. Woodstox turns every byte
 * into a char, looks every name up in its symbol table and keeps a full namespace context: 75% of
 * the XML path's CPU, which made it 4.7× the JSON floor. This reader takes a strict subset of
 * well-formed XML 1.0 — UTF-8, ASCII names, the five predefined entities and character references,
 * comments — and checks it as Woodstox does (matching tags, bound prefixes, unique attributes,
 * valid UTF-8 and XML characters, no {@code ]]>} in text, nothing after the root but space and
 * comments). Anything else (a DOCTYPE, CDATA, a processing instruction, another entity, a carriage
 * return in text, a tab or line end in an attribute, another encoding, any error) throws {@link
 * Unsupported}: Woodstox then reads the document and gives its answer or names its error. It
 * resolves no entity.
 */
final class Utf8XmlCursor implements XmlCursor {
  /** The document is outside this reader's subset, or not well-formed: ask Woodstox. */
  static final class Unsupported extends RuntimeException {
    private static final Unsupported INSTANCE = new Unsupported();

    private Unsupported() {
      super("outside the fast XML subset", null, false, false);
    }
  }

  private static final int MAX_DEPTH = 64;
  private static final int MAX_ATTRIBUTES = 8;

  final byte[] b; // the spans index it
  private final int end;
  private int pos;
  // the open elements: where each one's qualified name is, and the bindings in force before it
  private final int[] openName = new int[MAX_DEPTH];
  private final int[] openNameLength = new int[MAX_DEPTH];
  private final int[] openNamespaces = new int[MAX_DEPTH];
  private int depth;
  private final XmlNamespaces namespaces = new XmlNamespaces();
  // the current start tag
  private String localName;
  private String namespaceUri;
  private boolean selfClosed;
  private final int[] attrName = new int[MAX_ATTRIBUTES];
  private final int[] attrNameLength = new int[MAX_ATTRIBUTES];
  private final int[] attrValue = new int[MAX_ATTRIBUTES];
  private final int[] attrValueLength = new int[MAX_ATTRIBUTES];
  private final boolean[] attrIsNamespace = new boolean[MAX_ATTRIBUTES];
  private int attributes;
  // what the last skipText passed over; after textSpan() or attributeSpan(), that text's or
  // value's bytes are [spanFrom, spanTo): FindingXmlJson copies them without a String
  private boolean textAscii;
  boolean textEntities, textAstral; // astral: 4-byte UTF-8, which Jackson escapes
  int spanFrom, spanTo;

  Utf8XmlCursor(byte[] bytes, int offset, int length) {
    this.b = bytes;
    this.pos = offset;
    this.end = Math.addExact(offset, length);
    if (offset < 0 || length < 0 || end > bytes.length) {
      throw new IndexOutOfBoundsException(offset + "+" + length + " of " + bytes.length);
    }
  }

  @Override
  public String localName() {
    return localName;
  }

  @Override
  public String namespaceUri() {
    return namespaceUri;
  }

  @Override
  public String attribute(String name) {
    return attributeSpan(name) ? XmlBytes.string(b, spanFrom, spanTo - spanFrom) : null;
  }

  /** Whether the current start tag has {@code name}; its value (no references) is the span. */
  boolean attributeSpan(String name) {
    for (int i = 0; i < attributes; i++) {
      if (!attrIsNamespace[i] && XmlBytes.sameAscii(b, name, attrName[i], attrNameLength[i])) {
        spanFrom = attrValue[i];
        spanTo = spanFrom + attrValueLength[i];
        return true;
      }
    }
    return false;
  }

  @Override
  public void nextStart() {
    pos = XmlBytes.prolog(b, pos, end);
    misc();
    if (pos >= end || b[pos] != '<') {
      fail();
    }
    pos++;
    startTag();
  }

  @Override
  public boolean nextChild() {
    if (selfClosed) {
      selfClosed = false;
      pop();
      return false;
    }
    while (true) {
      skipText(false);
      int tag = tag();
      if (tag != COMMENT) {
        return tag == START;
      }
    }
  }

  private static final int END = 0;
  private static final int COMMENT = 1;
  private static final int START = 2;

  /** At a '<' after text: reads an end tag, a comment or a start tag, and says which. */
  private int tag() {
    byte next = pos + 1 < end ? b[pos + 1] : 0;
    if (next == '/') {
      pos += 2;
      endTag();
      return END;
    }
    if (next == '!' && pos + 3 < end && b[pos + 2] == '-' && b[pos + 3] == '-') {
      pos = XmlBytes.comment(b, end, pos);
      return COMMENT;
    }
    if (next == '!' || next == '?') {
      fail();
    }
    pos++;
    startTag();
    return START;
  }

  @Override
  public String text() {
    textSpan();
    int n = spanTo - spanFrom;
    return n == 0
        ? ""
        : textEntities
            ? XmlBytes.decode(b, end, spanFrom, spanTo)
            : new String(b, spanFrom, n, textAscii ? ISO_8859_1 : UTF_8);
  }

  /** As {@link #text()}, the text left as the span's bytes; {@code textEntities} if it has any. */
  void textSpan() {
    spanFrom = pos;
    if (selfClosed) {
      selfClosed = false;
      pop();
      spanTo = pos;
      textEntities = textAstral = false;
      return;
    }
    int p = skipText(true);
    spanTo = p;
    if (p + 1 < end && b[p + 1] == '/') {
      pos = p + 2;
      endTag();
      return;
    }
    fail(); // a child, a comment or CDATA inside the text
  }

  @Override
  public void skip() {
    consumeTo(depth - 1);
  }

  /** Checks the rest: the open elements' ends, then nothing but space and comments. */
  @Override
  public void finish() {
    consumeTo(0);
    misc();
    if (pos != end) {
      fail();
    }
  }

  private void consumeTo(int target) {
    while (depth > target) {
      if (selfClosed) {
        selfClosed = false;
        pop();
        continue;
      }
      skipText(false);
      tag();
    }
  }

  /** Moves to the next '<', checking the text it passes over. */
  private int skipText(boolean text) {
    int p = pos;
    textAscii = true;
    textEntities = textAstral = false;
    while (true) {
      while (p < end && XmlBytes.PLAIN[b[p] & 0xFF]) {
        p++;
      }
      int c = p < end ? b[p] : fail();
      if (c == '<') {
        pos = p;
        return p;
      } else if (c == '\n' || c == '\t' || (c == '\r' && !text)) {
        p++; // a carriage return in a text: line ends are Woodstox's to fold
      } else if (c == '&') {
        textEntities = true;
        p = XmlBytes.entity(b, end, p, null);
      } else if (c == '>') {
        p = b[p - 1] == ']' || b[p - 1] == ';' ? fail() : p + 1;
      } else if (c < 0) {
        textAscii = false;
        textAstral |= c >= -16; // a lead byte 0xF0..0xF4
        p = XmlBytes.utf8(b, end, p);
      } else {
        fail();
      }
    }
  }

  private void startTag() {
    if (depth == MAX_DEPTH) {
      fail();
    }
    int nameStart = pos;
    int colon = qname();
    int nameLength = pos - nameStart;
    int mark = namespaces.size();
    attributes = 0;
    while (true) {
      boolean space = whitespace();
      int c = pos < end ? b[pos] : fail();
      if (c == '>') {
        pos++;
        selfClosed = false;
        break;
      }
      if (c == '/' && pos + 1 < end && b[pos + 1] == '>') {
        pos += 2;
        selfClosed = true;
        break;
      }
      if (!space || attributes == MAX_ATTRIBUTES) {
        fail();
      }
      attribute();
    }
    openName[depth] = nameStart;
    openNameLength[depth] = nameLength;
    openNamespaces[depth] = mark;
    depth++;
    if (colon < 0) {
      localName = XmlBytes.name(b, nameStart, nameLength);
      namespaceUri = namespaces.resolve(b, nameStart, 0);
    } else {
      localName = XmlBytes.name(b, colon + 1, nameStart + nameLength - colon - 1);
      namespaceUri = namespaces.resolve(b, nameStart, colon - nameStart);
    }
  }

  private void attribute() {
    int nameStart = pos;
    int colon = qname();
    int nameLength = pos - nameStart;
    whitespace();
    if (pos >= end || b[pos] != '=') {
      fail();
    }
    pos++;
    whitespace();
    int quote = pos < end ? b[pos] : fail();
    if (quote != '"' && quote != '\'') {
      fail();
    }
    int valueStart = ++pos;
    while (true) {
      int c = pos < end ? b[pos] : fail();
      if (c == quote) {
        break;
      }
      if (c == '<' || c == '&' || (c >= 0 && c < 0x20)) {
        fail(); // '&' and the whitespace XML normalizes in attributes are Woodstox's
      }
      pos = c < 0 ? XmlBytes.utf8(b, end, pos) : pos + 1;
    }
    int valueLength = pos - valueStart;
    pos++;
    for (int i = 0; i < attributes; i++) {
      if (attrNameLength[i] == nameLength
          && Arrays.equals(
              b, attrName[i], attrName[i] + nameLength, b, nameStart, nameStart + nameLength)) {
        fail();
      }
    }
    boolean namespace =
        XmlBytes.sameAscii(b, "xmlns", nameStart, Math.min(nameLength, 5)) && nameLength >= 5;
    if (namespace && nameLength == 5) {
      namespaces.bind("", XmlBytes.string(b, valueStart, valueLength));
    } else if (namespace && colon == nameStart + 5) {
      String prefix = new String(b, colon + 1, nameLength - 6, ISO_8859_1);
      if (prefix.equals("xml") || prefix.equals("xmlns") || valueLength == 0) {
        fail();
      }
      namespaces.bind(prefix, XmlBytes.string(b, valueStart, valueLength));
    } else if (colon >= 0) {
      fail(); // a prefixed attribute: unique only after resolving; Woodstox checks it
    } else {
      namespace = false;
    }
    attrName[attributes] = nameStart;
    attrNameLength[attributes] = nameLength;
    attrValue[attributes] = valueStart;
    attrValueLength[attributes] = valueLength;
    attrIsNamespace[attributes] = namespace;
    attributes++;
  }

  /** An ASCII name, maybe with one prefix; returns the colon's index or -1. */
  private int qname() {
    int colon = -1;
    if (pos >= end || !XmlBytes.nameStart(b[pos])) {
      fail();
    }
    pos++;
    while (pos < end) {
      byte c = b[pos];
      if (XmlBytes.NAME[c & 0xFF]) {
        pos++;
      } else if (c == ':' && colon < 0 && pos + 1 < end && XmlBytes.nameStart(b[pos + 1])) {
        colon = pos;
        pos += 2;
      } else {
        break;
      }
    }
    return colon;
  }

  private void endTag() {
    int d = depth - 1;
    int n = openNameLength[d];
    int from = openName[d];
    if (end - pos < n || !Arrays.equals(b, pos, pos + n, b, from, from + n)) {
      fail();
    }
    pos += n;
    whitespace();
    if (pos >= end || b[pos] != '>') {
      fail();
    }
    pos++;
    pop();
  }

  private void pop() {
    depth--;
    namespaces.truncate(openNamespaces[depth]);
  }

  /** Space and comments, as between the prolog's parts and after the root. */
  private void misc() {
    while (pos < end) {
      byte c = b[pos];
      if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
        pos++;
      } else if (c == '<' && pos + 3 < end && b[pos + 1] == '!' && b[pos + 2] == '-') {
        pos = b[pos + 3] == '-' ? pos : fail();
        pos = XmlBytes.comment(b, end, pos);
      } else {
        return;
      }
    }
  }

  private boolean whitespace() {
    int start = pos;
    while (pos < end && (b[pos] == ' ' || b[pos] == '\n' || b[pos] == '\t' || b[pos] == '\r')) {
      pos++;
    }
    return pos > start;
  }

  /** Gives up: declared to return anything, so that it can end an expression. */
  static int fail() {
    throw Unsupported.INSTANCE;
  }
}
