package org.wirebench.server.load;

import java.net.ConnectException;
import java.util.concurrent.TimeoutException;
import org.wirebench.server.http.ContentCoding;

/**
 * What an answer or a failure of the load driver's requests means: the body decoded in the plan's
 * content coding (or why it cannot be), a failure in one plain line.
 */
final class Answers {
  private Answers() {}

  /** A body decoded from the wire: its bytes when asked for, its length, or what was wrong. */
  record Decoded(byte[] body, long length, String problem) {}

  /**
   * The answer's body decoded, if it has the expected status: an answer in another coding than the
   * one asked for, or whose coded body does not decode, is a validation error (never counted at the
   * wrong size); answers with another status are the status check's.
   */
  static Decoded decoded(
      LoadPlan plan, int status, String contentEncoding, long wire, byte[] body, boolean keep) {
    if (status != plan.expectStatus) {
      return new Decoded(body, wire, null);
    }
    String coding = CodedBodies.codingProblem(plan.encoding, contentEncoding);
    if (coding != null) {
      return new Decoded(null, wire, coding);
    }
    if (plan.encoding == ContentCoding.IDENTITY) {
      return new Decoded(body, wire, null);
    }
    try {
      if (keep) {
        byte[] decoded = CodedBodies.decode(plan.encoding, body);
        return new Decoded(decoded, decoded.length, null);
      }
      return new Decoded(null, CodedBodies.decodedLength(plan.encoding, body), null);
    } catch (java.io.IOException e) {
      return new Decoded(null, wire, e.getMessage());
    }
  }

  /** One plain line: what failed and where, without the client's object dump. */
  static String describe(LoadPlan plan, Throwable f) {
    if (f instanceof TimeoutException) {
      return "no answer within " + plan.timeout.toMillis() + " ms";
    }
    Throwable root = f;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String where = plan.target.getHost() + ":" + TargetUrls.port(plan.target);
    if (root instanceof ConnectException) {
      return "connection refused by " + where;
    }
    String msg = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    msg = msg.lines().findFirst().orElse("").trim();
    if (msg.length() > 160) {
      msg = msg.substring(0, 157) + "...";
    }
    return "request to " + where + " failed: " + msg;
  }
}
