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

  /**
   * The gateway's JSON for a backend answer, written to {@code out}: the same bytes as {@link
   * GatewayJson#write} of {@link #decode}, which is what this default does. A format may write as
   * it reads instead; if it then finds it cannot finish, it calls {@code restart} (which must drop
   * everything written to {@code out}) and writes again from the view.
   *
   * @throws BackendPayloadException as {@link #decode} does; what {@code out} holds then is no
   *     answer and must not be sent
   */
  default void writeGatewayJson(
      byte[] body, int offset, int length, java.io.OutputStream out, Runnable restart)
      throws BackendPayloadException, java.io.IOException {
    GatewayJson.write(decode(body, offset, length), out);
  }

  default GatewayView decode(byte[] body) throws BackendPayloadException {
    return decode(body, 0, body.length);
  }
}
