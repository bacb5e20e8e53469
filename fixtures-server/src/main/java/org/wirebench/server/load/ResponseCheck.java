package org.wirebench.server.load;

import java.util.concurrent.atomic.AtomicLongArray;
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
  // one expected length a target: rotating targets answer with different bodies; -1 until learnt
  private final AtomicLongArray lengths;

  ResponseCheck(int status, double lengthTolerance, int targets) {
    this.status = status;
    this.lengthTolerance = lengthTolerance;
    this.lengths = new AtomicLongArray(targets);
    for (int i = 0; i < targets; i++) {
      lengths.set(i, -1);
    }
  }

  /**
   * Null when the response to target {@code index} is good, else the kind of error (status or
   * validation). Lock-free once the type and the target's length are learnt: every answer of a run
   * passes here, on the driver's selector threads.
   */
  ErrorKind check(int index, int actualStatus, String actualType, long actualLength) {
    if (actualStatus != status) {
      return ErrorKind.STATUS;
    }
    if (!typeKnown) {
      synchronized (this) {
        if (!typeKnown) {
          contentType = actualType;
          typeKnown = true;
        }
      }
    }
    long length = lengths.get(index);
    if (length < 0) {
      lengths.compareAndSet(index, -1, actualLength);
      length = lengths.get(index);
    }
    String type = contentType;
    boolean typeOk = type == null ? actualType == null : type.equals(actualType);
    boolean lengthOk = Math.abs(actualLength - length) <= lengthTolerance * length;
    return typeOk && lengthOk ? null : ErrorKind.VALIDATION;
  }
}
