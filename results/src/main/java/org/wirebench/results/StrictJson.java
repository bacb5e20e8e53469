package org.wirebench.results;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

/** The one JSON configuration of wirebench's reading. */
public final class StrictJson {
  private StrictJson() {}

  /**
   * How every file of a results folder is read (and written), and every JSON wirebench reads back
   * from its own processes, so that nothing read is taken on trust:
   *
   * <ul>
   *   <li>unknown fields fail: within a known format version, a field we do not know means the file
   *       is not what its version says (a renamed field must never read as zero);
   *   <li>a key given twice fails (Jackson keeps the last one: an edit could flip a figure while
   *       the first value stays in sight);
   *   <li>anything after the JSON value fails (a second object or garbage would go unread);
   *   <li>a value of the wrong type fails instead of being converted: 2.7 or "2" for a count,
   *       "true" or 1 for a flag, "0.99" for a fraction, 12 for a name; a missing or null number
   *       fails instead of reading as 0. "NaN", which Jackson writes for a double it has no value
   *       of, still reads as NaN.
   * </ul>
   */
  public static ObjectMapper mapper() {
    return build(false);
  }

  /** As {@link #mapper()}, writing indented: the run files. */
  static ObjectMapper indented() {
    return build(true);
  }

  private static ObjectMapper build(boolean indent) {
    JsonMapper m =
        JsonMapper.builder()
            .configure(SerializationFeature.INDENT_OUTPUT, indent)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();
    for (LogicalType t : new LogicalType[] {LogicalType.Integer, LogicalType.Float}) {
      m.coercionConfigFor(t)
          .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    }
    m.coercionConfigFor(LogicalType.Integer)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
    m.coercionConfigFor(LogicalType.Boolean)
        .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
    m.coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    for (LogicalType t :
        new LogicalType[] {
          LogicalType.POJO, LogicalType.Collection, LogicalType.Map, LogicalType.Array
        }) {
      m.coercionConfigFor(t)
          .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    }
    return m;
  }
}
