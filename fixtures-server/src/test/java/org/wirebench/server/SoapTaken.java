package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.jetty.http.HttpTester;

/**
 * What every 415 under {@code /services/} must say was taken (RFC 9110 §15.5.16): an {@code Accept}
 * header naming SOAP 1.1's media type, and, when the charset or the body's encoding was refused, a
 * fault naming the charsets taken.
 */
final class SoapTaken {
  private SoapTaken() {}

  /** The charsets taken, as every 415 for a charset or an encoding names them. */
  static final String CHARSETS = "takes only UTF-8, or UTF-16 with its byte order mark";

  /** A 415 whose {@code Accept} names text/xml, the one media type the services read. */
  static void assertAccept(HttpTester.Response r) {
    assertEquals(415, r.getStatus(), r + r.getContent());
    assertEquals("text/xml", r.get("Accept"), r + r.getContent());
  }

  /** {@link #assertAccept}, and a fault naming the charsets taken. */
  static void assertAcceptAndCharsets(HttpTester.Response r) {
    assertAccept(r);
    assertTrue(r.getContent().contains(CHARSETS), r.getContent());
  }
}
