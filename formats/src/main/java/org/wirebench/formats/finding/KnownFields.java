package org.wirebench.formats.finding;

import com.google.protobuf.Message;
import com.google.protobuf.UnknownFieldSet;
import java.util.Map;

/**
 * Protobuf keeps the fields of a message it does not know as unknown fields and gives every field
 * it does not see its default: a message written with another {@code .proto} (the ql.io study's
 * own, 27 KB and 50 items) parses as an empty answer with {@code count} 0. Any unknown field means
 * the backend speaks another schema, and is refused with the field's number and where it was.
 */
final class KnownFields {
  private KnownFields() {}

  /**
   * @param where the message's place in the answer, e.g. {@code searchResult.item[3]}
   */
  static void check(Message message, String where) throws BackendPayloadException {
    UnknownFieldSet unknown = message.getUnknownFields();
    Map<Integer, UnknownFieldSet.Field> fields = unknown.asMap();
    if (!fields.isEmpty()) {
      throw new BackendPayloadException(
          "the protobuf backend's answer has field"
              + (fields.size() == 1 ? " " : "s ")
              + fields.keySet()
              + " in "
              + where
              + " that this gateway's finding.proto does not define: written with another schema");
    }
  }
}
