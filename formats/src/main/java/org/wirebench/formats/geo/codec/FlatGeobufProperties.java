package org.wirebench.formats.geo.codec;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import org.wirebench.formats.geo.Attribute;
import org.wirebench.formats.geo.AttributeType;
import org.wirebench.formats.geo.FeatureType;
import org.wololo.flatgeobuf.generated.Column;
import org.wololo.flatgeobuf.generated.ColumnType;
import org.wololo.flatgeobuf.generated.Header;

/**
 * Reads features' property buffers against a header's columns, mapped by name onto a feature type:
 * the {@code id} column (String) and one column per attribute, of a type the attribute can hold
 * without loss (any signed or unsigned integer up to 32 bits, or a Long, for a long attribute; an
 * integer that fits for an int; String for text, Bool for a boolean), as GDAL may choose narrower
 * integer columns than ours. A column the type does not have, a column twice in one feature, an
 * integer out of its attribute's range, a Bool other than 0 or 1 and malformed UTF-8 are refused.
 */
final class FlatGeobufProperties {
  /** One feature's id and its values in the type's attribute order (null: absent). */
  record Values(String id, Object[] values) {}

  private static final int ID = -1;

  private final FeatureType type;
  private final String[] names;
  private final int[] columnTypes;
  private final int[] targets;

  /**
   * @param headerBytes the header's size: each column takes at least 4 of them, which bounds the
   *     column count read before arrays are made for it
   */
  FlatGeobufProperties(FeatureType type, Header header, int headerBytes) throws IOException {
    this.type = type;
    int n = header.columnsLength();
    if (n > headerBytes / 4) {
      throw new IOException(n + " columns declared in a header of " + headerBytes + " bytes");
    }
    names = new String[n];
    columnTypes = new int[n];
    targets = new int[n];
    boolean[] seen = new boolean[type.attributes().size()];
    boolean id = false;
    for (int i = 0; i < n; i++) {
      Column c = header.columns(i);
      names[i] = c.name();
      columnTypes[i] = c.type();
      if (FlatGeobufCodec.ID_COLUMN.equals(names[i]) && !id) {
        id = true;
        targets[i] = ID;
        requireType(i, c.type() == ColumnType.String, "String");
        continue;
      }
      int a = names[i] == null ? -1 : type.indexOf(names[i]);
      if (a < 0 || seen[a]) {
        throw new IOException(
            "column '"
                + names[i]
                + "' is "
                + (a < 0 ? "not an attribute of " : "twice in ")
                + type.name());
      }
      seen[a] = true;
      targets[i] = a;
      AttributeType at = type.attributes().get(a).type();
      requireType(i, holds(at, c.type()), at.name().toLowerCase(java.util.Locale.ROOT));
    }
    if (!id) {
      throw new IOException("no '" + FlatGeobufCodec.ID_COLUMN + "' column for the feature ids");
    }
  }

  private void requireType(int column, boolean ok, String attribute) throws IOException {
    if (!ok) {
      throw new IOException(
          "column '"
              + names[column]
              + "' is of type "
              + ColumnType.name(columnTypes[column])
              + ", which a "
              + attribute
              + " value is not read from");
    }
  }

  private static boolean holds(AttributeType attribute, int column) {
    return switch (attribute) {
      case STRING -> column == ColumnType.String;
      case BOOLEAN -> column == ColumnType.Bool;
      case INT, LONG -> integer(column);
    };
  }

  private static boolean integer(int column) {
    return column == ColumnType.Byte
        || column == ColumnType.UByte
        || column == ColumnType.Short
        || column == ColumnType.UShort
        || column == ColumnType.Int
        || column == ColumnType.UInt
        || column == ColumnType.Long;
  }

  Values read(ByteBuffer properties) throws IOException {
    ByteBuffer p = properties.order(ByteOrder.LITTLE_ENDIAN);
    Object[] values = new Object[type.attributes().size()];
    boolean[] seen = new boolean[names.length];
    String id = null;
    int column = -1;
    try {
      while (p.hasRemaining()) {
        column = p.getShort() & 0xFFFF;
        if (column >= names.length) {
          throw new IOException(
              "a property of column " + column + "; the header has " + names.length);
        }
        if (seen[column]) {
          throw new IOException("column '" + names[column] + "' twice in one feature");
        }
        seen[column] = true;
        Object value = value(column, p);
        if (targets[column] == ID) {
          id = (String) value;
        } else {
          values[targets[column]] = value;
        }
      }
    } catch (BufferUnderflowException e) {
      throw new IOException(
          "properties cut inside " + (column < 0 ? "a key" : "column '" + names[column] + "'"));
    }
    if (id == null) {
      throw new IOException("a feature without an id");
    }
    return new Values(id, values);
  }

  private Object value(int column, ByteBuffer p) throws IOException {
    int t = columnTypes[column];
    if (t == ColumnType.String) {
      long length = p.getInt() & 0xFFFFFFFFL;
      if (length > p.remaining()) {
        throw new IOException(
            "column '"
                + names[column]
                + "': "
                + length
                + " bytes of text, "
                + p.remaining()
                + " left");
      }
      ByteBuffer text = p.slice().limit((int) length);
      p.position(p.position() + (int) length);
      try {
        return StandardCharsets.UTF_8.newDecoder().decode(text).toString();
      } catch (CharacterCodingException e) {
        throw new IOException("column '" + names[column] + "': malformed UTF-8", e);
      }
    }
    if (t == ColumnType.Bool) {
      byte b = p.get();
      if (b != 0 && b != 1) {
        throw new IOException("column '" + names[column] + "': Bool " + b);
      }
      return b == 1;
    }
    long v =
        switch (t) {
          case ColumnType.Byte -> p.get();
          case ColumnType.UByte -> p.get() & 0xFF;
          case ColumnType.Short -> p.getShort();
          case ColumnType.UShort -> p.getShort() & 0xFFFF;
          case ColumnType.Int -> p.getInt();
          case ColumnType.UInt -> p.getInt() & 0xFFFFFFFFL;
          default -> p.getLong();
        };
    Attribute a = type.attributes().get(targets[column]);
    if (a.type() == AttributeType.LONG) {
      return v;
    }
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw new IOException("column '" + names[column] + "': " + v + " does not fit an int");
    }
    return (int) v;
  }
}
