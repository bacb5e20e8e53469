package org.wirebench.server.load;

/**
 * What counts as a correct answer: the expected status, and the content type and length of the
 * first good response (lengths may vary by {@code lengthTolerance}, e.g. a WFS time stamp). A
 * response that fails counts as an error, never as a fast success.
 */
final class ResponseCheck {
  private final int status;
  private final double lengthTolerance;
  private volatile String contentType;
  private volatile long length = -1;

  ResponseCheck(int status, double lengthTolerance) {
    this.status = status;
    this.lengthTolerance = lengthTolerance;
  }

  /** Null when the response is good, else the kind of error ("status" or "validation"). */
  String check(int actualStatus, String actualType, long actualLength) {
    if (actualStatus != status) {
      return "status";
    }
    if (length < 0) {
      synchronized (this) {
        if (length < 0) {
          contentType = actualType;
          length = actualLength;
          return null;
        }
      }
    }
    boolean typeOk = contentType == null ? actualType == null : contentType.equals(actualType);
    boolean lengthOk = Math.abs(actualLength - length) <= lengthTolerance * length;
    return typeOk && lengthOk ? null : "validation";
  }
}
