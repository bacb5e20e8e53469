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
    Map<Integer, UnknownFieldSet.Field> fields = message.getUnknownFields().asMap();
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

  /**
   * {@link #check(Message, String)} for {@code searchResult.item[item]} and its {@code part}; the
   * place is spelled out only for the error, not for each of the items that have none.
   */
  static void check(Message message, int item, String part) throws BackendPayloadException {
    if (!message.getUnknownFields().asMap().isEmpty()) {
      check(message, "searchResult.item[" + item + "]" + part);
    }
  }
}
