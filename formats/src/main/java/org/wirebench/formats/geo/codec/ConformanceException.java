package org.wirebench.formats.geo.codec;

/** A codec whose output does not decode to what it was given. */
public final class ConformanceException extends RuntimeException {
  public ConformanceException(String message) {
    super(message);
  }
}
