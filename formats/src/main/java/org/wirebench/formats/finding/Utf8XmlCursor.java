package org.wirebench.formats.finding;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

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

  final byte[] b; // the spans index it
  private final int end;
  private int pos;
  private final XmlNamespaces namespaces = new XmlNamespaces();
  private final XmlOpenElements open = new XmlOpenElements(namespaces);
  // the current start tag
  private String localName;
  private String namespaceUri;
  private boolean selfClosed;
  private final XmlAttributes attributes = new XmlAttributes();
  // what the last skipText passed over; after textSpan() or attributeSpan(), that text's or
  // value's bytes are [spanFrom, spanTo): FindingXmlJson copies them without a String
  private boolean textAscii;
  boolean textEntities, textAstral; // astral: 4-byte UTF-8, which Jackson escapes
  boolean textEscapes; // a byte JSON escapes: a control character, '"' or '\\'
  int textReference; // the first '&', if textEntities
  int spanFrom, spanTo;
  // a bare leaf read through its end tag (nextChild): its text, which the next textSpan gives
  private boolean leafRead;
  private int leafFrom, leafTo;

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
    if (namespaceUri == null) {
      namespaceUri = namespaces.resolve(b, 0, 0);
    }
    return namespaceUri;
  }

  @Override
  public String attribute(String name) {
    return attributeSpan(name) ? XmlBytes.string(b, spanFrom, spanTo - spanFrom) : null;
  }

  /** Whether the current start tag has {@code name}; its value (no references) is the span. */
  boolean attributeSpan(String name) {
    int i = attributes.find(b, name);
    if (i < 0) {
      return false;
    }
    spanFrom = attributes.valueFrom(i);
    spanTo = attributes.valueTo(i);
    return true;
  }

  @Override
  public void nextStart() {
    pos = XmlBytes.prolog(b, pos, end);
    pos = XmlBytes.misc(b, pos, end);
    if (pos >= end || b[pos] != '<') {
      fail();
    }
    pos++;
    startTag();
  }

  @Override
  public boolean nextChild() {
    return nextChild(NO_NAMES, null, null, -1, 0) != END;
  }

  private static final byte[][] NO_NAMES = {};

  /**
   * As {@link #nextChild}, trying the start tag against {@code names[again]} (if {@code again >=
   * 0}) and then {@code names[from..]} first: an unprefixed name of exactly those bytes, then
   * space, '/' or '>' — what nextChild would read as that name. Returns its index; {@link #OTHER}
   * for any other start tag, read as nextChild reads it; {@link #END} past the end tag. A name with
   * an end tag in {@code ends} holds text only: when its start tag is bare ({@code <title>}), the
   * element is read through its end tag at once ({@link #bareLeaf}), and the caller's next call,
   * {@link #textSpan}, gives its text.
   */
  int nextChild(byte[][] names, String[] literals, byte[][] ends, int again, int from) {
    if (selfClosed) {
      selfClosed = false;
      open.pop();
      return END;
    }
    while (true) {
      skipText(false);
      int p = pos + 1;
      if (p < end && b[p] != '/' && b[p] != '!' && b[p] != '?') {
        int k = again >= 0 && named(p, names[again]) ? again : -1;
        for (int i = from; k < 0 && i < names.length; i++) {
          k = b[p] == names[i][0] && named(p, names[i]) ? i : -1;
        }
        if (k >= 0) {
          pos = p + names[k].length;
          if (ends != null
              && ends[k] != null
              && b[pos] == '>'
              && open.depth() < XmlOpenElements.MAX_DEPTH) {
            bareLeaf(p, ends[k], literals[k]);
          } else {
            startTag(p, -1, literals[k]);
          }
          return k;
        }
      }
      int tag = tag();
      if (tag != COMMENT) {
        return tag == START ? OTHER : END;
      }
    }
  }

  /**
   * Past a text-only element's bare start tag (name at {@code nameStart}): its text, checked as
   * textSpan checks it, then its end tag, compared with {@code endTag} as a whole; any other end is
   * read or refused as textSpan would, with the element open. A bare tag binds nothing, so once the
   * element has ended only its text is kept: eBay's items are mostly such elements.
   */
  private void bareLeaf(int nameStart, byte[] endTag, String literal) {
    attributes.clear();
    localName = literal;
    namespaceUri = null;
    int from = ++pos;
    int p = skipText(true);
    leafFrom = from;
    leafTo = p;
    leafRead = true;
    if (end - p >= endTag.length && XmlWords.equal(b, p, endTag, 0, endTag.length)) {
      pos = p + endTag.length;
      return;
    }
    open.push(nameStart, from - 1 - nameStart, namespaces.size());
    if (p + 1 < end && b[p + 1] == '/') {
      pos = open.endTag(b, p + 2, end);
      return;
    }
    fail(); // a child, a comment or CDATA inside the text
  }

  private boolean named(int p, byte[] name) {
    int n = name.length;
    if (end - p <= n || !XmlWords.equal(b, p, name, 0, n)) {
      return false;
    }
    byte t = b[p + n];
    return t == '>' || t == '/' || t == ' ' || t == '\n' || t == '\t' || t == '\r';
  }

  static final int END = -2;
  static final int OTHER = -1;
  private static final int COMMENT = 1;
  private static final int START = 2;

  /** At a '<' after text: reads an end tag, a comment or a start tag, and says which. */
  private int tag() {
    byte next = pos + 1 < end ? b[pos + 1] : 0;
    if (next == '/') {
      pos = open.endTag(b, pos + 2, end);
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
    if (leafRead) {
      leafRead = false;
      spanFrom = leafFrom;
      spanTo = leafTo;
      return;
    }
    spanFrom = pos;
    if (selfClosed) {
      selfClosed = false;
      open.pop();
      spanTo = pos;
      textEntities = textAstral = textEscapes = false;
      return;
    }
    int p = skipText(true);
    spanTo = p;
    if (p + 1 < end && b[p + 1] == '/') {
      pos = open.endTag(b, p + 2, end);
      return;
    }
    fail(); // a child, a comment or CDATA inside the text
  }

  @Override
  public void skip() {
    consumeTo(open.depth() - 1);
  }

  /** Checks the rest: the open elements' ends, then nothing but space and comments. */
  @Override
  public void finish() {
    consumeTo(0);
    pos = XmlBytes.misc(b, pos, end);
    if (pos != end) {
      fail();
    }
  }

  private void consumeTo(int target) {
    while (open.depth() > target) {
      if (selfClosed) {
        selfClosed = false;
        open.pop();
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
    textEntities = textAstral = textEscapes = false;
    if (p < end && b[p] == '<') {
      return p; // no text: the common case between elements
    }
    while (true) {
      p = XmlWords.skipPlain(b, p, end);
      while (p < end && XmlBytes.PLAIN[b[p] & 0xFF]) {
        p++;
      }
      int c = p < end ? b[p] : fail();
      if (c == '<') {
        pos = p;
        return p;
      } else if (c == '"' || c == '\\') {
        textEscapes = true;
        p++;
      } else if (c == '\n' || c == '\t' || (c == '\r' && !text)) {
        textEscapes = true;
        p++; // a carriage return in a text: line ends are Woodstox's to fold
      } else if (c == '&') {
        textReference = textEntities ? textReference : p;
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
    int nameStart = pos;
    int colon = qname();
    startTag(nameStart, colon, null);
  }

  /** The start tag whose name is {@code [nameStart, pos)}: its attributes and bindings. */
  private void startTag(int nameStart, int colon, String literal) {
    if (open.depth() == XmlOpenElements.MAX_DEPTH) {
      fail();
    }
    int nameLength = pos - nameStart;
    int mark = namespaces.size();
    attributes.clear();
    while (true) {
      boolean space = pos < end && b[pos] != '>' && whitespace();
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
      if (!space) {
        fail();
      }
      int attributeName = pos;
      int attributeColon = qname();
      pos = attributes.read(b, end, attributeName, attributeColon, pos, namespaces);
    }
    open.push(nameStart, nameLength, mark);
    if (colon < 0) {
      localName = literal != null ? literal : XmlBytes.name(b, nameStart, nameLength);
      namespaceUri = null; // the default namespace, looked up if asked for: it cannot fail
    } else {
      localName = XmlBytes.name(b, colon + 1, nameStart + nameLength - colon - 1);
      namespaceUri = namespaces.resolve(b, nameStart, colon - nameStart);
    }
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

  private boolean whitespace() {
    int start = pos;
    pos = XmlBytes.space(b, pos, end);
    return pos > start;
  }

  /** Gives up: declared to return anything, so that it can end an expression. */
  static int fail() {
    throw Unsupported.INSTANCE;
  }
}
