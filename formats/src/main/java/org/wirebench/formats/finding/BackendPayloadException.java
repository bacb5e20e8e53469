package org.wirebench.formats.finding;

/**
 * A backend answer the gateway cannot use: not the format it claims, truncated, a SOAP fault, a
 * DOCTYPE. The message names the cause in one line and is safe to show a client.
 */
public final class BackendPayloadException extends Exception {
  public BackendPayloadException(String message) {
    super(message);
  }

  public BackendPayloadException(String message, Throwable cause) {
    super(message, cause);
  }
}
