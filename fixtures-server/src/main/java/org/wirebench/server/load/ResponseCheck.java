package org.wirebench.server.load;

import org.wirebench.results.ErrorKind;

/**
 * What counts as a correct answer: the expected status, and the content type and length of the
 * first good response (lengths may vary by {@code lengthTolerance}, e.g. a WFS time stamp). A
 * response that fails counts as an error, never as a fast success.
 */
final class ResponseCheck {
  private final int status;
  private final double lengthTolerance;
  private volatile String contentType;
  private volatile boolean typeKnown;
  // one expected length a target: rotating targets answer with different bodies
  private final long[] lengths;

  ResponseCheck(int status, double lengthTolerance, int targets) {
    this.status = status;
    this.lengthTolerance = lengthTolerance;
    this.lengths = new long[targets];
    java.util.Arrays.fill(lengths, -1);
  }

  /**
   * Null when the response to target {@code index} is good, else the kind of error (status or
   * validation).
   */
  ErrorKind check(int index, int actualStatus, String actualType, long actualLength) {
    if (actualStatus != status) {
      return ErrorKind.STATUS;
    }
    long length;
    synchronized (this) {
      if (!typeKnown) {
        typeKnown = true;
        contentType = actualType;
      }
      if (lengths[index] < 0) {
        lengths[index] = actualLength;
      }
      length = lengths[index];
    }
    boolean typeOk = contentType == null ? actualType == null : contentType.equals(actualType);
    boolean lengthOk = Math.abs(actualLength - length) <= lengthTolerance * length;
    return typeOk && lengthOk ? null : ErrorKind.VALIDATION;
  }
}
