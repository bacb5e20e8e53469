package org.wirebench.formats.finding;

/**
 * Every FindingService response starts with {@code ack}. Protobuf reads an empty body, or one cut
 * before the first field, as a valid empty message; requiring the ack is what tells them apart.
 */
final class Ack {
  private Ack() {}

  static void check(String format, String ack) throws BackendPayloadException {
    if (ack == null || ack.isEmpty()) {
      throw new BackendPayloadException(
          "the " + format + " backend's answer has no ack: not a FindingService response");
    }
  }
}
