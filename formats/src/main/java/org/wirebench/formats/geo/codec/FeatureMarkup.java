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
