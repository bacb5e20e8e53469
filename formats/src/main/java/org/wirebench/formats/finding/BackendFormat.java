package org.wirebench.formats.finding;

/**
 * One wire format a FindingService backend can answer in. Registered in {@code
 * META-INF/services/org.wirebench.formats.finding.BackendFormat}: a new format gets the round-trip
 * tests, the {@code finding} command, the JMH benchmark and a path through the gateway.
 */
public interface BackendFormat {
  /** The name in URLs, {@code @Param} lists and reports: {@code xml}, {@code protobuf}, … */
  String name();

  /** What the mock backend sends as {@code Content-Type} (the study's values where it had one). */
  String contentType();

  /** The backend's bytes for {@code response}; deterministic. */
  byte[] encode(FindingResponse response);

  /**
   * Reads a backend answer and keeps what the gateway projects.
   *
   * @throws BackendPayloadException naming what is wrong with the bytes; never anything else for
   *     bad input
   */
  GatewayView decode(byte[] body, int offset, int length) throws BackendPayloadException;

  default GatewayView decode(byte[] body) throws BackendPayloadException {
    return decode(body, 0, body.length);
  }
}
