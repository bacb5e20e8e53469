package org.wirebench.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The hand-written schema check ({@link PayloadCheck}) held to the JDK's validator ({@link
 * PayloadSchema}) on one body: the whole envelope check run with each, on the paths that carry NaN,
 * the infinities and -2147483648 and on Axis2-ADB's, must take the body or refuse it alike, with
 * the same status and fault code (the messages differ).
 */
public final class PayloadAgreement {
  private PayloadAgreement() {}

  /** "taken", or the refusal's status and fault code, with the message after a tab. */
  static String outcome(byte[] body, boolean carriesSentinels, EnvelopeCheck.Payload check) {
    try {
      EnvelopeCheck.check(body, null, carriesSentinels, check);
      return "taken";
    } catch (EnvelopeCheck.Refused e) {
      return e.status + " " + e.code + "\t" + e.getMessage();
    }
  }

  /** Null when both checks agree on {@code utf8}, else both outcomes and the body. */
  static String disagreement(byte[] utf8) {
    for (boolean sentinels : new boolean[] {true, false}) {
      String oracle = outcome(utf8, sentinels, PayloadSchema::validate);
      String hand = outcome(utf8, sentinels, PayloadCheck::validate);
      if (!oracle.split("\t")[0].equals(hand.split("\t")[0])) {
        return (sentinels ? "" : "[axis2-adb] ")
            + "JDK: "
            + oracle
            + "\n  hand-written: "
            + hand
            + "\n  body: "
            + new String(utf8, StandardCharsets.UTF_8);
      }
    }
    return null;
  }

  /**
   * Fails unless both checks agree on the body of {@code rawRequest}, a POST under /services/ as a
   * test sends it (other requests, chunked ones and bodies refused before the envelope is read are
   * passed over).
   */
  public static void assertAgree(byte[] rawRequest) {
    int end = indexOf(rawRequest, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    if (end < 0) {
      return;
    }
    String head = new String(rawRequest, 0, end, StandardCharsets.ISO_8859_1);
    if (!head.startsWith("POST /services/") || head.toLowerCase().contains("chunked")) {
      return;
    }
    BodyEncoding.Read read =
        BodyEncoding.read(Arrays.copyOfRange(rawRequest, end + 4, rawRequest.length), null);
    if (read.refusal() == null) {
      assertEquals(null, disagreement(read.utf8()));
    }
  }

  private static int indexOf(byte[] bytes, byte[] part) {
    outer:
    for (int i = 0; i + part.length <= bytes.length; i++) {
      for (int j = 0; j < part.length; j++) {
        if (bytes[i + j] != part[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
