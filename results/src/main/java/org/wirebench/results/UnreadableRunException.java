package org.wirebench.results;

import java.io.IOException;

/**
 * A results file or folder that cannot be read as what it claims to be (missing, not JSON, a newer
 * or unknown format, a field that does not fit): the command could not run on it, which the command
 * line reports with exit code 2, unlike a failure while running (1).
 */
public final class UnreadableRunException extends IOException {
  public UnreadableRunException(String message) {
    super(message);
  }

  public UnreadableRunException(String message, Throwable cause) {
    super(message, cause);
  }
}
