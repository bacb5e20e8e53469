package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.util.List;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;

/**
 * A feature type's element tags, encoded once per document, and the attribute elements written with
 * them. Shared by the GML 2 and GML 3.2 encoders, whose features differ only around these.
 */
final class FeatureMarkup {
  private final byte[][] open;
  private final byte[][] close;

  FeatureMarkup(FeatureType type) {
    List<Attribute> attributes = type.attributes();
    open = new byte[attributes.size()][];
    close = new byte[attributes.size()][];
    for (int i = 0; i < attributes.size(); i++) {
      open[i] = Utf8XmlWriter.ascii(openTag(type, attributes.get(i).name()));
      close[i] = Utf8XmlWriter.ascii(closeTag(type, attributes.get(i).name()));
    }
  }

  /** How many attributes the type declares. */
  int attributeCount() {
    return open.length;
  }

  /** Attribute {@code i}'s start tag, for the same-bytes floor. */
  byte[] open(int i) {
    return open[i];
  }

  byte[] close(int i) {
    return close[i];
  }

  /** The most bytes the tags of all attributes take. */
  int tagBytes() {
    int bytes = 0;
    for (int i = 0; i < open.length; i++) {
      bytes += open[i].length + close[i].length;
    }
    return bytes;
  }

  static String openTag(FeatureType type, String localName) {
    return "<" + type.prefix() + ":" + localName + ">";
  }

  static String closeTag(FeatureType type, String localName) {
    return "</" + type.prefix() + ":" + localName + ">";
  }

  /** The attribute elements, in type order; absent optional values are omitted. */
  void writeAttributes(Utf8XmlWriter w, Feature f) throws IOException {
    for (int i = 0; i < open.length; i++) {
      Object value = f.value(i);
      if (value == null) {
        continue;
      }
      w.raw(open[i]);
      if (value instanceof String s) {
        w.text(s);
      } else if (value instanceof Long l) {
        w.decimal(l);
      } else if (value instanceof Integer n) {
        w.decimal(n);
      } else if (value instanceof Boolean b) {
        w.bool(b);
      } else {
        throw new IllegalArgumentException("unsupported value " + value.getClass());
      }
      w.raw(close[i]);
    }
  }

  /**
   * Fails fast on a feature id that is not an XML NCName: {@code fid} (GML 2) and {@code gml:id}
   * (GML 3.2) are {@code xs:ID}s, and a document carrying "1 a" or "r.&lt;" is invalid, which a
   * client finds out only by validating it (the codec fidelity table found our encoders writing
   * them).
   */
  static void checkId(Feature f) {
    String id = f.id();
    boolean ok = !id.isEmpty() && startChar(id.charAt(0));
    for (int i = 1; ok && i < id.length(); i++) {
      char c = id.charAt(i);
      ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '.'
              || c == '-'
              || c == '_'
              || (c >= 0x80 && com.ctc.wstx.util.XmlChars.is10NameChar(c));
    }
    if (!ok) {
      throw new IllegalArgumentException(
          "feature id '" + id + "' is not an XML name (NCName), which GML requires of an id");
    }
  }

  /**
   * Copies {@code id} into {@code buf} at {@code pos} (room for one byte a char) if it is a
   * non-empty NCName of ASCII letters, digits, {@code . - _} (needing no escape), checking and
   * copying in one pass.
   *
   * @return the position after the copy, or -1 if {@code id} is not such a name (what was copied is
   *     then to be overwritten)
   */
  static int copyAsciiNcName(String id, byte[] buf, int pos) {
    int n = id.length();
    if (n == 0) {
      return -1;
    }
    for (int i = 0; i < n; i++) {
      char c = id.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || c == '_'
              || (i > 0 && ((c >= '0' && c <= '9') || c == '.' || c == '-'));
      if (!ok) {
        return -1;
      }
      buf[pos++] = (byte) c;
    }
    return pos;
  }

  private static boolean startChar(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || c == '_'
        || (c >= 0x80 && com.ctc.wstx.util.XmlChars.is10NameStartChar(c));
  }

  /** Fails fast on a geometry the type does not declare: the schema would reject it. */
  static void checkKind(FeatureType type, Feature f) {
    String actual = f.geometry().getGeometryType();
    if (!actual.equals(type.geometryKind().geoJsonType())) {
      throw new IllegalArgumentException(
          "feature "
              + f.id()
              + " has a "
              + actual
              + "; "
              + type.name()
              + " holds "
              + type.geometryKind().geoJsonType()
              + "s");
    }
  }
}
