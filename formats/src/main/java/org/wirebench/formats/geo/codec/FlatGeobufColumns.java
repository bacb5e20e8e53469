package org.wirebench.formats.geo.codec;

import java.util.ArrayList;
import java.util.List;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.AttributeType;
import org.wirebench.formats.geo.FeatureType;
import org.wololo.flatgeobuf.ColumnMeta;
import org.wololo.flatgeobuf.generated.ColumnType;

/**
 * A feature type's FlatGeobuf columns: {@code id} (column 0, the feature id: unique, never null)
 * then one column per attribute, in the type's order (attribute i is column i + 1).
 */
final class FlatGeobufColumns {
  /** A property's key is a ushort: column indexes 0..65535. */
  static final int MAX_COLUMNS = 0x10000;

  private FlatGeobufColumns() {}

  static List<ColumnMeta> of(FeatureType type) {
    if (type.attributes().size() + 1 > MAX_COLUMNS) {
      throw new IllegalArgumentException(
          type.name() + " has " + type.attributes().size() + " attributes; FlatGeobuf holds 65535");
    }
    List<ColumnMeta> columns = new ArrayList<>(type.attributes().size() + 1);
    columns.add(column(FlatGeobufCodec.ID_COLUMN, ColumnType.String, false, true));
    for (Attribute a : type.attributes()) {
      if (a.name().equals(FlatGeobufCodec.ID_COLUMN)) {
        throw new IllegalArgumentException(
            type.name()
                + " has an attribute named '"
                + FlatGeobufCodec.ID_COLUMN
                + "', the column FlatGeobuf output keeps feature ids in");
      }
      columns.add(column(a.name(), columnType(a.type()), a.optional(), false));
    }
    return columns;
  }

  private static ColumnMeta column(String name, int type, boolean nullable, boolean unique) {
    ColumnMeta c = new ColumnMeta();
    c.name = name;
    c.type = (byte) type;
    // the schema's defaults (unknown); the library's ColumnMeta starts them at 0
    c.width = -1;
    c.precision = -1;
    c.scale = -1;
    c.nullable = nullable;
    c.unique = unique;
    return c;
  }

  /** The column type an attribute type is written as. */
  static int columnType(AttributeType type) {
    return switch (type) {
      case STRING -> ColumnType.String;
      case INT -> ColumnType.Int;
      case LONG -> ColumnType.Long;
      case BOOLEAN -> ColumnType.Bool;
    };
  }
}
