package org.wirebench.formats.finding;

/** The namespace prefixes in force in {@link Utf8XmlCursor}: a stack, cut back as elements end. */
final class XmlNamespaces {
  private static final int MAX = 16;
  private static final String XML_NS = "http://www.w3.org/XML/1998/namespace";
  private static final String XMLNS_NS = "http://www.w3.org/2000/xmlns/";
  private final String[] prefixes = new String[MAX];
  private final String[] uris = new String[MAX];
  private int size;

  int size() {
    return size;
  }

  void truncate(int size) {
    this.size = size;
  }

  /** Binds {@code prefix} ("" for the default namespace); the reserved URIs are Woodstox's. */
  void bind(String prefix, String uri) {
    if (size == MAX || uri.equals(XML_NS) || uri.equals(XMLNS_NS)) {
      Utf8XmlCursor.fail();
    }
    prefixes[size] = prefix;
    uris[size] = uri;
    size++;
  }

  /** The URI of the prefix at {@code b[from]}, {@code length} bytes; "" for none, if unprefixed. */
  String resolve(byte[] b, int from, int length) {
    for (int i = size - 1; i >= 0; i--) {
      if (XmlBytes.sameAscii(b, prefixes[i], from, length)) {
        return uris[i];
      }
    }
    if (length != 0) {
      Utf8XmlCursor.fail();
    }
    return "";
  }
}
