package org.wirebench.formats.geo.schema;

/** A codec's output that its schema rejects: never timed, never served. */
public final class InvalidDocumentException extends RuntimeException {
  public InvalidDocumentException(String message, Throwable cause) {
    super(message, cause);
  }
}
